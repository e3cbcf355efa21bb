// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Raffles from committed seeds (issue 19: red envelope, golden egg, prize wheel; docs/raffles.md).
 *
 * - `raffle_campaigns`: one campaign of a brand, by `code` (also the `vendor_code` of its `campaign` ledger
 *   account, migration 0026). Its `seed` (64 hex characters, made by the server) is stored from creation;
 *   only `seed_hash` is shown until the campaign ends. `status`: draft → running (funded from `bonus`, hash
 *   published) → ended (seed revealed, what is left returned to `bonus`). `prizes` is the weighted prize table
 *   and `rules` the ticket rules (jsonb, checked by the shared zod schema), fixed once the campaign runs.
 * - `raffle_tickets`: one ticket of a member in a campaign. `source_key` is unique per campaign and derived
 *   from what granted it (`deposit:<id>:<n>`, `turnover:<member>:<n>`, `registration:<member>:<n>`,
 *   `operator:<key>:<n>`), so every grant path can run again without granting twice. A claimed ticket keeps
 *   its drawn prize and the ledger entry that paid it; `claimed_at` is set once (a trigger refuses changes).
 */

const KINDS = `('red_envelope', 'golden_egg', 'prize_wheel')`;
const STATUSES = `('draft', 'running', 'ended')`;
const SOURCES = `('deposit', 'turnover', 'registration', 'operator')`;

const upStatements = [
  sql`create table raffle_campaigns (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    code text not null check (code ~ '^[a-z0-9][a-z0-9-]{2,39}$'),
    kind text not null check (kind in ${sql.raw(KINDS)}),
    name_en text not null check (length(name_en) between 1 and 80),
    name_hi text not null check (length(name_hi) between 1 and 80),
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    status text not null default 'draft' check (status in ${sql.raw(STATUSES)}),
    budget_minor bigint not null check (budget_minor > 0),
    currency text not null,
    seed text not null check (seed ~ '^[0-9a-f]{64}$'),
    seed_hash text not null check (seed_hash ~ '^[0-9a-f]{64}$'),
    prizes jsonb not null check (jsonb_typeof(prizes) = 'array'),
    rules jsonb not null check (jsonb_typeof(rules) = 'object'),
    account_id bigint references ledger_accounts (id),
    funding_entry_id bigint references journal_entries (id),
    return_entry_id bigint references journal_entries (id),
    created_by text not null check (length(created_by) between 1 and 64),
    created_at timestamptz not null default now(),
    started_at timestamptz,
    ended_at timestamptz,
    constraint raffle_campaigns_window check (ends_at > starts_at),
    constraint raffle_campaigns_started check ((started_at is not null) = (status <> 'draft')),
    constraint raffle_campaigns_ended check ((ended_at is not null) = (status = 'ended')),
    constraint raffle_campaigns_funded check (status = 'draft' or (account_id is not null and funding_entry_id is not null)),
    unique (brand_id, code)
  )`,
  sql`create index raffle_campaigns_running on raffle_campaigns (brand_id, ends_at) where status = 'running'`,
  sql`create table raffle_tickets (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    campaign_id bigint not null references raffle_campaigns (id) on delete cascade,
    member_id bigint not null references members (id) on delete cascade,
    source text not null check (source in ${sql.raw(SOURCES)}),
    source_key text not null check (length(source_key) between 1 and 160),
    granted_at timestamptz not null default now(),
    claimed_at timestamptz,
    prize_index integer,
    prize_minor bigint check (prize_minor >= 0),
    entry_id bigint references journal_entries (id),
    constraint raffle_tickets_claim check (
      (claimed_at is null) = (prize_index is null) and (claimed_at is null) = (prize_minor is null)),
    unique (campaign_id, source_key)
  )`,
  sql`create index raffle_tickets_unclaimed on raffle_tickets (member_id, campaign_id, id) where claimed_at is null`,
  sql`create index raffle_tickets_claimed on raffle_tickets (member_id, claimed_at desc, id desc) where claimed_at is not null`,
  sql`create index raffle_tickets_campaign_claimed on raffle_tickets (campaign_id, claimed_at desc) where claimed_at is not null`,
  // A drawn ticket is history: its prize, claim time and paying entry never change, whatever the path.
  sql`create function raffle_tickets_claim_once() returns trigger language plpgsql as $$
    begin
      if old.claimed_at is not null then
        raise exception 'raffle ticket % is already claimed', old.id using errcode = '23514';
      end if;
      return new;
    end
  $$`,
  sql`create trigger raffle_tickets_claim_once before update on raffle_tickets
    for each row execute function raffle_tickets_claim_once()`,
];

const downStatements = [
  sql`drop table if exists raffle_tickets`,
  sql`drop function if exists raffle_tickets_claim_once()`,
  sql`drop table if exists raffle_campaigns`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
