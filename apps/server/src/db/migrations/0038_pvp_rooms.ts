// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * PVP rooms (issue 22, docs/pvp.md "Server"): player-versus-player card tables run by an in-house vendor
 * (`PVP`) behind the seamless-wallet protocol. A player's stay at a table is one protocol round
 * (`PVP-<seating id>`): the buy-in is its debit (wallet → house), the cash-out its closing credit (house →
 * wallet, 0 when nothing is left); while the round is open the player's money is the table's, recorded here.
 * What the house keeps of all the rounds is the rake.
 *
 * - `pvp_rooms`: one table. `config` is the game's table config (minor units as strings); `state` is the
 *   reducer's whole table (seats, stacks, the hand, bigints as `{ "$n": "…" }`), `version` grows with every
 *   accepted move: a move is `UPDATE … WHERE version = n`, so two processes (a player's action and the
 *   clock's time-out) can never both apply to the same state. `turn_deadline` is when the seat to act runs
 *   out of time (null: no hand, or nothing to wait for); `next_hand_at` when the next hand may start.
 *   A trigger announces the room id on `lotus_pvp` whenever `version` changes.
 * - `pvp_seatings`: a member's stay at a seat (the protocol round). Status: joining (seat claimed, debit in
 *   flight) → seated (debit OK; the chips are in `state`) | cancelled (refused: nothing moved) | voiding
 *   (the debit's answer was lost, or a crash left it joining for 30 s: its rollback is due) → cancelled;
 *   seated → leaving (left the table in `state`; the cash-out credit in flight) → left. The seat is held
 *   only while joining or seated.
 *   `stack_minor` mirrors the seat's chips in `state` after every move. At most one joining-or-seated stay
 *   per seat and per member and room (partial unique indexes: 50 players racing for one seat, one wins).
 * - `pvp_hands`: each hand's fair inputs: the server seed's SHA-256 is public from the deal, the seed
 *   itself once the hand is over.
 * - `pvp_events`: every event of the room in order (the reducer's, cards included: the record), with the
 *   room version that made it. The API filters them per viewer.
 */

const upStatements = [
  sql`create table pvp_rooms (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    code text not null check (code ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
    game_kind text not null check (game_kind in ('teen-patti')),
    game_id bigint not null references games (id),
    names jsonb not null check (jsonb_typeof(names) = 'object'),
    config jsonb not null check (jsonb_typeof(config) = 'object'),
    state jsonb not null check (jsonb_typeof(state) = 'object'),
    version bigint not null default 0 check (version >= 0),
    turn_deadline timestamptz,
    next_hand_at timestamptz,
    enabled boolean not null default true,
    sort integer not null default 0,
    created_at timestamptz not null default now(),
    unique (brand_id, code)
  )`,
  sql`create index pvp_rooms_due on pvp_rooms (turn_deadline) where turn_deadline is not null`,
  sql`create index pvp_rooms_next_hand on pvp_rooms (next_hand_at) where next_hand_at is not null`,
  sql`create table pvp_seatings (
    id bigint generated always as identity primary key,
    room_id bigint not null references pvp_rooms (id) on delete cascade,
    seat smallint not null check (seat between 0 and 8),
    member_id bigint not null references members (id),
    player_ref text not null,
    wallet_session text not null,
    nick text not null,
    status text not null default 'joining'
      check (status in ('joining', 'seated', 'cancelled', 'voiding', 'leaving', 'left')),
    buy_in_minor bigint not null check (buy_in_minor > 0),
    stack_minor bigint not null default 0 check (stack_minor >= 0),
    cashout_minor bigint check (cashout_minor >= 0),
    sit_key text not null check (length(sit_key) between 1 and 128),
    sit_request_hash text not null,
    leave_key text check (length(leave_key) between 1 and 128),
    refusal text,
    created_at timestamptz not null default now(),
    seated_at timestamptz,
    left_at timestamptz,
    settled_at timestamptz,
    unique (member_id, sit_key)
  )`,
  sql`create unique index pvp_seatings_one_per_seat on pvp_seatings (room_id, seat)
    where status in ('joining', 'seated')`,
  sql`create unique index pvp_seatings_one_per_member on pvp_seatings (room_id, member_id)
    where status in ('joining', 'seated')`,
  sql`create index pvp_seatings_open on pvp_seatings (status, created_at)
    where status in ('joining', 'voiding', 'leaving')`,
  sql`create unique index pvp_seatings_leave_key on pvp_seatings (member_id, leave_key)
    where leave_key is not null`,
  sql`create table pvp_hands (
    id bigint generated always as identity primary key,
    room_id bigint not null references pvp_rooms (id) on delete cascade,
    number integer not null check (number > 0),
    server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
    server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
    client_seed text not null,
    nonce integer not null,
    started_at timestamptz not null,
    ended_at timestamptz,
    unique (room_id, number)
  )`,
  sql`create table pvp_events (
    id bigint generated always as identity primary key,
    room_id bigint not null references pvp_rooms (id) on delete cascade,
    version bigint not null,
    hand_number integer,
    event jsonb not null check (jsonb_typeof(event) = 'object'),
    created_at timestamptz not null default now()
  )`,
  sql`create index pvp_events_room on pvp_events (room_id, id desc)`,
  sql`create function pvp_rooms_announce() returns trigger language plpgsql as $$
  begin
    perform pg_notify('lotus_pvp', new.id::text);
    return null;
  end $$`,
  sql`create trigger pvp_rooms_announce after update of version on pvp_rooms
    for each row when (new.version <> old.version) execute function pvp_rooms_announce()`,
];

const downStatements = [
  sql`drop trigger pvp_rooms_announce on pvp_rooms`,
  sql`drop function pvp_rooms_announce()`,
  sql`drop table pvp_events`,
  sql`drop table pvp_hands`,
  sql`drop table pvp_seatings`,
  sql`drop table pvp_rooms`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
