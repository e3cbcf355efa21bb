import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely's view of the content tables (migration 0002_content). Same conventions as schema.ts: ids are
 * bigint, jsonb columns are read parsed and written as JSON text, text[] columns are JS arrays. bytea comes
 * back as a Buffer from `pg` and as a Uint8Array from PGlite; both are Uint8Arrays.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type OptionalJson<T> = ColumnType<T, string | undefined, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A text per language code: `{ "EN": "...", "HI": "..." }`. */
export type LocalizedText = Record<string, string>;
/** A list of plain-text lines per language code. */
export type LocalizedLines = Record<string, string[]>;

export interface BannersTable {
  id: Generated<bigint>;
  brand_id: bigint;
  group_name: string;
  image_url: string;
  alt: Json<LocalizedText>;
  title: OptionalJson<LocalizedText>;
  subtitle: OptionalJson<LocalizedText>;
  linkage_type: string | null;
  linkage_target: string | null;
  sort: Defaulted<number>;
  starts_at: OptionalTimestamp;
  ends_at: OptionalTimestamp;
  active: Defaulted<boolean>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface AnnouncementsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  type: string;
  execution: Defaulted<string>;
  marquee: Defaulted<boolean>;
  title: Json<LocalizedText>;
  content: Json<LocalizedText>;
  published_at: Timestamp;
  active: Defaulted<boolean>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface HelpCategoriesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  key: string;
  sort: Defaulted<number>;
  title: Json<LocalizedText>;
  active: Defaulted<boolean>;
}

export interface HelpArticlesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  category_id: bigint;
  key: string;
  sort: Defaulted<number>;
  title: Json<LocalizedText>;
  content: Json<LocalizedText>;
  active: Defaulted<boolean>;
  updated_at: Timestamp;
}

export interface BlogPostsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  slug: string;
  title: Json<LocalizedText>;
  summary: Json<LocalizedText>;
  content: Json<LocalizedText>;
  cover_url: string | null;
  published_at: Timestamp;
  active: Defaulted<boolean>;
  updated_at: Timestamp;
}

export interface PromotionsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  code: string;
  category: string;
  tags: Defaulted<string[]>;
  title: Json<LocalizedText>;
  summary: Json<LocalizedText>;
  content: Json<LocalizedText>;
  image_url: string | null;
  starts_at: OptionalTimestamp;
  ends_at: OptionalTimestamp;
  sort: Defaulted<number>;
  active: Defaulted<boolean>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface AppDownloadGuidesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  platform: string;
  sort: Defaulted<number>;
  title: Json<LocalizedText>;
  steps: Json<LocalizedLines>;
  download_url: string;
  version: Json<LocalizedText>;
  active: Defaulted<boolean>;
  updated_at: Timestamp;
}

export interface SitePagesTable {
  brand_id: bigint;
  key: string;
  title: Json<LocalizedText>;
  content: Json<LocalizedText>;
  updated_at: Timestamp;
}

export interface CustomerServiceKeysTable {
  brand_id: bigint;
  seal_key: Uint8Array;
  created_at: Generated<Date>;
}

export interface WinFeedTable {
  id: Generated<bigint>;
  brand_id: bigint;
  account: string;
  game_category: string;
  game_name: string;
  vendor: string;
  amount_minor: bigint;
  currency_symbol: string;
  won_at: Timestamp;
}

export interface FeedbackTicketsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  question_type: string;
  content: string;
  contact: string | null;
  ip: string;
  status: Defaulted<string>;
  created_at: Generated<Date>;
}

export interface FeedbackImagesTable {
  id: Generated<bigint>;
  brand_id: bigint;
  ticket_id: bigint;
  sort: number;
  mime: string;
  size_bytes: number;
  sha256: string;
  bytes: Uint8Array;
  created_at: Generated<Date>;
}

/** The content tables, merged into `Database` (schema.ts). */
export interface ContentTables {
  banners: BannersTable;
  announcements: AnnouncementsTable;
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
  blog_posts: BlogPostsTable;
  promotions: PromotionsTable;
  app_download_guides: AppDownloadGuidesTable;
  site_pages: SitePagesTable;
  customer_service_keys: CustomerServiceKeysTable;
  win_feed: WinFeedTable;
  feedback_tickets: FeedbackTicketsTable;
  feedback_images: FeedbackImagesTable;
}
