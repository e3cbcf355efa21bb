// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The sportsbook (issue 21, docs/sportsbook.md): sports, e-sports and cockfight as an in-house vendor
 * (`SPORTSBOOK`) behind the seamless-wallet protocol. A bet is one protocol round (`SB-<bet id>`): its stake
 * is one debit, its settlement one closing credit (0 for a lost bet), a cash-out a closing credit of the
 * accepted value, a refund (event cancelled, all legs void before settlement, bet voided while open) a
 * rollback. A result corrected after a bet's round closed is paid as `adjustment` ledger entries
 * (`sb_adjustments`), because the protocol never changes a settled round.
 *
 * - `sb_competitions`: a sport's league or tournament (names in EN and HI).
 * - `sb_events`: a fixture (a cockfight's fight too). `feed` names its source (`sim`: the in-house
 *   simulator, `arena`: the in-house cockfight arena, `external`: an adapter) and `feed_ref` its id there.
 *   `model` is the simulator's private state (seeded, advanced by the feed job), `score` the public score.
 *   Status: scheduled → live → ended → resulted; scheduled | live → cancelled. A trigger allows only these.
 * - `sb_timeline`: what happened in an event, in order (goal, wicket, red card, map won, fight result …).
 * - `sb_markets`: one market of an event (`market_type` of packages/games/src/sports, `param` such as the
 *   innings or map number, `line_milli` the line × 1000 for totals and handicaps). Status: open ⇄ suspended
 *   → closed → resulted; any but resulted → void; resulted → resulted again only by a correction
 *   (`corrections` counts them). `version` grows with every price or status change: a bet or a cash-out
 *   quote names the versions it saw.
 * - `sb_selections`: the outcomes of a market with decimal odds × 1000 (`odds_milli` ≥ 1001) and the
 *   model's margin-free probability (`prob_ppm`, parts per million), and once resulted the outcome: win,
 *   lose, void, half_win, half_lose, or win with a dead-heat factor (`dead_heat_milli` < 1000).
 * - `sb_sessions`: the engine's player sessions (as the lottery's).
 * - `sb_bets` and `sb_bet_legs`: a single (one leg) or an accumulator (2–12 legs on different events). The
 *   legs keep the odds taken. `request_id` is unique per player (a repeat replays). Status: pending (written,
 *   debit in flight) → placed (debit OK) | refused (nothing moved) | void (debit's answer lost: rolled
 *   back); placed → settled | cashed_out | refunded (rolled back) | voided (an operator, with a reason).
 * - `sb_exposure`: per market and selection, the most the book could pay on the standing legs of singles and
 *   accumulators (each leg counts the bet's whole potential return): a bet is placed only if every sum stays
 *   within its market's `max_liability_minor` and the event's `sb_event_exposure` within the event's (one
 *   conditional upsert each, so 50 bets at once cannot pass a limit together).
 * - `sb_cashout_quotes`: a cash-out offer with the market versions it was priced on; accepting it credits
 *   the value only if every version is still the same.
 * - `sb_corrections` and `sb_adjustments`: a result corrected by an operator (audited) and the money each
 *   already-settled bet moved because of it.
 */

const SPORTS = `('cricket', 'football', 'kabaddi', 'tennis', 'cs2', 'dota2', 'valorant', 'lol', 'cockfight')`;
const EVENT_STATUSES = `('scheduled', 'live', 'ended', 'resulted', 'cancelled')`;
const MARKET_STATUSES = `('open', 'suspended', 'closed', 'resulted', 'void')`;
const OUTCOMES = `('win', 'lose', 'void', 'half_win', 'half_lose')`;
const BET_STATUSES = `('pending', 'placed', 'refused', 'void', 'settled', 'cashed_out', 'refunded', 'voided')`;

