// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Agent contracts (issue 18, docs/agent-contracts.md): the dividend and salary contracts between an upline and
 * a direct downline agent, and their settlements.
 *
 * - `agent_contracts`: one row per offer; its life is its `status` (offered → accepted | rejected | withdrawn;
 *   accepted → ended), which the `agent_contracts_transition` trigger enforces whatever the path, together
 *   with terms that never change once offered (an agent who wants other terms gets a new offer). `upline_id`
 *   null: the brand is the upline (a top agent's contract, set by an operator, paid by the brand's
 *   `commission` account). `rate_bps` is the headline rate the chain's monotone rule compares (the highest of
 *   the base rate and the tiers'); at most one accepted contract and one open offer per (downline, kind)
 *   (partial unique indexes). `planned_until`: the settlement planner's watermark — every period that ended
 *   before it has its settlement row; `plan_after`: when the next period to plan is due (null: not looked at
 *   yet), so each pass looks only at contracts with something due, the longest waiting first.
 * - `agent_contract_settlements`: one row per (contract, period start) — the unique key that makes a
 *   settlement run once however often its job runs; the figures of its last run and what was paid.
 * - `agent_contract_payments`: each ledger entry a settlement posted (the payment, then adjusting entries
 *   for a re-run's difference), numbered per settlement; the entry's idempotency key is
 *   `agent-contract:<settlement>:<seq>`, so a crashed run's retry replays instead of paying twice.
 */

const KINDS = `('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')`;
const PERIODS = `('daily', 'weekly', 'semimonthly', 'monthly', 'hourly', 'realtime')`;
const STATUSES = `('offered', 'accepted', 'rejected', 'withdrawn', 'ended')`;
const END_REASONS = `('by_upline', 'by_downline', 'by_operator', 'superseded', 'upline_rate_lowered',
  'upline_contract_ended', 'not_direct_downline')`;

const upStatements = [
  sql`create table agent_contracts (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    kind text not null check (kind in ${sql.raw(KINDS)}),
    upline_id bigint references members (id) on delete restrict,
    downline_id bigint not null references members (id) on delete restrict,
    period text not null check (period in ${sql.raw(PERIODS)}),
    rate_bps integer not null check (rate_bps between 1 and 10000),
    base_rate_bps integer not null check (base_rate_bps between 1 and 10000),
    tiers jsonb not null default '[]' check (jsonb_typeof(tiers) = 'array'),
    status text not null check (status in ${sql.raw(STATUSES)}),
    offered_at timestamptz not null,
    accepted_at timestamptz,
    closed_at timestamptz,
    end_reason text check (end_reason in ${sql.raw(END_REASONS)}),
    created_by text not null check (length(created_by) between 1 and 64),
    planned_until timestamptz,
    plan_after timestamptz,
    constraint agent_contracts_two_parties check (upline_id is distinct from downline_id),
    constraint agent_contracts_headline check (base_rate_bps <= rate_bps),
    constraint agent_contracts_period check (
      case kind when 'dividend' then period in ('daily', 'weekly', 'semimonthly', 'monthly')
                when 'daily_salary' then period = 'daily'
                when 'hourly_salary' then period = 'hourly'
                else period = 'realtime' end),
    constraint agent_contracts_tiers check (kind = 'daily_salary' or tiers = '[]'::jsonb),
    constraint agent_contracts_accepted_at check ((accepted_at is not null) = (status in ('accepted', 'ended'))),
    constraint agent_contracts_closed check (
      (closed_at is not null) = (status in ('rejected', 'withdrawn', 'ended'))
      and (end_reason is not null) = (closed_at is not null)),
    constraint agent_contracts_brand_upline check (upline_id is not null or status in ('accepted', 'ended'))
  )`,
  sql`create unique index agent_contracts_one_accepted on agent_contracts (downline_id, kind) where status = 'accepted'`,
  sql`create unique index agent_contracts_one_offer on agent_contracts (downline_id, kind) where status = 'offered'`,
  sql`create index agent_contracts_upline on agent_contracts (upline_id, kind) where status in ('offered', 'accepted')`,
  sql`create index agent_contracts_downline on agent_contracts (downline_id, kind, id desc)`,
  sql`create index agent_contracts_brand on agent_contracts (brand_id, id desc)`,
  // The settlement planner's scan: contracts that may still have periods to settle.
  sql`create index agent_contracts_to_plan on agent_contracts (plan_after nulls first)
        where status = 'accepted' or (status = 'ended' and (planned_until is null or planned_until < closed_at))`,

  // The lifecycle whatever the path (the service, the CLI, SQL typed by hand): the SPEC §4 transitions only,
  // and terms fixed from the offer on. Only the planner's watermark moves freely.
  sql`create function agent_contracts_transition() returns trigger language plpgsql as $$
    begin
      if (new.brand_id, new.kind, new.upline_id, new.downline_id, new.period, new.rate_bps, new.base_rate_bps,
          new.tiers, new.offered_at, new.created_by)
         is distinct from
         (old.brand_id, old.kind, old.upline_id, old.downline_id, old.period, old.rate_bps, old.base_rate_bps,
          old.tiers, old.offered_at, old.created_by) then
        raise exception 'agent_contract_terms_fixed' using errcode = 'check_violation';
      end if;
      if new.status is distinct from old.status and not (
           (old.status = 'offered' and new.status in ('accepted', 'rejected', 'withdrawn'))
        or (old.status = 'accepted' and new.status = 'ended')) then
        raise exception 'agent_contract_transition % -> %', old.status, new.status using errcode = 'check_violation';
      end if;
      if old.status in ('rejected', 'withdrawn', 'ended')
         and (new.closed_at, new.end_reason, new.accepted_at) is distinct from (old.closed_at, old.end_reason, old.accepted_at) then
        raise exception 'agent_contract_closed' using errcode = 'check_violation';
      end if;
      return new;
    end $$`,
  sql`create trigger agent_contracts_transition before update on agent_contracts
        for each row execute function agent_contracts_transition()`,

  sql`create table agent_contract_settlements (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    contract_id bigint not null references agent_contracts (id) on delete restrict,
    period_start timestamptz not null,
    period_end timestamptz not null,
    base_minor bigint not null default 0 check (base_minor >= 0),
    active_players integer not null default 0 check (active_players >= 0),
    rate_bps integer not null default 0 check (rate_bps between 0 and 10000),
    entitled_minor bigint not null default 0 check (entitled_minor >= 0),
    paid_minor bigint not null default 0 check (paid_minor >= 0),
    status text not null default 'pending' check (status in ('pending', 'paid', 'awaiting_funds')),
    runs integer not null default 0 check (runs >= 0),
    entries integer not null default 0 check (entries >= 0),
    settled_at timestamptz,
    retry_at timestamptz,
    last_error text check (length(last_error) <= 500),
    created_at timestamptz not null default now(),
    constraint agent_contract_settlements_key unique (contract_id, period_start),
    constraint agent_contract_settlements_period check (period_end > period_start),
    constraint agent_contract_settlements_paid check (status <> 'paid' or (settled_at is not null and paid_minor = entitled_minor))
  )`,
  sql`create index agent_contract_settlements_contract on agent_contract_settlements (contract_id, period_start desc)`,
  sql`create index agent_contract_settlements_retry on agent_contract_settlements (retry_at) where status = 'awaiting_funds'`,

  sql`create table agent_contract_payments (
    settlement_id bigint not null references agent_contract_settlements (id) on delete restrict,
    seq integer not null check (seq >= 1),
    entry_id bigint not null unique references journal_entries (id) on delete restrict,
    amount_minor bigint not null check (amount_minor <> 0),
    created_at timestamptz not null,
    primary key (settlement_id, seq)
  )`,
];

const downStatements = [
  sql`drop table if exists agent_contract_payments`,
  sql`drop table if exists agent_contract_settlements`,
  sql`drop trigger if exists agent_contracts_transition on agent_contracts`,
  sql`drop function if exists agent_contracts_transition()`,
  sql`drop table if exists agent_contracts`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
