import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * The ledger's invariants (ARCHITECTURE §4; docs/database.md "Ledger"), checked against the whole
 * database: run it after every ledger test file (and after model runs). Returns the violations found,
 * so a failing test prints what is wrong instead of a bare `false`.
 */
export async function ledgerViolations(db: Kysely<Database>): Promise<string[]> {
  const violations: string[] = [];

  const perCurrency = await sql<{ currency: string; total: string }>`
    select a.currency, sum(p.amount_minor)::text as total
    from journal_postings p join ledger_accounts a on a.id = p.account_id
    group by a.currency having sum(p.amount_minor) <> 0`.execute(db);
  for (const row of perCurrency.rows)
    violations.push(`postings in ${row.currency} sum to ${row.total}, not 0`);

  const perEntry = await sql<{ entry_id: string; total: string; lines: string }>`
    select e.id::text as entry_id, coalesce(sum(p.amount_minor), 0)::text as total, count(p.id)::text as lines
    from journal_entries e left join journal_postings p on p.entry_id = e.id
    group by e.id having coalesce(sum(p.amount_minor), 0) <> 0 or count(p.id) < 2`.execute(db);
  for (const row of perEntry.rows) {
    violations.push(`entry ${row.entry_id} has ${row.lines} postings summing to ${row.total}`);
  }

  const balances = await sql<{ id: string; cached: string; posted: string }>`
    select a.id::text as id, a.balance_minor::text as cached, coalesce(sum(p.amount_minor), 0)::text as posted
    from ledger_accounts a left join journal_postings p on p.account_id = a.id
    group by a.id having a.balance_minor <> coalesce(sum(p.amount_minor), 0)`.execute(db);
  for (const row of balances.rows) {
    violations.push(`account ${row.id}: cached balance ${row.cached} but postings sum to ${row.posted}`);
  }

  const lastAfter = await sql<{ id: string; cached: string; after: string }>`
    select a.id::text as id, a.balance_minor::text as cached, p.balance_after_minor::text as after
    from ledger_accounts a
    join lateral (select balance_after_minor from journal_postings where account_id = a.id order by id desc limit 1) p on true
    where p.balance_after_minor <> a.balance_minor`.execute(db);
  for (const row of lastAfter.rows) {
    violations.push(`account ${row.id}: balance ${row.cached} but its last posting says ${row.after} after`);
  }

  const held = await sql<{ id: string; cached: string; reserved: string }>`
    select a.id::text as id, a.held_minor::text as cached,
      coalesce(sum(h.amount_minor) filter (where h.status = 'reserved'), 0)::text as reserved
    from ledger_accounts a left join holds h on h.account_id = a.id
    group by a.id having a.held_minor <> coalesce(sum(h.amount_minor) filter (where h.status = 'reserved'), 0)`.execute(
    db,
  );
  for (const row of held.rows) {
    violations.push(`account ${row.id}: held ${row.cached} but reserved holds sum to ${row.reserved}`);
  }

  const negative = await sql<{ id: string; balance: string; held: string }>`
    select id::text as id, balance_minor::text as balance, held_minor::text as held from ledger_accounts
    where kind in ('member_main', 'member_vendor') and (balance_minor < 0 or balance_minor - held_minor < 0)`.execute(
    db,
  );
  for (const row of negative.rows) {
    violations.push(`member account ${row.id}: balance ${row.balance}, held ${row.held}`);
  }

  // A system posting outside slot 0 is in its entry's slot: the smallest member account id mod 32
  // (migration 0017), so a retried or reversed entry always lands on the rows of the first one.
  const slots = await sql<{ posting: string; slot: number; expected: number }>`
    select p.id::text as posting, a.pool_slot as slot, (min(m.id) % 32)::int as expected
    from journal_postings p
    join ledger_accounts a on a.id = p.account_id and a.member_id is null and a.pool_slot <> 0
    left join journal_postings q on q.entry_id = p.entry_id
    left join ledger_accounts m on m.id = q.account_id and m.member_id is not null
    group by p.id, a.pool_slot
    having min(m.id) is null or a.pool_slot <> min(m.id) % 32`.execute(db);
  for (const row of slots.rows) {
    violations.push(`posting ${row.posting}: in pool slot ${row.slot}, its entry's slot is ${row.expected}`);
  }

  return violations;
}

/** Throws with every violation when the ledger is inconsistent. */
export async function assertLedgerInvariants(db: Kysely<Database>): Promise<void> {
  const violations = await ledgerViolations(db);
  if (violations.length > 0) throw new Error(`ledger invariants violated:\n${violations.join('\n')}`);
}
