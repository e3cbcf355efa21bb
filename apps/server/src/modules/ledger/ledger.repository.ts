import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  type HoldRow,
  type JournalEntryRow,
  type JournalPostingRow,
  type LedgerAccountRow,
  MEMBER_ACCOUNT_KINDS,
  NON_NEGATIVE_ACCOUNT_KINDS,
  type SystemAccountKind,
} from '../../db/tables/ledger.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** The NOTIFY channel that carries the id of a member whose wallet changed (docs/wallet-contract.md). */
export const BALANCE_CHANNEL = 'lotus_balance';

export type NewEntry = {
  brandId: bigint;
  kind: string;
  idempotencyKey: string;
  requestHash: string;
  reversesEntryId: bigint | null;
  memo: string | null;
  createdBy: string;
};

/** Where a posting goes: an account by id, or the brand's system account of a kind (a slot of its pool). */
export type PostingTarget = { accountId: bigint } | { system: SystemAccountKind };

/** What an entry moves, for `postEntry`. */
export type EntryPostings = {
  postings: readonly (PostingTarget & { amountMinor: bigint })[];
  /** Held amount released from an account together with its posting (settling a hold). */
  releaseHeld: { accountId: bigint; amountMinor: bigint } | null;
  /** The reserved hold this entry posts: marked posted with the entry, or the entry is refused. */
  settleHoldId: bigint | null;
};

type PostEntryRow = {
  o_outcome: PostEntryRefusal | 'posted';
  o_entry_id: bigint | null;
  o_created_at: Date | null;
  o_account_id: bigint | null;
  o_balance_after_minor: bigint | null;
};

export type PostEntryRefusal =
  | 'replay'
  | 'unknown_account'
  | 'other_brand'
  | 'mixed_currency'
  | 'hold_not_reserved'
  | 'insufficient_funds';

export type PostEntryResult =
  | { outcome: PostEntryRefusal }
  | {
      outcome: 'posted';
      entryId: bigint;
      createdAt: Date;
      postings: { account_id: bigint; amount_minor: bigint; balance_after_minor: bigint }[];
    };

/**
 * A PostgreSQL array literal (one text parameter, the same way on pg and PGlite) of int8 values or system
 * kinds, which are plain lowercase words (SYSTEM_ACCOUNT_KINDS), so nothing needs quoting; null is NULL.
 */
