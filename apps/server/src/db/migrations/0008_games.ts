// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Games (issue 6; docs/games-contract.md). Three groups of tables:
 *
 * Platform catalogue and player lists
 * - `vendors` gains how the platform talks to it: `integration` (inhouse / external), `launch_url` (where
 *   its game screen opens, the launch token appended), `wallet_secret` (the HMAC key both sides sign the
 *   seamless-wallet protocol with) and `session_minutes` (how long a launch token authenticates).
 * - `games`: one row per game (its id is SPEC's nodeId), per vendor and game type.
 * - `game_lanes`: the home lanes of `GCSGAME_newGameVendor`, each a rule (hot, new, a type, a classify).
 * - `favourite_games`, `recent_games`: per member.
 *
 * Seamless-wallet protocol, platform side
 * - `game_launch_sessions`: a launch token (hash) → member and game, expiring.
 * - `vendor_transactions`: every debit / credit / rollback a vendor sent, unique by (vendor, txn id), with
 *   the journal entry it made and the answer it got, so a repeat replays the answer; a rollback whose
 *   debit has not arrived is stored (`status` 'rollback_first') and the late debit is refused.
 * - `game_rounds`: a vendor's round (unique by vendor and round id) summing its stakes and payouts; the
 *   betting record reads it.
 *
 * In-house studio (a vendor: it knows players only by the protocol's player id)
 * - `inhouse_sessions`, `inhouse_seeds` (provably-fair server seeds, one active per player),
 *   `inhouse_rounds` (every round with its bet and outcome, for history and verification).
 */

const upStatements = [
  sql`alter table vendors add column integration text not null default 'external' check (integration in ('inhouse', 'external'))`,
  sql`alter table vendors add column launch_url text check (length(launch_url) between 1 and 2048)`,
  sql`alter table vendors add column wallet_secret text check (length(wallet_secret) between 32 and 256)`,
  sql`alter table vendors add column session_minutes integer not null default 240 check (session_minutes between 1 and 10080)`,

  sql`create table games (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    vendor_id bigint not null references vendors (id) on delete cascade,
    game_type text not null references game_types (code) on update cascade,
    game_code text not null check (game_code ~ '^[A-Za-z0-9_-]{1,64}$'),
    names jsonb not null check (jsonb_typeof(names) = 'object' and jsonb_typeof(names -> 'EN') = 'string'),
    icon_url text check (length(icon_url) between 1 and 2048),
    support_play smallint not null default 1 check (support_play in (0, 1)),
    is_hot boolean not null default false,
    is_new boolean not null default false,
    min_bet_minor bigint not null default 0 check (min_bet_minor >= 0),
    max_bet_minor bigint not null default 0 check (max_bet_minor >= 0),
    min_line_num integer not null default 0 check (min_line_num >= 0),
    game_classify text check (game_classify ~ '^[A-Z][A-Z0-9_]{0,31}$'),
    account_type_id integer not null default 0,
    sort integer not null default 0,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    unique (vendor_id, game_code)
  )`,
  sql`create index games_brand_type on games (brand_id, game_type, sort)`,

  sql`create table game_lanes (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    title jsonb not null check (jsonb_typeof(title) = 'object' and jsonb_typeof(title -> 'EN') = 'string'),
    source text not null check (source in ('hot', 'new', 'type', 'classify')),
    game_type text references game_types (code) on update cascade,
    game_classify text check (game_classify ~ '^[A-Z][A-Z0-9_]{0,31}$'),
    card_limit integer not null default 12 check (card_limit between 1 and 50),
    sort integer not null default 0,
    enabled boolean not null default true,
    constraint game_lanes_type check ((source = 'type') = (game_type is not null)),
    constraint game_lanes_classify check ((source = 'classify') = (game_classify is not null))
  )`,

  sql`create table favourite_games (
    member_id bigint not null references members (id) on delete cascade,
    game_id bigint not null references games (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (member_id, game_id)
  )`,
  sql`create index favourite_games_newest on favourite_games (member_id, created_at desc)`,
  sql`create table recent_games (
    member_id bigint not null references members (id) on delete cascade,
    game_id bigint not null references games (id) on delete cascade,
    played_at timestamptz not null default now(),
    primary key (member_id, game_id)
  )`,
  sql`create index recent_games_newest on recent_games (member_id, played_at desc)`,

  sql`create table game_launch_sessions (
    id bigint generated always as identity primary key,
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    brand_id bigint not null references brands (id) on delete cascade,
    member_id bigint not null references members (id) on delete cascade,
    game_id bigint not null references games (id) on delete cascade,
    vendor_id bigint not null references vendors (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`,
  sql`create index game_launch_sessions_member on game_launch_sessions (member_id, created_at desc)`,

  sql`create table vendor_transactions (
    id bigint generated always as identity primary key,
    vendor_id bigint not null references vendors (id) on delete restrict,
    txn_id text not null check (txn_id ~ '^[\\x21-\\x7e]{1,128}$'),
    brand_id bigint not null references brands (id) on delete restrict,
    member_id bigint not null references members (id) on delete restrict,
    kind text not null check (kind in ('debit', 'credit', 'rollback')),
    round_id text not null check (round_id ~ '^[\\x21-\\x7e]{1,128}$'),
    game_id bigint references games (id) on delete set null,
    amount_minor bigint not null check (amount_minor >= 0),
    target_txn_id text check (target_txn_id ~ '^[\\x21-\\x7e]{1,128}$'),
    status text not null check (status in ('applied', 'rolled_back', 'rollback_first', 'refused')),
    entry_id bigint references journal_entries (id) on delete restrict,
    request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
    response jsonb,
    created_at timestamptz not null default now(),
    unique (vendor_id, txn_id),
    constraint vendor_transactions_rollback_target check ((kind = 'rollback') = (target_txn_id is not null))
  )`,
  sql`create index vendor_transactions_target on vendor_transactions (vendor_id, target_txn_id) where target_txn_id is not null`,
  sql`create index vendor_transactions_round on vendor_transactions (vendor_id, round_id)`,

  sql`create table game_rounds (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete restrict,
    vendor_id bigint not null references vendors (id) on delete restrict,
    member_id bigint not null references members (id) on delete restrict,
    game_id bigint references games (id) on delete set null,
    round_id text not null check (round_id ~ '^[\\x21-\\x7e]{1,128}$'),
    stake_minor bigint not null default 0 check (stake_minor >= 0),
    payout_minor bigint not null default 0 check (payout_minor >= 0),
    status text not null default 'open' check (status in ('open', 'settled', 'rolled_back')),
    created_at timestamptz not null default now(),
    settled_at timestamptz,
    unique (vendor_id, round_id)
  )`,
  sql`create index game_rounds_member on game_rounds (member_id, created_at desc)`,
  sql`create index game_rounds_payout on game_rounds (brand_id, created_at desc) where payout_minor > 0`,

  sql`create table inhouse_sessions (
    id bigint generated always as identity primary key,
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    player_ref text not null check (length(player_ref) between 1 and 128),
    wallet_session text check (length(wallet_session) between 1 and 256),
    game_code text not null check (game_code ~ '^[a-z0-9-]{1,40}$'),
    trial boolean not null default false,
    demo_balance_minor bigint check (demo_balance_minor >= 0),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    language text not null default 'EN',
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    constraint inhouse_sessions_demo check (trial = (demo_balance_minor is not null))
  )`,
  sql`create table inhouse_seeds (
    id bigint generated always as identity primary key,
    player_ref text not null check (length(player_ref) between 1 and 128),
    server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
    server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
    client_seed text not null check (client_seed ~ '^[\\x21-\\x7e]{1,64}$'),
    next_nonce integer not null default 0 check (next_nonce >= 0),
    status text not null default 'active' check (status in ('active', 'revealed')),
    created_at timestamptz not null default now(),
    revealed_at timestamptz,
    constraint inhouse_seeds_revealed check ((status = 'revealed') = (revealed_at is not null))
  )`,
  sql`create unique index inhouse_seeds_one_active on inhouse_seeds (player_ref) where status = 'active'`,
  sql`create table inhouse_rounds (
    id bigint generated always as identity primary key,
    player_ref text not null check (length(player_ref) between 1 and 128),
    session_id bigint not null references inhouse_sessions (id) on delete cascade,
    seed_id bigint not null references inhouse_seeds (id) on delete restrict,
    nonce integer not null check (nonce >= 0),
    client_seed text not null,
    request_id text not null check (request_id ~ '^[\\x21-\\x7e]{8,128}$'),
    game_code text not null check (game_code ~ '^[a-z0-9-]{1,40}$'),
    trial boolean not null,
    stake_minor bigint not null check (stake_minor > 0),
    payout_minor bigint not null default 0 check (payout_minor >= 0),
    outcome jsonb not null,
    status text not null check (status in ('settled', 'credit_pending', 'void')),
    created_at timestamptz not null default now(),
    unique (seed_id, nonce),
    unique (player_ref, request_id)
  )`,
  sql`create index inhouse_rounds_player on inhouse_rounds (player_ref, id desc)`,
];

const downStatements = [
  sql`drop table inhouse_rounds`,
  sql`drop table inhouse_seeds`,
  sql`drop table inhouse_sessions`,
  sql`drop table game_rounds`,
  sql`drop table vendor_transactions`,
  sql`drop table game_launch_sessions`,
  sql`drop table recent_games`,
  sql`drop table favourite_games`,
  sql`drop table game_lanes`,
  sql`drop table games`,
  sql`alter table vendors drop column session_minutes`,
  sql`alter table vendors drop column wallet_secret`,
  sql`alter table vendors drop column launch_url`,
  sql`alter table vendors drop column integration`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
