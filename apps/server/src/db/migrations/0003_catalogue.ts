// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * The game catalogue's first slice (SPEC §2 nav bar, §3 game / vendor card and game launch item):
 *
 * - `game_types`: the categories the platform knows (RNG, LIVE, ...) with how the site shows them. Global
 *   reference data, so it is filled here rather than by the demo seed: every database has it after
 *   migrating, including one whose brand was seeded before this migration existed.
 * - `brand_game_types`: a brand's own order of the categories, or a category switched off for it; a brand
 *   without rows uses `game_types.sort`.
 * - `vendors`: per brand, the game providers (SPEC "vassalage"), their display name per language, logo, how
 *   they open (`is_game`), maintenance and enabled switches, and the brand-rule categories they also
 *   belong to (`category_tags`, e.g. INHOUSE; see packages/shared/src/category-rules.ts).
 * - `vendor_game_types`: which categories a vendor appears in, its order there, and the game
 *   classifications it offers there (`game_classifies`, e.g. JACKPOT), which the classify rules read.
 *
 * The games issue hangs games, lanes and launches off `vendors.id` and `game_types.code`; it may derive
 * `game_classifies` from its games then.
 */

const GAME_TYPE_ROWS: [code: string, labelKey: string, page: string, banner: string | null, icon: string][] =
  [
    ['LIVE', 'category.live', '/live', 'live', 'live'],
    ['RNG', 'category.slots', '/rng', 'rng', 'slots'],
    ['FISH', 'category.fish', '/fish', 'fish', 'fish'],
    ['PVP', 'category.cards', '/pvp', 'pvp', 'cards'],
    // Table games: roulette lives here, so the category page is SPEC §2's /roulette.
    ['TG', 'category.tableGames', '/roulette', null, 'table'],
    ['SPORTS', 'category.sports', '/sports', 'sports', 'sports'],
    ['ESPORTS', 'category.esports', '/esports', 'esports', 'esports'],
    ['LOTT', 'category.lottery', '/lott', null, 'lottery'],
    ['ELOTT', 'category.elottery', '/elott', 'lottery', 'elottery'],
    ['COCKFIGHT', 'category.cockfight', '/cockfight', null, 'cockfight'],
    ['JP', 'category.jackpot', '/jp', null, 'jackpot'],
    ['AC', 'category.arcade', '/arcade', null, 'arcade'],
    ['BG', 'category.bingo', '/bingo', null, 'bingo'],
  ];

const upStatements = [
  sql`create table game_types (
    code text primary key check (code ~ '^[A-Z][A-Z0-9_]{0,19}$'),
    label_key text not null check (label_key ~ '^[A-Za-z][A-Za-z0-9_.]{0,79}$'),
    page text not null check (page ~ '^/[A-Za-z0-9/_-]*$' and length(page) <= 100),
    banner_group text check (banner_group ~ '^[a-z][a-z0-9-]{0,31}$'),
    icon text not null check (icon ~ '^[a-z][a-z0-9-]{0,31}$'),
    auth boolean not null default false,
    sort integer not null default 0
  )`,
  sql`insert into game_types (code, label_key, page, banner_group, icon, sort) values ${sql.join(
    GAME_TYPE_ROWS.map(
      ([code, labelKey, page, banner, icon], index) =>
        sql`(${code}, ${labelKey}, ${page}, ${banner}, ${icon}, ${(index + 1) * 10})`,
    ),
  )}`,

  sql`create table brand_game_types (
    brand_id bigint not null references brands (id) on delete cascade,
    game_type text not null references game_types (code) on update cascade on delete cascade,
    sort integer not null default 0,
    enabled boolean not null default true,
    primary key (brand_id, game_type)
  )`,

  sql`create table vendors (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    vassalage text not null check (vassalage ~ '^[A-Z][A-Z0-9_]{0,39}$'),
    display_name jsonb not null check (
      jsonb_typeof(display_name) = 'object' and jsonb_typeof(display_name -> 'EN') = 'string'
    ),
    logo_url text check (length(logo_url) between 1 and 2048),
    is_game text not null default 'GAME' check (is_game in ('VASSALAGE', 'GAME', 'LOBBY')),
    maintenance boolean not null default false,
    category_tags text[] not null default '{}',
    sort integer not null default 0,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (brand_id, vassalage)
  )`,

  sql`create table vendor_game_types (
    vendor_id bigint not null references vendors (id) on delete cascade,
    game_type text not null references game_types (code) on update cascade on delete cascade,
    sort integer not null default 0,
    game_classifies text[] not null default '{}',
    primary key (vendor_id, game_type)
  )`,
  sql`create index vendor_game_types_game_type on vendor_game_types (game_type)`,
];

const downStatements = [
  sql`drop table vendor_game_types`,
  sql`drop table vendors`,
  sql`drop table brand_game_types`,
  sql`drop table game_types`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