const upStatements = [
  sql`create table sb_competitions (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    sport text not null check (sport in ${sql.raw(SPORTS)}),
    code text not null check (code ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
    name jsonb not null check (jsonb_typeof(name) = 'object'),
    country text not null default '' check (country ~ '^([A-Z]{2})?$'),
    sort integer not null default 0,
    enabled boolean not null default true,
    unique (brand_id, code)
  )`,
  sql`create table sb_events (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    competition_id bigint not null references sb_competitions (id) on delete cascade,
    sport text not null check (sport in ${sql.raw(SPORTS)}),
    format text not null check (format ~ '^[a-z0-9]{1,16}$'),
    home jsonb not null check (jsonb_typeof(home) = 'object'),
    away jsonb not null check (jsonb_typeof(away) = 'object'),
    starts_at timestamptz not null,
    status text not null default 'scheduled' check (status in ${sql.raw(EVENT_STATUSES)}),
    feed text not null check (feed in ('sim', 'arena', 'external')),
    feed_ref text not null check (length(feed_ref) between 1 and 96),
    model jsonb,
    score jsonb not null default '{}'::jsonb,
    bet_delay_ms integer not null default 0 check (bet_delay_ms between 0 and 15000),
    max_liability_minor bigint not null check (max_liability_minor > 0),
    started_at timestamptz,
    ended_at timestamptz,
    resulted_at timestamptz,
    cancelled_at timestamptz,
    cancel_reason text check (length(cancel_reason) between 1 and 200),
    created_at timestamptz not null default now(),
    constraint sb_events_cancelled check ((cancelled_at is not null) = (status = 'cancelled')),
    unique (brand_id, feed, feed_ref)
  )`,
  sql`create index sb_events_board on sb_events (brand_id, sport, starts_at) where status in ('scheduled', 'live')`,
  sql`create index sb_events_running on sb_events (starts_at) where status in ('scheduled', 'live', 'ended')`,
  sql`create function sb_events_guard() returns trigger language plpgsql as $$
  begin
    if new.status <> old.status and not (
      (old.status = 'scheduled' and new.status in ('live', 'cancelled')) or
      (old.status = 'live' and new.status in ('ended', 'cancelled')) or
      (old.status = 'ended' and new.status = 'resulted')
    ) then
      raise exception 'sports event % cannot go % -> %', old.id, old.status, new.status using errcode = '23514';
    end if;
    return new;
  end $$`,
  sql`create trigger sb_events_guard before update on sb_events
    for each row execute function sb_events_guard()`,
  sql`create table sb_timeline (
    event_id bigint not null references sb_events (id) on delete cascade,
    seq integer not null check (seq >= 1),
    at timestamptz not null,
    clock text not null default '' check (length(clock) <= 16),
    kind text not null check (kind ~ '^[a-z_]{1,24}$'),
    side text not null default '' check (side in ('', 'home', 'away')),
    detail jsonb not null default '{}'::jsonb,
    primary key (event_id, seq)
  )`,
  sql`create table sb_markets (
    id bigint generated always as identity primary key,
    event_id bigint not null references sb_events (id) on delete cascade,
    market_type text not null check (market_type ~ '^[a-z_0-9]{1,32}$'),
    param text not null default '' check (length(param) <= 16),
    line_milli integer not null default 0,
    status text not null default 'open' check (status in ${sql.raw(MARKET_STATUSES)}),
    in_play boolean not null default false,
    margin_bp integer not null check (margin_bp between 0 and 3000),
    min_odds_milli integer not null default 1010 check (min_odds_milli >= 1001),
    max_stake_minor bigint not null check (max_stake_minor > 0),
    max_liability_minor bigint not null check (max_liability_minor > 0),
    version integer not null default 1 check (version >= 1),
    suspended_until timestamptz,
    corrections integer not null default 0 check (corrections >= 0),
    resulted_at timestamptz,
    sort integer not null default 0,
    constraint sb_markets_resulted check ((resulted_at is not null) = (status = 'resulted')),
    unique (event_id, market_type, param, line_milli)
  )`,
  sql`create index sb_markets_event on sb_markets (event_id, sort)`,
  sql`create function sb_markets_guard() returns trigger language plpgsql as $$
  begin
    if new.status <> old.status and not (
      (old.status = 'open' and new.status in ('suspended', 'closed', 'resulted', 'void')) or
      (old.status = 'suspended' and new.status in ('open', 'closed', 'resulted', 'void')) or
      (old.status = 'closed' and new.status in ('resulted', 'void'))
    ) then
      raise exception 'sports market % cannot go % -> %', old.id, old.status, new.status using errcode = '23514';
    end if;
    if old.status = 'resulted' and new.corrections = old.corrections and new.resulted_at is distinct from old.resulted_at then
      raise exception 'sports market % result changes only by a correction', old.id using errcode = '23514';
    end if;
    return new;
  end $$`,
  sql`create trigger sb_markets_guard before update on sb_markets
    for each row execute function sb_markets_guard()`,
  sql`create table sb_selections (
    id bigint generated always as identity primary key,
    market_id bigint not null references sb_markets (id) on delete cascade,
    sel_key text not null check (sel_key ~ '^[a-z0-9_:.+-]{1,32}$'),
    name jsonb not null check (jsonb_typeof(name) = 'object'),
    odds_milli integer not null check (odds_milli >= 1001),
    prob_ppm integer not null check (prob_ppm between 0 and 1000000),
    active boolean not null default true,
    outcome text check (outcome in ${sql.raw(OUTCOMES)}),
    dead_heat_milli integer check (dead_heat_milli between 1 and 999),
    sort integer not null default 0,
    constraint sb_selections_dead_heat check (dead_heat_milli is null or outcome = 'win'),
    unique (market_id, sel_key)
  )`,
  sql`create table sb_sessions (
    id bigint generated always as identity primary key,
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    player_ref text not null check (length(player_ref) between 1 and 128),
    wallet_session text not null check (length(wallet_session) between 1 and 256),
    currency text not null,
    language text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  sql`create index sb_sessions_player on sb_sessions (player_ref)`,
  sql`create table sb_bets (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id),
    player_ref text not null check (length(player_ref) between 1 and 128),
    session_id bigint not null references sb_sessions (id),
    wallet_session text not null check (length(wallet_session) between 1 and 256),
    request_id text not null check (length(request_id) between 8 and 64),
    kind text not null check (kind in ('single', 'multi')),
    stake_minor bigint not null check (stake_minor > 0),
    odds_milli bigint not null check (odds_milli >= 1001),
    potential_return_minor bigint not null check (potential_return_minor >= stake_minor),
    accept_rule text not null check (accept_rule in ('any', 'higher', 'none')),
    in_play boolean not null,
    status text not null default 'pending' check (status in ${sql.raw(BET_STATUSES)}),
    refusal text check (length(refusal) between 1 and 64),
    payout_minor bigint check (payout_minor >= 0),
    cashout_minor bigint check (cashout_minor >= 0),
    void_reason text check (length(void_reason) between 1 and 200),
    voided_by text check (length(voided_by) between 1 and 64),
    created_at timestamptz not null default now(),
    placed_at timestamptz,
    finished_at timestamptz,
    constraint sb_bets_paid check ((payout_minor is not null) = (status in ('settled', 'cashed_out'))),
    constraint sb_bets_cashed check ((cashout_minor is not null) = (status = 'cashed_out')),
    constraint sb_bets_voided check ((void_reason is not null) = (status = 'voided')),
    unique (player_ref, request_id)
  )`,
  sql`create index sb_bets_player on sb_bets (player_ref, id desc)`,
  sql`create index sb_bets_open on sb_bets (status) where status in ('pending', 'placed')`,
  sql`create table sb_bet_legs (
    bet_id bigint not null references sb_bets (id) on delete cascade,
    leg_no smallint not null check (leg_no between 1 and 12),
    event_id bigint not null references sb_events (id),
    market_id bigint not null references sb_markets (id),
    selection_id bigint not null references sb_selections (id),
    odds_milli integer not null check (odds_milli >= 1001),
    market_version integer not null,
    outcome text check (outcome in ${sql.raw(OUTCOMES)}),
    dead_heat_milli integer check (dead_heat_milli between 1 and 999),
    primary key (bet_id, leg_no),
    unique (bet_id, event_id)
  )`,
  sql`create index sb_bet_legs_market on sb_bet_legs (market_id)`,
  sql`create table sb_exposure (
    market_id bigint not null references sb_markets (id) on delete cascade,
    sel_key text not null,
    liability_minor bigint not null check (liability_minor >= 0),
    primary key (market_id, sel_key)
  )`,
  sql`create table sb_event_exposure (
    event_id bigint primary key references sb_events (id) on delete cascade,
    liability_minor bigint not null check (liability_minor >= 0)
  )`,
  sql`create table sb_cashout_quotes (
    id bigint generated always as identity primary key,
    bet_id bigint not null references sb_bets (id) on delete cascade,
    value_minor bigint not null check (value_minor > 0),
    versions jsonb not null check (jsonb_typeof(versions) = 'object'),
    expires_at timestamptz not null,
    accepted_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  sql`create index sb_cashout_quotes_bet on sb_cashout_quotes (bet_id, id desc)`,
  sql`create table sb_corrections (
    id bigint generated always as identity primary key,
    market_id bigint not null references sb_markets (id) on delete cascade,
    previous jsonb not null,
    corrected jsonb not null,
    reason text not null check (length(reason) between 1 and 200),
    corrected_by text not null check (length(corrected_by) between 1 and 64),
    created_at timestamptz not null default now()
  )`,
  sql`create table sb_adjustments (
    id bigint generated always as identity primary key,
    bet_id bigint not null references sb_bets (id),
    correction_id bigint references sb_corrections (id),
    reason text not null check (reason in ('correction', 'operator_void')),
    previous_payout_minor bigint not null check (previous_payout_minor >= 0),
    payout_minor bigint not null check (payout_minor >= 0),
    delta_minor bigint not null,
    unrecovered_minor bigint not null default 0 check (unrecovered_minor >= 0),
    journal_entry_id bigint,
    created_at timestamptz not null default now(),
    constraint sb_adjustments_delta check (delta_minor = payout_minor - previous_payout_minor),
    unique (bet_id, correction_id)
  )`,
  sql`create function sb_markets_announce() returns trigger language plpgsql as $$
  begin
    perform pg_notify('lotus_sports', new.event_id::text);
    return null;
  end $$`,
  sql`create trigger sb_markets_announce after update of version on sb_markets
    for each row when (new.version <> old.version) execute function sb_markets_announce()`,
  sql`create function sb_events_announce() returns trigger language plpgsql as $$
  begin
    perform pg_notify('lotus_sports', new.id::text);
    return null;
  end $$`,
  sql`create trigger sb_events_announce after insert or update of status, score on sb_events
    for each row execute function sb_events_announce()`,
];

const downStatements = [
  sql`drop trigger sb_events_announce on sb_events`,
  sql`drop function sb_events_announce()`,
  sql`drop trigger sb_markets_announce on sb_markets`,
  sql`drop function sb_markets_announce()`,
  sql`drop table sb_adjustments`,
  sql`drop table sb_corrections`,
  sql`drop table sb_cashout_quotes`,
  sql`drop table sb_event_exposure`,
  sql`drop table sb_exposure`,
  sql`drop table sb_bet_legs`,
  sql`drop table sb_bets`,
  sql`drop table sb_sessions`,
  sql`drop table sb_selections`,
  sql`drop trigger sb_markets_guard on sb_markets`,
  sql`drop function sb_markets_guard()`,
  sql`drop table sb_markets`,
  sql`drop table sb_timeline`,
  sql`drop trigger sb_events_guard on sb_events`,
  sql`drop function sb_events_guard()`,
  sql`drop table sb_events`,
  sql`drop table sb_competitions`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