function arrayLiteral(values: readonly (bigint | SystemAccountKind | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
}

/**
 * The three parallel arrays `ledger_post_entry` takes for an entry's postings (account ids, system kinds,
 * amounts), as one SQL fragment: the ledger's own call and a caller's function that posts through it
 * (migration 0021's `vendor_call_apply`) pass postings the same way.
 */
export function postingArrays(postings: readonly (PostingTarget & { amountMinor: bigint })[]) {
  return sql`${arrayLiteral(postings.map((posting) => ('accountId' in posting ? posting.accountId : null)))}::int8[],
    ${arrayLiteral(postings.map((posting) => ('system' in posting ? posting.system : null)))}::text[],
    ${arrayLiteral(postings.map((posting) => posting.amountMinor))}::int8[]`;
}

export type NewHold = {
  brandId: bigint;
  accountId: bigint;
  amountMinor: bigint;
  idempotencyKey: string;
  requestHash: string;
  memo: string | null;
};

/**
 * SQL of the ledger (docs/database.md "Ledger"). Reads run on any executor; every write needs a
 * transaction-bound instance (db/unit-of-work.ts), so a balance never moves outside its entry's transaction.
 */
export class LedgerRepository<E extends Executor = Executor> extends Repository<E> {
  /**
   * A row of the brand's entries or holds by id or idempotency key (both unique per brand). The casts only
   * tell Kysely what `T` already says: it cannot narrow a query over a generic table name on its own.
   */
  #findOfBrand<T extends 'journal_entries' | 'holds'>(
    table: T,
    brandId: bigint,
    by: { id: bigint } | { idempotencyKey: string },
  ): Promise<Selectable<Database[T]> | undefined> {
    const query = this.db
      .selectFrom(table as 'journal_entries' | 'holds')
      .selectAll()
      .where('brand_id', '=', brandId);
    return (
      'id' in by ? query.where('id', '=', by.id) : query.where('idempotency_key', '=', by.idempotencyKey)
    ).executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
  }

  findEntryByKey(brandId: bigint, idempotencyKey: string): Promise<JournalEntryRow | undefined> {
    return this.#findOfBrand('journal_entries', brandId, { idempotencyKey });
  }

  findEntry(brandId: bigint, id: bigint): Promise<JournalEntryRow | undefined> {
    return this.#findOfBrand('journal_entries', brandId, { id });
  }

  findReversalOf(entryId: bigint): Promise<JournalEntryRow | undefined> {
    return this.db
      .selectFrom('journal_entries')
      .selectAll()
      .where('reverses_entry_id', '=', entryId)
      .executeTakeFirst();
  }

  /**
   * Writes one entry with its postings and balances in one statement (`ledger_post_entry`, migration 0017):
   * the accounts checked, the entry inserted, the hold settled, each balance moved under its guard in the
   * global lock order, the postings inserted. A refusal comes back as its outcome with nothing more written
   * by the function; rows it wrote before refusing are in the caller's transaction, which must roll back.
   * On PostgreSQL an insert racing an uncommitted entry with the same key waits for it, so concurrent
   * requests with one key are serialised: the loser gets `replay` once the winner commits (or inserts, if
   * the winner rolled back).
   */
  async postEntry(this: LedgerRepository<Tx>, entry: NewEntry & EntryPostings): Promise<PostEntryResult> {
    const rows = (
      await sql<PostEntryRow>`select * from ledger_post_entry(
        ${String(entry.brandId)}::int8, ${entry.kind}::text, ${entry.idempotencyKey}::text,
        ${entry.requestHash}::text, ${entry.reversesEntryId === null ? null : String(entry.reversesEntryId)}::int8,
        ${entry.memo}::text, ${entry.createdBy}::text, ${postingArrays(entry.postings)},
        ${entry.releaseHeld ? String(entry.releaseHeld.accountId) : null}::int8,
        ${entry.releaseHeld ? String(entry.releaseHeld.amountMinor) : null}::int8,
        ${entry.settleHoldId === null ? null : String(entry.settleHoldId)}::int8
      )`.execute(this.db)
    ).rows;
    const first = rows[0];
    if (!first) throw new Error('ledger_post_entry answered no row');
    if (first.o_outcome !== 'posted') return { outcome: first.o_outcome };
    return {
      outcome: 'posted',
      entryId: first.o_entry_id as bigint,
      createdAt: first.o_created_at as Date,
      postings: rows.map((row, index) => ({
        account_id: row.o_account_id as bigint,
        amount_minor: entry.postings[index]?.amountMinor ?? 0n,
        balance_after_minor: row.o_balance_after_minor as bigint,
      })),
    };
  }

  postingsOf(entryId: bigint): Promise<JournalPostingRow[]> {
    return this.db
      .selectFrom('journal_postings')
      .selectAll()
      .where('entry_id', '=', entryId)
      .orderBy('id')
      .execute();
  }

  findAccount(id: bigint): Promise<LedgerAccountRow | undefined> {
    return this.db.selectFrom('ledger_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Adds `deltaMinor` to the balance and takes `releaseHeldMinor` off the held amount in one conditional
   * statement. For member accounts the WHERE keeps `balance - held >= 0`: when a concurrent debit got
   * there first, PostgreSQL re-checks the condition on the new row and this update matches nothing
   * instead of overdrawing. Returns the balance after, or null when the condition refused it.
   */
  async applyToAccount(
    this: LedgerRepository<Tx>,
    accountId: bigint,
    deltaMinor: bigint,
    releaseHeldMinor: bigint,
  ): Promise<bigint | null> {
    const delta = String(deltaMinor);
    const release = String(releaseHeldMinor);
    const row = await this.db
      .updateTable('ledger_accounts')
      .set({
        balance_minor: sql<bigint>`balance_minor + ${delta}::int8`,
        held_minor: sql<bigint>`held_minor - ${release}::int8`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', accountId)
      .where(sql<boolean>`held_minor - ${release}::int8 >= 0`)
      .where((eb) =>
        eb.or([
          eb('kind', 'not in', NON_NEGATIVE_ACCOUNT_KINDS),
          eb(sql`balance_minor + ${delta}::int8 - (held_minor - ${release}::int8)`, '>=', 0),
        ]),
      )
      .returning(['balance_minor', 'member_id'])
      .executeTakeFirst();
    if (!row) return null;
    await this.#notifyBalance(row.member_id);
    return row.balance_minor;
  }

  /**
   * Tells every server process that a member's wallet moved (the realtime module pushes the new balance).
   * NOTIFY inside the transaction leaves only on commit, so a rolled-back change announces nothing, and
   * PostgreSQL folds repeats of one member within a transaction into one message.
   */
  async #notifyBalance(memberId: bigint | null): Promise<void> {
    if (memberId === null) return;
    await sql`select pg_notify(${BALANCE_CHANNEL}, ${memberId.toString()})`.execute(this.db);
  }

  /** Holds `amountMinor` of a member account if that much is available (same guard as `applyToAccount`). */
  async holdOnAccount(this: LedgerRepository<Tx>, accountId: bigint, amountMinor: bigint): Promise<boolean> {
    const amount = String(amountMinor);
    const row = await this.db
      .updateTable('ledger_accounts')
      .set({ held_minor: sql<bigint>`held_minor + ${amount}::int8`, updated_at: sql<Date>`now()` })
      .where('id', '=', accountId)
      .where('kind', 'in', MEMBER_ACCOUNT_KINDS)
      .where(sql<boolean>`balance_minor - held_minor >= ${amount}::int8`)
      .returning(['id', 'member_id'])
      .executeTakeFirst();
    if (!row) return false;
    await this.#notifyBalance(row.member_id);
    return true;
  }

  /** The member's main account in the brand's currency, created on first use. */
  async ensureMemberMainAccount(
    this: LedgerRepository<Tx>,
    memberId: bigint,
  ): Promise<LedgerAccountRow | undefined> {
    const existing = await this.findMemberMainAccount(memberId);
    if (existing) return existing;
    await this.db
      .insertInto('ledger_accounts')
      .columns(['brand_id', 'kind', 'member_id', 'currency'])
      .expression((eb) =>
        eb
          .selectFrom('members')
          .innerJoin('brands', 'brands.id', 'members.brand_id')
          .select([
            'members.brand_id',
            sql<'member_main'>`'member_main'`.as('kind'),
            'members.id',
            'brands.currency',
          ])
          .where('members.id', '=', memberId),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return this.findMemberMainAccount(memberId);
  }

  /** The member's main account in the brand's currency, if it exists yet. */
  async findMemberMainAccount(memberId: bigint): Promise<LedgerAccountRow | undefined> {
    return this.db
      .selectFrom('ledger_accounts')
      .innerJoin('brands', 'brands.id', 'ledger_accounts.brand_id')
      .selectAll('ledger_accounts')
      .where('ledger_accounts.member_id', '=', memberId)
      .where('ledger_accounts.kind', '=', 'member_main')
      .whereRef('ledger_accounts.currency', '=', 'brands.currency')
      .executeTakeFirst();
  }

  /**
   * Slot 0 of the brand's system account of `kind` in the brand's currency, created on first use: one
   * concrete row for tests and tools. Money moves name `{ system: kind }` and land in the entry's slot.
   */
  async ensureSystemAccount(
    this: LedgerRepository<Tx>,
    brandId: bigint,
    kind: SystemAccountKind,
  ): Promise<LedgerAccountRow | undefined> {
    await this.db
      .insertInto('ledger_accounts')
      .columns(['brand_id', 'kind', 'currency'])
      .expression((eb) =>
        eb
          .selectFrom('brands')
          .select(['brands.id', sql<SystemAccountKind>`${kind}::text`.as('kind'), 'brands.currency'])
          .where('brands.id', '=', brandId),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return this.#systemSlots(brandId, kind).where('ledger_accounts.pool_slot', '=', 0).executeTakeFirst();
  }

  /** The balance of the brand's system account of `kind`: the sum of its pool's slots (0 before any). */
  async systemBalance(brandId: bigint, kind: SystemAccountKind): Promise<bigint> {
    const row = await this.#systemSlots(brandId, kind)
      .clearSelect()
      .select(sql<bigint>`coalesce(sum(ledger_accounts.balance_minor), 0)::int8`.as('balance'))
      .executeTakeFirst();
    return row?.balance ?? 0n;
  }

  #systemSlots(brandId: bigint, kind: SystemAccountKind) {
    return this.db
      .selectFrom('ledger_accounts')
      .innerJoin('brands', 'brands.id', 'ledger_accounts.brand_id')
      .selectAll('ledger_accounts')
      .where('ledger_accounts.brand_id', '=', brandId)
      .where('ledger_accounts.kind', '=', kind)
      .where('ledger_accounts.member_id', 'is', null)
      .whereRef('ledger_accounts.currency', '=', 'brands.currency');
  }

  /** Inserts the hold, or returns null when one with the same (brand, key) exists (serialised as entries are). */
  async insertHold(this: LedgerRepository<Tx>, hold: NewHold): Promise<HoldRow | null> {
    const row = await this.db
      .insertInto('holds')
      .values({
        brand_id: hold.brandId,
        account_id: hold.accountId,
        amount_minor: hold.amountMinor,
        idempotency_key: hold.idempotencyKey,
        request_hash: hold.requestHash,
        memo: hold.memo,
      })
      .onConflict((conflict) => conflict.columns(['brand_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  findHoldByKey(brandId: bigint, idempotencyKey: string): Promise<HoldRow | undefined> {
    return this.#findOfBrand('holds', brandId, { idempotencyKey });
  }

  findHold(brandId: bigint, id: bigint): Promise<HoldRow | undefined> {
    return this.#findOfBrand('holds', brandId, { id });
  }

  /**
   * Moves a reserved hold to `posted` or `voided` in one conditional statement, so two settlements of the
   * same hold cannot both win; returns null when the hold was no longer reserved.
   */
  async settleHold(
    this: LedgerRepository<Tx>,
    brandId: bigint,
    id: bigint,
    status: 'posted' | 'voided',
    postedEntryId: bigint | null,
  ): Promise<HoldRow | null> {
    const row = await this.db
      .updateTable('holds')
      .set({ status, posted_entry_id: postedEntryId, settled_at: sql<Date>`now()` })
      .where('brand_id', '=', brandId)
      .where('id', '=', id)
      .where('status', '=', 'reserved')
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }
}
