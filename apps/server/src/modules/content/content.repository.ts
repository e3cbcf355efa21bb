import type { LocalizedLines, LocalizedText } from '../../db/tables/content.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/**
 * Content storage: reads of the content tables for one brand, never cached (an operator's change shows on
 * the next request), plus the two writes the content module owns (the brand's seal key, the winners feed).
 * Texts come back per language; the service picks the language and sanitises HTML again on the way out.
 */

export type BannerRecord = {
  id: bigint;
  groupName: string;
  imageUrl: string;
  alt: LocalizedText;
  title: LocalizedText;
  subtitle: LocalizedText;
  linkageType: string | null;
  linkageTarget: string | null;
};

export type AnnouncementRecord = {
  id: bigint;
  type: string;
  title: LocalizedText;
  content: LocalizedText;
  publishedAt: Date;
};

export type HelpCategoryRecord = { id: bigint; key: string; title: LocalizedText };
export type HelpArticleRecord = {
  id: bigint;
  categoryId: bigint;
  key: string;
  title: LocalizedText;
  content: LocalizedText;
};

export type BlogSummaryRecord = {
  slug: string;
  title: LocalizedText;
  summary: LocalizedText;
  coverUrl: string | null;
  publishedAt: Date;
};
export type BlogPostRecord = BlogSummaryRecord & { content: LocalizedText };

export type PromotionRecord = {
  id: bigint;
  category: string;
  tags: string[];
  title: LocalizedText;
  summary: LocalizedText;
  content: LocalizedText;
  imageUrl: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
};

export type AppGuideRecord = {
  platform: string;
  title: LocalizedText;
  steps: LocalizedLines;
  downloadUrl: string;
  version: LocalizedText;
};

export type SitePageRecord = { key: string; title: LocalizedText; content: LocalizedText };

export type WinRecord = {
  account: string;
  gameName: string;
  vendor: string;
  amountMinor: bigint;
  currencySymbol: string;
  wonAt: Date;
};

export type NewWin = WinRecord & { gameCategory: string };

export type Paged<T> = { rows: T[]; total: number };

export class ContentRepository<E extends Executor = Executor> extends Repository<E> {
  /** Active banners of a group whose window (start inclusive, end exclusive) contains `now`. */
  async listBanners(brandId: bigint, group: string, now: Date): Promise<BannerRecord[]> {
    const rows = await this.db
      .selectFrom('banners')
      .select(['id', 'group_name', 'image_url', 'alt', 'title', 'subtitle', 'linkage_type', 'linkage_target'])
      .where('brand_id', '=', brandId)
      .where('group_name', '=', group)
      .where('active', '=', true)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      groupName: row.group_name,
      imageUrl: row.image_url,
      alt: row.alt,
      title: row.title,
      subtitle: row.subtitle,
      linkageType: row.linkage_type,
      linkageTarget: row.linkage_target,
    }));
  }

  #publishedAnnouncements(brandId: bigint, now: Date) {
    return this.db
      .selectFrom('announcements')
      .where('brand_id', '=', brandId)
      .where('active', '=', true)
      .where('published_at', '<=', now);
  }

  /** Newest first (publication time, then id), at most `limit`. */
  async listAnnouncements(
    brandId: bigint,
    filter: { type: string; execution?: string | undefined; limit: number },
    now: Date,
  ): Promise<AnnouncementRecord[]> {
    let query = this.#publishedAnnouncements(brandId, now).where('type', '=', filter.type);
    if (filter.execution !== undefined) query = query.where('execution', '=', filter.execution);
    const rows = await query
      .select(['id', 'type', 'title', 'content', 'published_at'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .execute();
    return rows.map(toAnnouncement);
  }

  async pageAnnouncements(
    brandId: bigint,
    filter: { type?: string | undefined; offset: number; limit: number },
    now: Date,
  ): Promise<Paged<AnnouncementRecord>> {
    let base = this.#publishedAnnouncements(brandId, now);
    if (filter.type !== undefined) base = base.where('type', '=', filter.type);
    const [rows, count] = await Promise.all([
      base
        .select(['id', 'type', 'title', 'content', 'published_at'])
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toAnnouncement), total: Number(count.total) };
  }

  /** The home marquee: published type-B announcements flagged as marquee, newest first. */
  async listMarqueeNotices(
    brandId: bigint,
    limit: number,
    now: Date,
  ): Promise<Pick<AnnouncementRecord, 'id' | 'title'>[]> {
    return this.#publishedAnnouncements(brandId, now)
      .where('type', '=', 'B')
      .where('marquee', '=', true)
      .select(['id', 'title'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async listHelpCategories(brandId: bigint): Promise<HelpCategoryRecord[]> {
    return this.db
      .selectFrom('help_categories')
      .select(['id', 'key', 'title'])
      .where('brand_id', '=', brandId)
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async listHelpArticles(brandId: bigint): Promise<HelpArticleRecord[]> {
    const rows = await this.db
      .selectFrom('help_articles')
      .select(['id', 'category_id', 'key', 'title', 'content'])
      .where('brand_id', '=', brandId)
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      categoryId: row.category_id,
      key: row.key,
      title: row.title,
      content: row.content,
    }));
  }

  #publishedPosts(brandId: bigint, now: Date) {
    return this.db
      .selectFrom('blog_posts')
      .where('brand_id', '=', brandId)
      .where('active', '=', true)
      .where('published_at', '<=', now);
  }

  async pageBlogPosts(
    brandId: bigint,
    page: { offset: number; limit: number },
    now: Date,
  ): Promise<Paged<BlogSummaryRecord>> {
    const base = this.#publishedPosts(brandId, now);
    const [rows, count] = await Promise.all([
      base
        .select(['slug', 'title', 'summary', 'cover_url', 'published_at'])
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        slug: row.slug,
        title: row.title,
        summary: row.summary,
        coverUrl: row.cover_url,
        publishedAt: row.published_at,
      })),
      total: Number(count.total),
    };
  }

  async findBlogPost(brandId: bigint, slug: string, now: Date): Promise<BlogPostRecord | undefined> {
    const row = await this.#publishedPosts(brandId, now)
      .select(['slug', 'title', 'summary', 'content', 'cover_url', 'published_at'])
      .where('slug', '=', slug)
      .executeTakeFirst();
    return (
      row && {
        slug: row.slug,
        title: row.title,
        summary: row.summary,
        content: row.content,
        coverUrl: row.cover_url,
        publishedAt: row.published_at,
      }
    );
  }

  #livePromotions(brandId: bigint, now: Date) {
    return this.db
      .selectFrom('promotions')
      .select(['id', 'category', 'tags', 'title', 'summary', 'content', 'image_url', 'starts_at', 'ends_at'])
      .where('brand_id', '=', brandId)
      .where('active', '=', true)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
  }

  /** Every live promotion (active, window containing `now`), in the operator's order. */
  async listPromotions(brandId: bigint, now: Date): Promise<PromotionRecord[]> {
    const rows = await this.#livePromotions(brandId, now).orderBy('sort').orderBy('id').execute();
    return rows.map(toPromotion);
  }

  async findPromotion(brandId: bigint, id: bigint, now: Date): Promise<PromotionRecord | undefined> {
    const row = await this.#livePromotions(brandId, now).where('id', '=', id).executeTakeFirst();
    return row && toPromotion(row);
  }

  async listAppGuides(brandId: bigint): Promise<AppGuideRecord[]> {
    const rows = await this.db
      .selectFrom('app_download_guides')
      .select(['platform', 'title', 'steps', 'download_url', 'version'])
      .where('brand_id', '=', brandId)
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      platform: row.platform,
      title: row.title,
      steps: row.steps,
      downloadUrl: row.download_url,
      version: row.version,
    }));
  }

  async findPage(brandId: bigint, key: string): Promise<SitePageRecord | undefined> {
    return this.db
      .selectFrom('site_pages')
      .select(['key', 'title', 'content'])
      .where('brand_id', '=', brandId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** The brand's seal key, if it has one. */
  async sealKeyOf(brandId: bigint): Promise<Uint8Array | undefined> {
    const row = await this.db
      .selectFrom('customer_service_keys')
      .select('seal_key')
      .where('brand_id', '=', brandId)
      .executeTakeFirst();
    return row?.seal_key;
  }

  /**
   * Stores `candidate` as the brand's seal key unless it has one (a brand an operator made after the
   * seed), and returns the stored key. Concurrent first calls agree on one key: the insert does nothing on
   * conflict (waiting for the other transaction) and the stored key is read back.
   */
  async storeSealKeyOnce(
    this: ContentRepository<Tx>,
    brandId: bigint,
    candidate: Uint8Array,
  ): Promise<Uint8Array> {
    await this.db
      .insertInto('customer_service_keys')
      .values({ brand_id: brandId, seal_key: candidate })
      .onConflict((conflict) => conflict.column('brand_id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('customer_service_keys')
      .select('seal_key')
      .where('brand_id', '=', brandId)
      .executeTakeFirstOrThrow();
    return row.seal_key;
  }

  async listWins(
    brandId: bigint,
    filter: { gameCategory: string | null; limit: number },
  ): Promise<WinRecord[]> {
    let query = this.db
      .selectFrom('win_feed')
      .select(['account', 'game_name', 'vendor', 'amount_minor', 'currency_symbol', 'won_at'])
      .where('brand_id', '=', brandId);
    if (filter.gameCategory !== null) query = query.where('game_category', '=', filter.gameCategory);
    const rows = await query.orderBy('won_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map((row) => ({
      account: row.account,
      gameName: row.game_name,
      vendor: row.vendor,
      amountMinor: row.amount_minor,
      currencySymbol: row.currency_symbol,
      wonAt: row.won_at,
    }));
  }

  /**
   * One statement, so it may run on the database without a transaction of its own (as the audit log's
   * record does): a win lands with each credit of the vendor protocol, and BEGIN / COMMIT around it were
   * two of its three round trips.
   */
  async insertWin(brandId: bigint, win: NewWin): Promise<void> {
    await this.db
      .insertInto('win_feed')
      .values({
        brand_id: brandId,
        account: win.account,
        game_category: win.gameCategory,
        game_name: win.gameName,
        vendor: win.vendor,
        amount_minor: win.amountMinor,
        currency_symbol: win.currencySymbol,
        won_at: win.wonAt,
      })
      .execute();
  }
}

function toAnnouncement(row: {
  id: bigint;
  type: string;
  title: LocalizedText;
  content: LocalizedText;
  published_at: Date;
}): AnnouncementRecord {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    content: row.content,
    publishedAt: row.published_at,
  };
}

function toPromotion(row: {
  id: bigint;
  category: string;
  tags: string[];
  title: LocalizedText;
  summary: LocalizedText;
  content: LocalizedText;
  image_url: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
}): PromotionRecord {
  return {
    id: row.id,
    category: row.category,
    tags: row.tags,
    title: row.title,
    summary: row.summary,
    content: row.content,
    imageUrl: row.image_url,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  };
}
