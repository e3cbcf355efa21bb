// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: the PVP rooms' second game, 13-card Points Rummy (docs/pvp.md "Rummy", "Server"). A room's
 * `game_kind` may now be `rummy`; its `config` is Rummy's own (point value, buy-in, rake, missed turns) and its
 * `state` the Rummy reducer's table. Nothing else changes: a stay is still one protocol round.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table pvp_rooms drop constraint pvp_rooms_game_kind_check`.execute(db);
  await sql`alter table pvp_rooms add constraint pvp_rooms_game_kind_check
    check (game_kind in ('teen-patti', 'rummy'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from pvp_rooms where game_kind = 'rummy'`.execute(db);
  await sql`alter table pvp_rooms drop constraint pvp_rooms_game_kind_check`.execute(db);
  await sql`alter table pvp_rooms add constraint pvp_rooms_game_kind_check
    check (game_kind in ('teen-patti'))`.execute(db);
}
