// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The lottery engine (issue 20, docs/lottery.md): an in-house vendor (`LOTTO`) behind the seamless-wallet
 * protocol. A bet slip is one protocol round (`LTO-<slip id>`): its total stake is one debit, its settlement
 * one closing credit (0 for a lost slip), a cancelled draw's slip a rollback of the debit.
 *
 * - `lottery_games`: the engine's view of a catalogue game of vendor LOTTO (`games.id`): its family (the
 *   maths of packages/games/src/lottery), its draw source (`inhouse`: provably fair from a committed seed;
 *   `external`: official results entered by one operator and confirmed by another), its calendar
 *   (`schedule`, jsonb checked by the shared zod schema), margin, stake limits and the most a draw may pay on
 *   one selection (liability).
 * - `lottery_draws`: one draw of a game. `seed` is made when the draw is created (in-house only) and shown
 *   only once the draw is `drawn`; `seed_hash` is public from creation, before the betting window opens.
 *   Betting is open while `status = 'scheduled'` and `opens_at <= now < closes_at`. Status:
 *   scheduled → drawn (in-house: result = HMAC(seed, public draw id)) or scheduled → result_entered →
 *   drawn (external: four-eyes) ; result_entered → scheduled (entry rejected); drawn → settled (every slip
 *   credited); scheduled | result_entered → cancelled (every slip refunded by rollback). A trigger refuses
 *   every other change, and any change to a settled or cancelled draw's result.
 * - `lottery_result_entries`: external results as entered (API or file), each confirmed or rejected by
 *   ANOTHER operator (a check, not just code).
 * - `lottery_sessions`: the engine's player sessions, opened from a platform launch token (as the studio's).
 * - `lottery_slips`, `lottery_lines`: a slip and its selections. `request_id` is unique per player (a
 *   repeat replays). Status: pending (written, debit in flight) → placed (debit OK) | refused (debit
 *   refused; nothing moved) | void (debit's answer lost: rolled back); placed → settled (credit OK) |
 *   refunded (draw cancelled: debit rolled back).
 * - `lottery_exposure`: per draw and selection key, the most the draw could pay on the standing lines; a
 *   line is placed only if the sum stays within the game's `max_payout_minor` (one conditional upsert, so 50
 *   bets at once cannot pass it together).
 */

const FAMILIES = `('vn', 'sea4d', 'sea6d', 'lott5d', 'dice3', 'pick11x5', 'race10', 'keno')`;
const DRAW_STATUSES = `('scheduled', 'result_entered', 'drawn', 'settled', 'cancelled')`;
const SLIP_STATUSES = `('pending', 'placed', 'refused', 'void', 'settled', 'refunded')`;

