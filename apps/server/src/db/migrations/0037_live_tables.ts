// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The in-house live tables (issue 22, docs/live-tables.md "Server"): shared tables that deal rounds on the
 * server clock, as an in-house vendor (`LIVE`) behind the seamless-wallet protocol. A bet is one protocol
 * round (`LV-<bet id>`): its stake one debit, its settlement one closing credit (0 for a lost bet), a bet
 * whose debit went unanswered a rollback.
 *
 * - `live_tables`: a table of a brand (`code` is also its catalogue game's code), its kind, names, limits
 *   (`{ "<bet kind>": ["<min minor>", "<max minor>"] }`), the phases' lengths and the round now running.
 * - `live_shoes`: where a table's outcomes come from. Card tables (baccarat, dragon tiger) deal an 8-deck
 *   shoe until its cut card; Andar Bahar one 1-deck shoe per round; roulette and sic bo one seed for a run of
 *   rounds (the pocket or dice of round n from createDraws(seed, table code, n)). `commitment` = sha256 hex
 *   of `seed`, public from the first round; the seed is public once `revealed_at` is set (the shoe ended).
 *   `cards_dealt` counts the cards dealt so far (the order is the seed's shuffle).
 * - `live_rounds`: a table's round n with its phase — betting → closed → dealing → result → done, moved
 *   forward only (a trigger) by guarded updates, so a move happens once across processes — its times, the
 *   shoe, its cards (`first_card`, `card_count`) and its outcome (written on the move to dealing).
 * - `live_sessions`: the vendor's player sessions (as the other in-house books').
 * - `live_bets` and `live_bet_spots`: one confirmed bet (one round of the protocol) and its spots. The
 *   Idempotency-Key is `request_key`, unique per player (a repeat with the same `request_hash` replays).
 *   Status: pending (written, debit in flight) → placed (debit OK) | refused (nothing moved) | void (debit's
 *   answer lost: rolled back); placed → settled (closing credit of `payout_minor`).
 * - `live_exposure`: per round, player and spot, the sum staked: one conditional upsert keeps it within the
 *   table's maximum for the spot's kind, so 50 requests at once cannot pass it together.
 * Every phase move and every new round announces the table id on `lotus_live` (the WebSocket pushes).
 */
const KINDS = `('baccarat', 'baccarat-nc', 'dragon-tiger', 'roulette', 'sic-bo', 'andar-bahar')`;
const PHASES = `('betting', 'closed', 'dealing', 'result', 'done')`;
const BET_STATUSES = `('pending', 'placed', 'refused', 'void', 'settled')`;

const upStatements = [
  sql`create table live_tables (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    code text not null check (code ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
    kind text not null check (kind in ${sql.raw(KINDS)}),
    name jsonb not null check (jsonb_typeof(name) = 'object'),
    currency text not null default 'INR',
    limits jsonb not null check (jsonb_typeof(limits) = 'object'),
    betting_ms integer not null check (betting_ms between 1000 and 120000),
    closed_ms integer not null check (closed_ms between 0 and 30000),
    dealing_ms integer not null check (dealing_ms between 0 and 60000),
    result_ms integer not null check (result_ms between 0 and 60000),
    enabled boolean not null default true,
    sort integer not null default 0,
    current_round_id bigint,
    created_at timestamptz not null default now(),
    unique (brand_id, code)
  )`,
  sql`create table live_shoes (
    id bigint generated always as identity primary key,
    table_id bigint not null references live_tables (id) on delete cascade,
    shoe_no integer not null check (shoe_no >= 1),
    seed text not null check (seed ~ '^[0-9a-f]{64}$'),
    commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
    decks smallint not null check (decks between 0 and 8),
    cut_index integer not null check (cut_index >= 0),
    cards_dealt integer not null default 0 check (cards_dealt >= 0),
    rounds integer not null default 0 check (rounds >= 0),
    opened_at timestamptz not null,
    revealed_at timestamptz,
    unique (table_id, shoe_no)
  )`,
  sql`create table live_rounds (
    id bigint generated always as identity primary key,
    table_id bigint not null references live_tables (id) on delete cascade,
    shoe_id bigint not null references live_shoes (id),
    round_no integer not null check (round_no >= 1),
    phase text not null default 'betting' check (phase in ${sql.raw(PHASES)}),
    opened_at timestamptz not null,
    betting_ends_at timestamptz not null,
    phase_ends_at timestamptz not null,
    first_card integer,
    card_count integer,
    outcome jsonb,
    dealt_at timestamptz,
    settled_at timestamptz,
    constraint live_rounds_dealt check ((outcome is null) = (phase in ('betting', 'closed'))),
    unique (table_id, round_no)
  )`,
  sql`create index live_rounds_shoe on live_rounds (shoe_id, round_no)`,
  sql`create index live_rounds_results on live_rounds (table_id, round_no desc) where phase in ('result', 'done')`,
  sql`create index live_rounds_due on live_rounds (phase_ends_at) where phase <> 'done'`,
  sql`alter table live_tables add constraint live_tables_round
    foreign key (current_round_id) references live_rounds (id) deferrable initially deferred`,
  sql`create function live_rounds_guard() returns trigger language plpgsql as $$
  begin
    if new.phase <> old.phase and not (
      (old.phase = 'betting' and new.phase = 'closed') or
      (old.phase = 'closed' and new.phase = 'dealing') or
      (old.phase = 'dealing' and new.phase = 'result') or
      (old.phase = 'result' and new.phase = 'done')
    ) then
      raise exception 'live round % cannot go % -> %', old.id, old.phase, new.phase using errcode = '23514';
    end if;
    if old.outcome is not null and new.outcome is distinct from old.outcome then
      raise exception 'live round % outcome is final', old.id using errcode = '23514';
    end if;
    return new;
  end $$`,
  sql`create trigger live_rounds_guard before update on live_rounds
    for each row execute function live_rounds_guard()`,
  sql`create function live_rounds_announce() returns trigger language plpgsql as $$
  begin
    perform pg_notify('lotus_live', new.table_id::text);
    return null;
  end $$`,
  sql`create trigger live_rounds_announce after insert or update of phase on live_rounds
    for each row execute function live_rounds_announce()`,
  sql`create table live_sessions (
    id bigint generated always as identity primary key,
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    player_ref text not null check (length(player_ref) between 1 and 128),
    wallet_session text not null check (length(wallet_session) between 1 and 256),
    currency text not null,
    language text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  sql`create index live_sessions_player on live_sessions (player_ref)`,
  sql`create table live_bets (
    id bigint generated always as identity primary key,
    table_id bigint not null references live_tables (id),
    round_id bigint not null references live_rounds (id),
    player_ref text not null check (length(player_ref) between 1 and 128),
    session_id bigint not null references live_sessions (id),
    wallet_session text not null check (length(wallet_session) between 1 and 256),
    request_key text not null check (length(request_key) between 1 and 128),
    request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
    stake_minor bigint not null check (stake_minor > 0),
    status text not null default 'pending' check (status in ${sql.raw(BET_STATUSES)}),
    refusal text check (length(refusal) between 1 and 64),
    payout_minor bigint check (payout_minor >= 0),
    created_at timestamptz not null default now(),
    placed_at timestamptz,
    finished_at timestamptz,
    constraint live_bets_paid check ((payout_minor is not null) = (status = 'settled')),
    unique (player_ref, request_key)
  )`,
  sql`create index live_bets_round on live_bets (round_id, status)`,
  sql`create index live_bets_player on live_bets (player_ref, id desc)`,
  sql`create index live_bets_open on live_bets (status) where status in ('pending', 'placed')`,
  sql`create table live_bet_spots (
    bet_id bigint not null references live_bets (id) on delete cascade,
    spot_no smallint not null check (spot_no between 1 and 40),
    spot text not null check (length(spot) between 1 and 64),
    amount_minor bigint not null check (amount_minor > 0),
    pay_minor bigint check (pay_minor >= 0),
    primary key (bet_id, spot_no),
    unique (bet_id, spot)
  )`,
  sql`create table live_exposure (
    round_id bigint not null references live_rounds (id) on delete cascade,
    player_ref text not null,
    spot text not null,
    amount_minor bigint not null check (amount_minor >= 0),
    primary key (round_id, player_ref, spot)
  )`,
];

const downStatements = [
  sql`drop table live_exposure`,
  sql`drop table live_bet_spots`,
  sql`drop table live_bets`,
  sql`drop table live_sessions`,
  sql`drop trigger live_rounds_announce on live_rounds`,
  sql`drop function live_rounds_announce()`,
  sql`drop trigger live_rounds_guard on live_rounds`,
  sql`drop function live_rounds_guard()`,
  sql`alter table live_tables drop constraint live_tables_round`,
  sql`drop table live_rounds`,
  sql`drop table live_shoes`,
  sql`drop table live_tables`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
