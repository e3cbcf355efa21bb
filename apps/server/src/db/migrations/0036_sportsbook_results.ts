// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The sportsbook's recent results (docs/sportsbook.md "Pages": `GET /sportsbook/api/results`, the arena's
 * last results): finished events per brand and sport, newest first. The lobby's index (`sb_events_board`)
 * holds only scheduled and live events, so without this one the read would walk every finished event of
 * the brand, a list that grows by hundreds a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index sb_events_results on sb_events (brand_id, sport, starts_at desc, id desc)
    where status in ('resulted', 'cancelled')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index sb_events_results`.execute(db);
}