const upStatements = [
  sql`create table lottery_games (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    game_id bigint not null unique references games (id) on delete cascade,
    game_code text not null check (game_code ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
    family text not null check (family in ${sql.raw(FAMILIES)}),
    variant text not null default '' check (variant in ('', 'north', 'south')),
    region text not null check (region ~ '^[A-Z]{2,8}$'),
    source text not null check (source in ('inhouse', 'external')),
    schedule jsonb not null check (jsonb_typeof(schedule) = 'object'),
    margin_bp integer not null check (margin_bp between 0 and 5000),
    min_stake_minor bigint not null check (min_stake_minor > 0),
    max_stake_minor bigint not null,
    max_lines integer not null default 20 check (max_lines between 1 and 100),
    max_payout_minor bigint not null check (max_payout_minor > 0),
    enabled boolean not null default true,
    sort integer not null default 0,
    created_by text not null default 'seed' check (length(created_by) between 1 and 64),
    created_at timestamptz not null default now(),
    constraint lottery_games_stakes check (max_stake_minor >= min_stake_minor),
    constraint lottery_games_variant check ((family = 'vn') = (variant <> '')),
    unique (brand_id, game_code)
  )`,
  sql`create table lottery_draws (
    id bigint generated always as identity primary key,
    game_id bigint not null references lottery_games (id) on delete cascade,
    draw_no text not null check (draw_no ~ '^[0-9]{8}(-[0-9]{4})?$'),
    opens_at timestamptz not null,
    closes_at timestamptz not null,
    draws_at timestamptz not null,
    status text not null default 'scheduled' check (status in ${sql.raw(DRAW_STATUSES)}),
    seed text check (seed ~ '^[0-9a-f]{64}$'),
    seed_hash text check (seed_hash ~ '^[0-9a-f]{64}$'),
    result jsonb,
    result_entry_id bigint,
    drawn_at timestamptz,
    settled_at timestamptz,
    cancelled_at timestamptz,
    cancelled_by text check (length(cancelled_by) between 1 and 64),
    cancel_reason text check (length(cancel_reason) between 1 and 200),
    created_at timestamptz not null default now(),
    constraint lottery_draws_window check (opens_at < closes_at and closes_at <= draws_at),
    constraint lottery_draws_seeded check ((seed is null) = (seed_hash is null)),
    constraint lottery_draws_result check ((result is not null) = (status in ('drawn', 'settled'))),
    constraint lottery_draws_drawn check ((drawn_at is not null) = (status in ('drawn', 'settled'))),
    constraint lottery_draws_cancelled check ((cancelled_at is not null) = (status = 'cancelled')),
    unique (game_id, draw_no)
  )`,
  sql`create index lottery_draws_game_time on lottery_draws (game_id, draws_at)`,
  sql`create index lottery_draws_unfinished on lottery_draws (draws_at)
    where status in ('scheduled', 'result_entered', 'drawn', 'cancelled')`,
  sql`create function lottery_draws_guard() returns trigger language plpgsql as $$
  begin
    if old.status in ('settled') or (old.status = 'cancelled' and new.status <> 'cancelled') then
      raise exception 'lottery draw % is final (%)', old.id, old.status using errcode = '23514';
    end if;
    if old.result is not null and new.result is distinct from old.result then
      raise exception 'lottery draw % result is final', old.id using errcode = '23514';
    end if;
    if old.seed is not null and new.seed is distinct from old.seed then
      raise exception 'lottery draw % seed is committed', old.id using errcode = '23514';
    end if;
    if new.status <> old.status and not (
      (old.status = 'scheduled' and new.status in ('drawn', 'result_entered', 'cancelled')) or
      (old.status = 'result_entered' and new.status in ('drawn', 'scheduled', 'cancelled')) or
      (old.status = 'drawn' and new.status = 'settled')
    ) then
      raise exception 'lottery draw % cannot go % -> %', old.id, old.status, new.status using errcode = '23514';
    end if;
    return new;
  end $$`,
  sql`create trigger lottery_draws_guard before update on lottery_draws
    for each row execute function lottery_draws_guard()`,
  sql`create table lottery_result_entries (
    id bigint generated always as identity primary key,
    draw_id bigint not null references lottery_draws (id) on delete cascade,
    result jsonb not null,
    source text not null check (source in ('api', 'file')),
    file_name text check (length(file_name) between 1 and 200),
    entered_by text not null check (length(entered_by) between 1 and 64),
    entered_at timestamptz not null default now(),
    status text not null default 'pending' check (status in ('pending', 'confirmed', 'rejected')),
    decided_by text check (length(decided_by) between 1 and 64),
    decided_at timestamptz,
    reject_reason text check (length(reject_reason) between 1 and 200),
    constraint lottery_result_entries_four_eyes check (decided_by is null or decided_by <> entered_by),
    constraint lottery_result_entries_decided check ((status = 'pending') = (decided_by is null))
  )`,
  sql`create unique index lottery_result_entries_one_pending on lottery_result_entries (draw_id) where status = 'pending'`,
  sql`create unique index lottery_result_entries_one_confirmed on lottery_result_entries (draw_id) where status = 'confirmed'`,
  sql`alter table lottery_draws add constraint lottery_draws_entry foreign key (result_entry_id) references lottery_result_entries (id)`,
  sql`create table lottery_sessions (
    id bigint generated always as identity primary key,
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    player_ref text not null check (length(player_ref) between 1 and 128),
    wallet_session text not null check (length(wallet_session) between 1 and 256),
    currency text not null,
    language text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  sql`create index lottery_sessions_player on lottery_sessions (player_ref)`,
  sql`create table lottery_slips (
    id bigint generated always as identity primary key,
    draw_id bigint not null references lottery_draws (id),
    game_id bigint not null references lottery_games (id),
    player_ref text not null check (length(player_ref) between 1 and 128),
    session_id bigint not null references lottery_sessions (id),
    wallet_session text not null check (length(wallet_session) between 1 and 256),
    request_id text not null check (length(request_id) between 8 and 64),
    total_stake_minor bigint not null check (total_stake_minor > 0),
    margin_bp integer not null,
    payout_minor bigint check (payout_minor >= 0),
    status text not null default 'pending' check (status in ${sql.raw(SLIP_STATUSES)}),
    refusal text check (length(refusal) between 1 and 64),
    created_at timestamptz not null default now(),
    placed_at timestamptz,
    finished_at timestamptz,
    constraint lottery_slips_paid check ((payout_minor is not null) = (status = 'settled')),
    unique (player_ref, request_id)
  )`,
  sql`create index lottery_slips_draw_status on lottery_slips (draw_id, status)`,
  sql`create index lottery_slips_player on lottery_slips (player_ref, id desc)`,
  sql`create table lottery_lines (
    slip_id bigint not null references lottery_slips (id) on delete cascade,
    line_no smallint not null check (line_no between 1 and 100),
    bet_type text not null check (bet_type ~ '^[a-z0-9]{1,16}$'),
    selection text not null check (length(selection) between 1 and 64),
    stake_minor bigint not null check (stake_minor > 0),
    odds_1e4 bigint not null check (odds_1e4 > 0),
    max_payout_minor bigint not null check (max_payout_minor >= 0),
    payout_minor bigint check (payout_minor >= 0),
    primary key (slip_id, line_no)
  )`,
  sql`create table lottery_exposure (
    draw_id bigint not null references lottery_draws (id) on delete cascade,
    exposure_key text not null check (length(exposure_key) between 1 and 96),
    payout_minor bigint not null check (payout_minor >= 0),
    primary key (draw_id, exposure_key)
  )`,
  sql`create function lottery_draws_announce() returns trigger language plpgsql as $$
  begin
    perform pg_notify('lotus_lottery', new.game_id::text);
    return null;
  end $$`,
  sql`create trigger lottery_draws_announce after insert or update of status on lottery_draws
    for each row execute function lottery_draws_announce()`,
];

const downStatements = [
  sql`drop trigger lottery_draws_announce on lottery_draws`,
  sql`drop function lottery_draws_announce()`,
  sql`drop table lottery_exposure`,
  sql`drop table lottery_lines`,
  sql`drop table lottery_slips`,
  sql`drop table lottery_sessions`,
  sql`alter table lottery_draws drop constraint lottery_draws_entry`,
  sql`drop table lottery_result_entries`,
  sql`drop trigger lottery_draws_guard on lottery_draws`,
  sql`drop function lottery_draws_guard()`,
  sql`drop table lottery_draws`,
  sql`drop table lottery_games`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
