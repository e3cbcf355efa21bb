// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Brand configuration (SPEC §1 brand configuration, §3 site configuration, whitelabel flags, registration
 * field rules, resources). Multi-brand from the start: every row hangs off `brands`, and a request finds
 * its brand through `brand_domains.host`, falling back to the one `is_default` brand.
 *
 * Plain SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both run; one statement per call because PGlite
 * executes queries with the extended protocol, which takes a single statement.
 */
const upStatements = [
  sql`create table brands (
    id bigint generated always as identity primary key,
    code text not null unique check (code ~ '^[a-z0-9][a-z0-9-]{0,31}$'),
    name text not null check (length(name) between 1 and 100),
    is_default boolean not null default false,
    platform text not null,
    merchant text not null,
    merchant_code text not null,
    lottery_type text not null default 'SEA',
    device text not null default 'DESKTOP',
    default_language text not null default 'EN',
    supported_languages text[] not null default '{EN,HI}',
    prize_modes text[] not null default '{}',
    announcement_types text[] not null default '{}',
    default_execution text not null,
    chat_header_color text not null check (chat_header_color ~ '^#[0-9A-Fa-f]{6}$'),
    currency_symbol text not null default 'P',
    default_dialing_code text not null check (default_dialing_code ~ '^\\+[0-9]{1,4}$'),
    logged_in_to_home_page boolean not null default false,
    maintenance boolean not null default false,
    maintenance_message jsonb not null default '{}' check (jsonb_typeof(maintenance_message) = 'object'),
    region_restriction boolean not null default false,
    restricted_countries text[] not null default '{}',
    gtag_id text,
    image_cdns text[] not null default '{}',
    launch_game_cdns text[] not null default '{}',
    live_chat_url text,
    vip_chat_url text,
    support_email text,
    support_phone text,
    category_rules jsonb not null default '[]' check (jsonb_typeof(category_rules) = 'array'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint brands_default_language_supported check (default_language = any (supported_languages)),
    constraint brands_supported_languages_not_empty check (cardinality(supported_languages) > 0)
  )`,
  // At most one default brand: the one answering hosts no brand_domains row names.
  sql`create unique index brands_single_default on brands (is_default) where is_default`,

  sql`create table brand_domains (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    host text not null unique check (host = lower(host) and host !~ '[/:\\s]' and length(host) between 1 and 253),
    speed integer not null default 0 check (speed >= 0),
    created_at timestamptz not null default now()
  )`,
  sql`create index brand_domains_brand_id on brand_domains (brand_id)`,

  // The whitelabel tree: modules (LOGIN3, REGISTER3, ...) and the flags under them. The composite foreign
  // key keeps a node's parent inside the same brand.
  sql`create table whitelabel_nodes (
    brand_id bigint not null references brands (id) on delete cascade,
    mod_id text not null check (mod_id ~ '^[A-Z0-9_]{1,40}$'),
    parent_mod_id text,
    enabled boolean not null default false,
    sort integer not null default 0,
    description text not null default '',
    updated_at timestamptz not null default now(),
    primary key (brand_id, mod_id),
    foreign key (brand_id, parent_mod_id) references whitelabel_nodes (brand_id, mod_id) on delete cascade,
    check (parent_mod_id is null or parent_mod_id <> mod_id)
  )`,

  sql`create table registration_field_rules (
    brand_id bigint not null references brands (id) on delete cascade,
    field_key text not null check (field_key ~ '^[A-Za-z][A-Za-z0-9]{0,39}$'),
    enabled boolean not null,
    required boolean not null,
    accepted_pattern text,
    pattern_id smallint check (pattern_id between 0 and 23),
    min_length integer check (min_length >= 0),
    max_length integer check (max_length > 0),
    input_type text not null check (input_type in ('text', 'password', 'email', 'tel', 'date', 'captcha', 'code')),
    sort integer not null default 0,
    primary key (brand_id, field_key),
    check (enabled or not required),
    check (min_length is null or max_length is null or min_length <= max_length)
  )`,

  sql`create table brand_resources (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    resource_type text not null check (resource_type ~ '^[A-Z][A-Z0-9_]{0,39}$'),
    url text not null check (length(url) between 1 and 2048),
    qr_code_url text,
    label_name_en text,
    enabled boolean not null default true,
    sort integer not null default 0
  )`,
  sql`create index brand_resources_brand_id on brand_resources (brand_id, sort)`,
];

const downStatements = [
  sql`drop table brand_resources`,
  sql`drop table registration_field_rules`,
  sql`drop table whitelabel_nodes`,
  sql`drop table brand_domains`,
  sql`drop table brands`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
