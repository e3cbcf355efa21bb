// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: whether the brand's rules let the studio's slots autoplay (docs/player-protection.md
 * "Autoplay"). Off by default: the UK Gambling Commission has banned slot autoplay since October 2021 and
 * an Indian operator following its player-protection codes would do the same, so a brand turns it on only
 * where its licence allows it. The studio's session says so (`autoplayAllowed`) and its slot screen shows
 * the switch only then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table brands add column studio_autoplay boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table brands drop column studio_autoplay`.execute(db);
}
