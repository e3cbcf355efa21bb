// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Fishing (docs/fishing.md "The server"): a session of a fishing title carries its scene — a public seed
 * the browser draws the same fish from, and the moment its scene time 0 began (the server's clock), so a
 * shot's `at` (scene ms) can be checked against the fish alive then and against the server's time. Both
 * are null for every other game. The shots themselves are rounds of `inhouse_rounds` (one per batch: its
 * nonce the batch's first, the seed's next_nonce moved past the last), so no table of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table inhouse_sessions
    add column fishing_scene_seed text check (fishing_scene_seed ~ '^[0-9a-f]{64}$'),
    add column fishing_scene_started_at timestamptz,
    add constraint inhouse_sessions_fishing_scene
      check ((fishing_scene_seed is null) = (fishing_scene_started_at is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table inhouse_sessions drop constraint inhouse_sessions_fishing_scene,
    drop column fishing_scene_started_at, drop column fishing_scene_seed`.execute(db);
}
