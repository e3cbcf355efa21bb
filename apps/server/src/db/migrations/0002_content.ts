// biome-ignore-all lint/style/useFilenamingConvention: migrations are named NNNN_name so they sort (ARCHITECTURE §2)
import { type Kysely, sql } from 'kysely';

/**
 * Site content (docs/content-contract.md "Content"): banners, announcements, help centre, blog, promotions,
 * app download guides, static pages, the customer-service seal key, the winners feed and feedback tickets.
 * Every row belongs to a brand. Texts are jsonb objects keyed by language code (`{"EN": "...", "HI": "..."}`);
 * the service picks the asked language, else EN, else the brand's default. Rich HTML is stored sanitised.
 *
 * Plain SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both run, one statement per call.
 */

/** A per-language text: a non-empty jsonb object. */
const texts = (column: string) =>
  sql.raw(`${column} jsonb not null check (jsonb_typeof(${column}) = 'object' and ${column} <> '{}'::jsonb)`);

/** A per-language text that may be empty (an optional field). */
const optionalTexts = (column: string) =>
  sql.raw(`${column} jsonb not null default '{}' check (jsonb_typeof(${column}) = 'object')`);

const upStatements = [
  sql`create table banners (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    group_name text not null check (group_name in
      ('home', 'rng', 'live', 'fish', 'pvp', 'sports', 'esports', 'lottery', 'download', 'promotion', 'shop', 'help')),
    image_url text not null check (length(image_url) between 1 and 2048),
    ${texts('alt')},
    ${optionalTexts('title')},
    ${optionalTexts('subtitle')},
    linkage_type text check (linkage_type in ('ROUTE', 'URL', 'PROMOTION')),
    linkage_target text check (length(linkage_target) between 1 and 2048),
    sort integer not null default 0,
    starts_at timestamptz,
    ends_at timestamptz,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((linkage_type is null) = (linkage_target is null)),
    check (starts_at is null or ends_at is null or starts_at < ends_at)
  )`,
  sql`create index banners_brand_group on banners (brand_id, group_name, sort)`,

  // execution: the brand's announcement channel (SPEC §3 "default execution B"); marquee only for type B.
  sql`create table announcements (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    type text not null check (type in ('B', 'PL', 'PU', 'PR', 'H')),
    execution text not null default 'B' check (execution ~ '^[A-Z]{1,8}$'),
    marquee boolean not null default false,
    ${texts('title')},
    ${texts('content')},
    published_at timestamptz not null default now(),
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (not marquee or type = 'B')
  )`,
  sql`create index announcements_brand_type on announcements (brand_id, type, published_at desc)`,

  sql`create table help_categories (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    key text not null check (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(key) <= 60),
    sort integer not null default 0,
    ${texts('title')},
    active boolean not null default true,
    unique (brand_id, key),
    unique (brand_id, id)
  )`,
  // The composite foreign key keeps an article inside its category's brand.
  sql`create table help_articles (
    id bigint generated always as identity primary key,
    brand_id bigint not null,
    category_id bigint not null,
    key text not null check (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(key) <= 80),
    sort integer not null default 0,
    ${texts('title')},
    ${texts('content')},
    active boolean not null default true,
    updated_at timestamptz not null default now(),
    unique (brand_id, key),
    foreign key (brand_id, category_id) references help_categories (brand_id, id) on delete cascade
  )`,
  sql`create index help_articles_category on help_articles (category_id, sort)`,

  sql`create table blog_posts (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
    ${texts('title')},
    ${texts('summary')},
    ${texts('content')},
    cover_url text check (length(cover_url) between 1 and 2048),
    published_at timestamptz not null default now(),
    active boolean not null default true,
    updated_at timestamptz not null default now(),
    unique (brand_id, slug)
  )`,
  sql`create index blog_posts_brand_published on blog_posts (brand_id, published_at desc)`,

  // code: the operator's stable name for a promotion (seed idempotency, later the claim flow).
  sql`create table promotions (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    code text not null check (code ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(code) <= 60),
    category text not null check (category in ('others', 'sports', 'live', 'slots', 'cards', 'fish', 'lotto',
      'rebate', 'pointsMall', 'ranking', 'deposit', 'appDownload', 'newbie', 'gamePromotions')),
    tags text[] not null default '{}'
      check (tags <@ array['NEWBIE', 'LIMITED', 'SPECIAL_OFFER', 'DAILY', 'HIGH_REBATE', 'VIP']::text[]),
    ${texts('title')},
    ${texts('summary')},
    ${texts('content')},
    image_url text check (length(image_url) between 1 and 2048),
    starts_at timestamptz,
    ends_at timestamptz,
    sort integer not null default 0,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (brand_id, code),
    check (starts_at is null or ends_at is null or starts_at < ends_at)
  )`,
  sql`create index promotions_brand_sort on promotions (brand_id, sort)`,

  // steps: per language, a JSON array of plain-text steps.
  sql`create table app_download_guides (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    platform text not null check (platform in ('ios', 'android', 'lite')),
    sort integer not null default 0,
    ${texts('title')},
    ${texts('steps')},
    download_url text not null check (length(download_url) between 1 and 2048),
    ${texts('version')},
    active boolean not null default true,
    updated_at timestamptz not null default now(),
    unique (brand_id, platform)
  )`,

  sql`create table site_pages (
    brand_id bigint not null references brands (id) on delete cascade,
    key text not null check (key in ('join', 'terms', 'privacy', 'responsible-gaming')),
    ${texts('title')},
    ${texts('content')},
    updated_at timestamptz not null default now(),
    primary key (brand_id, key)
  )`,

  // AES-256-GCM key that seals the chat addresses of GET /wps/system/customerService.
  sql`create table customer_service_keys (
    brand_id bigint primary key references brands (id) on delete cascade,
    seal_key bytea not null check (length(seal_key) = 32),
    created_at timestamptz not null default now()
  )`,

  // Filled by the games issue with real wins. The account is masked before it is written (CHECK).
  sql`create table win_feed (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    account text not null check (position('***' in account) > 0 and length(account) <= 40),
    game_category text not null check (game_category ~ '^[A-Z][A-Z0-9_]{0,19}$'),
    game_name text not null check (length(game_name) between 1 and 200),
    vendor text not null check (length(vendor) between 1 and 100),
    amount_minor bigint not null check (amount_minor > 0),
    currency_symbol text not null check (length(currency_symbol) between 1 and 8),
    won_at timestamptz not null default now()
  )`,
  sql`create index win_feed_brand_won_at on win_feed (brand_id, won_at desc)`,

  sql`create table feedback_tickets (
    id bigint generated always as identity primary key,
    brand_id bigint not null references brands (id) on delete cascade,
    question_type text not null
      check (question_type in ('deposit', 'withdrawal', 'game', 'customerService', 'application', 'other')),
    content text not null check (char_length(content) between 10 and 500),
    contact text check (char_length(contact) <= 100),
    ip text not null check (length(ip) between 1 and 64),
    status text not null default 'open' check (status in ('open', 'answered', 'closed')),
    created_at timestamptz not null default now(),
    unique (brand_id, id)
  )`,
  sql`create index feedback_tickets_brand_created on feedback_tickets (brand_id, created_at desc)`,

  // Image bytes live in the database so uploads work the same on PGlite and PostgreSQL (no file store).
  sql`create table feedback_images (
    id bigint generated always as identity primary key,
    brand_id bigint not null,
    ticket_id bigint not null,
    sort smallint not null check (sort between 0 and 2),
    mime text not null check (mime in ('image/png', 'image/jpeg')),
    size_bytes integer not null check (size_bytes between 1 and 5242880),
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    bytes bytea not null,
    created_at timestamptz not null default now(),
    check (length(bytes) = size_bytes),
    unique (ticket_id, sort),
    foreign key (brand_id, ticket_id) references feedback_tickets (brand_id, id) on delete cascade
  )`,
];

const downStatements = [
  sql`drop table feedback_images`,
  sql`drop table feedback_tickets`,
  sql`drop table win_feed`,
  sql`drop table customer_service_keys`,
  sql`drop table site_pages`,
  sql`drop table app_download_guides`,
  sql`drop table promotions`,
  sql`drop table blog_posts`,
  sql`drop table help_articles`,
  sql`drop table help_categories`,
  sql`drop table announcements`,
  sql`drop table banners`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await statement.execute(db);
}
