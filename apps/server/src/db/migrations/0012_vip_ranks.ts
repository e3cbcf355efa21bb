// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * VIP ranks (SPEC §1 "VIP ranks", §3 clubLabel.rankLevel; docs/api.md "Player rank"). `vip_ranks` is a
 * brand's ladder: one row per level, its name and its benefits in English and Hindi. A member's level is
 * `members.rank_level` (0004); this table only says what each level is called and what it brings, so a
 * member whose level has no row yet still has a level (the page then shows it unnamed).
 *
 * Benefits are plain text, one benefit per line, rather than markup: the page lists them as it likes and
 * an operator cannot inject HTML. Names are short (≤ 40) because they sit in badges.
 */

const upStatements = [
  sql`create table vip_ranks (
    brand_id bigint not null references brands (id) on delete cascade,
    level integer not null check (level >= 0),
    name_en text not null check (length(btrim(name_en)) between 1 and 40),
    name_hi text not null check (length(btrim(name_hi)) between 1 and 40),
    benefits_en text not null default '' check (length(benefits_en) <= 2000),
    benefits_hi text not null default '' check (length(benefits_hi) <= 2000),
    updated_at timestamptz not null default now(),
    primary key (brand_id, level)
  )`,
];

const downStatements = [sql`drop table vip_ranks`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
