import { randomBytes } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@lotus/shared/constants';
import type {
  Announcement,
  AnnouncementPage,
  AppDownload,
  BannersValue,
  BlogPage,
  BlogPost,
  CustomerServiceInfo,
  HelpCenter,
  Notice,
  PromotionDetail,
  PromotionSummary,
  Promotions,
  RankList,
  RelayAnnouncements,
  SitePage,
} from '@lotus/shared/content.schema';
import {
  ANNOUNCEMENT_GROUP_OF,
  ANNOUNCEMENT_TYPES,
  type AnnouncementType,
  type AppPlatform,
  type BannerGroup,
  type BannerLinkageType,
  CUSTOMER_SERVICE_PATH_TYPE,
  type CustomerServicePathType,
  NOTICE_MARQUEE_MAX,
  type PageKey,
  PROMOTION_CATEGORIES,
  type PromotionCategory,
  type PromotionFilter,
  type PromotionTag,
} from '@lotus/shared/content-vocabulary';
import { SEAL_KEY_BYTES, sealCustomerServicePath, toBase64Url } from '@lotus/shared/customer-service-seal';
import type { LocalizedLines, LocalizedText } from '../../db/tables/content.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Brand } from '../system/system.repository.ts';
import type { SystemService } from '../system/system.service.ts';
import {
  type AnnouncementRecord,
  ContentRepository,
  type NewWin,
  type PromotionRecord,
} from './content.repository.ts';
import { sanitiseHtml } from './sanitise-html.ts';

/** Who asks, in which language: the Host the request came to (the brand) and the `language` query. */
export type ContentRequest = { host: string | null; language?: string | undefined };
export type PageRequest = ContentRequest & { pageNo: number; pageSize: number };

/** The brand lookup the system module already does from the Host; nothing here parses hosts again. */
export type BrandResolver = Pick<SystemService, 'resolveBrand'>;

/** Most announcements of one type the relay call returns (the popup pages through the paged call). */
export const RELAY_ANNOUNCEMENTS_MAX = 50;

/**
 * The order in which a text's languages are tried: the one asked for, then EN, then the brand's default.
 * Without `language` the brand's default comes first.
 */
export function languageChain(
  requested: string | undefined,
  brand: Pick<Brand, 'defaultLanguage'>,
): string[] {
  const first = requested?.toUpperCase() ?? brand.defaultLanguage;
  return [...new Set([first, DEFAULT_LANGUAGE, brand.defaultLanguage])];
}

/**
 * One language's version of a text. A language missing or blank falls through the chain; a text with none
 * of those languages still shows its first language (by code) rather than nothing.
 */
export function pickText(texts: LocalizedText, chain: readonly string[]): string {
  for (const language of chain) {
    const text = texts[language];
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  const [first] = Object.keys(texts)
    .sort()
    .map((language) => texts[language])
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  return first ?? '';
}

function pickLines(lines: LocalizedLines, chain: readonly string[]): string[] {
  for (const language of [...chain, ...Object.keys(lines).sort()]) {
    const list = lines[language];
    if (Array.isArray(list) && list.length > 0) return list;
  }
  return [];
}

/** `ab***yz`: what the winners feed may show of an account. Short accounts keep less. */
export function maskAccount(account: string): string {
  const characters = [...account.trim()];
  if (characters.length >= 6) return `${characters.slice(0, 2).join('')}***${characters.slice(-2).join('')}`;
  if (characters.length >= 3) return `${characters[0]}***${characters.at(-1)}`;
  return `${characters[0] ?? ''}***`;
}

function totalPages(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

export class ContentService {
  readonly #repository: ContentRepository<Db>;
  readonly #uow: UnitOfWork<{ content: ContentRepository<Tx> }>;
  readonly #brands: BrandResolver;
  readonly #now: () => Date;

  constructor(db: Db, brands: BrandResolver, now: () => Date = () => new Date()) {
    this.#repository = new ContentRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => ({ content: new ContentRepository(trx) }));
    this.#brands = brands;
    this.#now = now;
  }

  async #context(request: ContentRequest): Promise<{ brand: Brand; chain: string[] }> {
    const brand = await this.#brands.resolveBrand(request.host);
    return { brand, chain: languageChain(request.language, brand) };
  }

  async getBanners(request: ContentRequest & { group: BannerGroup }): Promise<BannersValue> {
    const { brand, chain } = await this.#context(request);
    const rows = await this.#repository.listBanners(brand.id, request.group, this.#now());
    return {
      banners: rows.map((row) => ({
        bannerId: Number(row.id),
        groupName: row.groupName as BannerGroup,
        url: row.imageUrl,
        alt: pickText(row.alt, chain),
        title: pickText(row.title, chain) || null,
        subtitle: pickText(row.subtitle, chain) || null,
        linkageType: row.linkageType as BannerLinkageType | null,
        linkageTarget: row.linkageTarget,
      })),
    };
  }

  /** The relay call of SPEC §7: each asked type in its group, newest first; groups not asked are empty. */
  async getRelayAnnouncements(
    request: ContentRequest & { types?: string | undefined; execution?: string | undefined },
  ): Promise<RelayAnnouncements> {
    const { brand, chain } = await this.#context(request);
    const asked = request.types ? new Set(request.types.split(',')) : new Set<string>(ANNOUNCEMENT_TYPES);
    const execution = request.execution ?? brand.defaultExecution;
    const now = this.#now();
    const result: RelayAnnouncements = { banners: [], player: [], popup: [], promotion: [], home: [] };
    for (const type of ANNOUNCEMENT_TYPES) {
      if (!asked.has(type)) continue;
      const rows = await this.#repository.listAnnouncements(
        brand.id,
        { type, execution, limit: RELAY_ANNOUNCEMENTS_MAX },
        now,
      );
      result[ANNOUNCEMENT_GROUP_OF[type]] = rows.map((row) => toAnnouncement(row, chain));
    }
    return result;
  }

  async getAnnouncementPage(
    request: PageRequest & { type?: AnnouncementType | undefined },
  ): Promise<AnnouncementPage> {
    const { brand, chain } = await this.#context(request);
    const { rows, total } = await this.#repository.pageAnnouncements(
      brand.id,
      { type: request.type, offset: (request.pageNo - 1) * request.pageSize, limit: request.pageSize },
      this.#now(),
    );
    return {
      list: rows.map((row) => toAnnouncement(row, chain)),
      pageNum: request.pageNo,
      totalPages: totalPages(total, request.pageSize),
      total,
    };
  }

  async getNotices(request: ContentRequest): Promise<{ list: Notice[] }> {
    const { brand, chain } = await this.#context(request);
    const rows = await this.#repository.listMarqueeNotices(brand.id, NOTICE_MARQUEE_MAX, this.#now());
    return { list: rows.map((row) => ({ id: Number(row.id), title: pickText(row.title, chain) })) };
  }

  /** Categories in order with their articles; a category without articles is left out. */
  async getHelpCenter(request: ContentRequest): Promise<HelpCenter> {
    const { brand, chain } = await this.#context(request);
    const [categories, articles] = await Promise.all([
      this.#repository.listHelpCategories(brand.id),
      this.#repository.listHelpArticles(brand.id),
    ]);
    return {
      categories: categories
        .map((category) => ({
          id: Number(category.id),
          key: category.key,
          title: pickText(category.title, chain),
          articles: articles
            .filter((article) => article.categoryId === category.id)
            .map((article) => ({
              id: Number(article.id),
              key: article.key,
              title: pickText(article.title, chain),
              content: sanitiseHtml(pickText(article.content, chain)),
            })),
        }))
        .filter((category) => category.articles.length > 0),
    };
  }

  async getBlogPage(request: PageRequest): Promise<BlogPage> {
    const { brand, chain } = await this.#context(request);
    const { rows, total } = await this.#repository.pageBlogPosts(
      brand.id,
      { offset: (request.pageNo - 1) * request.pageSize, limit: request.pageSize },
      this.#now(),
    );
    return {
      list: rows.map((row) => ({
        slug: row.slug,
        title: pickText(row.title, chain),
        summary: pickText(row.summary, chain),
        coverUrl: row.coverUrl,
        publishedAt: row.publishedAt.toISOString(),
      })),
      pageNum: request.pageNo,
      totalPages: totalPages(total, request.pageSize),
      total,
    };
  }

  async getBlogPost(request: ContentRequest & { slug: string }): Promise<BlogPost> {
    const { brand, chain } = await this.#context(request);
    const post = await this.#repository.findBlogPost(brand.id, request.slug, this.#now());
    if (!post) throw new AppError('not_found', { message: `no published blog post "${request.slug}"` });
    return {
      slug: post.slug,
      title: pickText(post.title, chain),
      summary: pickText(post.summary, chain),
      content: sanitiseHtml(pickText(post.content, chain)),
      coverUrl: post.coverUrl,
      publishedAt: post.publishedAt.toISOString(),
    };
  }

  /** Live promotions of one category (or all), with the count of every category that has any. */
  async getPromotions(request: ContentRequest & { category: PromotionFilter }): Promise<Promotions> {
    const { brand, chain } = await this.#context(request);
    const rows = await this.#repository.listPromotions(brand.id, this.#now());
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
    return {
      categories: [
        { key: 'all', count: rows.length },
        ...PROMOTION_CATEGORIES.filter((key) => counts.has(key)).map((key) => ({
          key,
          count: counts.get(key) ?? 0,
        })),
      ],
      list: rows
        .filter((row) => request.category === 'all' || row.category === request.category)
        .map((row) => toPromotionSummary(row, chain)),
    };
  }

  async getPromotion(request: ContentRequest & { id: number }): Promise<PromotionDetail> {
    const { brand, chain } = await this.#context(request);
    const row = await this.#repository.findPromotion(brand.id, BigInt(request.id), this.#now());
    if (!row) throw new AppError('not_found', { message: `no live promotion ${request.id}` });
    return { ...toPromotionSummary(row, chain), content: sanitiseHtml(pickText(row.content, chain)) };
  }

  async getAppDownload(request: ContentRequest): Promise<AppDownload> {
    const { brand, chain } = await this.#context(request);
    const guides = await this.#repository.listAppGuides(brand.id);
    return {
      guides: guides.map((guide) => ({
        platform: guide.platform as AppPlatform,
        title: pickText(guide.title, chain),
        steps: pickLines(guide.steps, chain),
        downloadUrl: guide.downloadUrl,
        version: pickText(guide.version, chain),
      })),
    };
  }

  async getPage(request: ContentRequest & { key: PageKey }): Promise<SitePage> {
    const { brand, chain } = await this.#context(request);
    const page = await this.#repository.findPage(brand.id, request.key);
    if (!page)
      throw new AppError('not_found', { message: `brand ${brand.code} has no page "${request.key}"` });
    return {
      key: request.key,
      title: pickText(page.title, chain),
      content: sanitiseHtml(pickText(page.content, chain)),
    };
  }

  /**
   * The brand's customer-service lines: e-mail and phone in clear, the chat addresses sealed under the
   * brand's key (packages/shared/src/customer-service-seal.ts). Lines the brand has not set are left out.
   */
  async getCustomerService(request: Pick<ContentRequest, 'host'>): Promise<CustomerServiceInfo> {
    const brand = await this.#brands.resolveBrand(request.host);
    const key = toBase64Url(await this.#sealKey(brand.id));
    const pathList: { type: CustomerServicePathType; path: string }[] = [];
    if (brand.supportEmail)
      pathList.push({ type: CUSTOMER_SERVICE_PATH_TYPE.email, path: brand.supportEmail });
    if (brand.supportPhone)
      pathList.push({ type: CUSTOMER_SERVICE_PATH_TYPE.phone, path: brand.supportPhone });
    if (brand.liveChatUrl) {
      pathList.push({
        type: CUSTOMER_SERVICE_PATH_TYPE.liveChat,
        path: await sealCustomerServicePath(key, brand.liveChatUrl),
      });
    }
    if (brand.vipChatUrl) {
      pathList.push({
        type: CUSTOMER_SERVICE_PATH_TYPE.vipLine,
        path: await sealCustomerServicePath(key, brand.vipChatUrl),
      });
    }
    return { version: { key, pathList } };
  }

  /** The brand's seal key, made on first use when the brand has none. */
  async #sealKey(brandId: bigint): Promise<Uint8Array> {
    const stored = await this.#repository.sealKeyOf(brandId);
    if (stored) return stored;
    const candidate = randomBytes(SEAL_KEY_BYTES);
    return this.#uow.run(({ content }) => content.storeSealKeyOnce(brandId, candidate));
  }

  /** The winners feed (SPEC §2 winner board): newest real wins first; empty until games record any. */
  async getRankList(request: ContentRequest & { gameCategory: string; limitNum: number }): Promise<RankList> {
    const brand = await this.#brands.resolveBrand(request.host);
    const wins = await this.#repository.listWins(brand.id, {
      gameCategory: request.gameCategory === 'ALL' ? null : request.gameCategory,
      limit: request.limitNum,
    });
    return {
      list: wins.map((win) => ({
        vo: {
          account: win.account,
          gameName: win.gameName,
          vendor: win.vendor,
          amountMinor: win.amountMinor.toString(),
          currencySymbol: win.currencySymbol,
          wonAt: win.wonAt.toISOString(),
        },
      })),
    };
  }

  /**
   * For the games module: records a real win in the feed. The account is masked here, before it is stored,
   * so the full account never reaches the table the public feed reads.
   */
  async recordWin(brandId: bigint, win: NewWin): Promise<void> {
    if (win.amountMinor <= 0n)
      throw new AppError('invalid_request', { message: 'a win is a positive amount' });
    const masked = { ...win, account: maskAccount(win.account) };
    await this.#repository.insertWin(brandId, masked);
  }
}

function toAnnouncement(row: AnnouncementRecord, chain: readonly string[]): Announcement {
  return {
    id: Number(row.id),
    type: row.type as AnnouncementType,
    title: pickText(row.title, chain),
    content: sanitiseHtml(pickText(row.content, chain)),
    timestamp: row.publishedAt.toISOString(),
  };
}

function toPromotionSummary(row: PromotionRecord, chain: readonly string[]): PromotionSummary {
  return {
    id: Number(row.id),
    category: row.category as PromotionCategory,
    tags: row.tags as PromotionTag[],
    title: pickText(row.title, chain),
    summary: pickText(row.summary, chain),
    imageUrl: row.imageUrl,
    startAt: row.startsAt?.toISOString() ?? null,
    endAt: row.endsAt?.toISOString() ?? null,
  };
}
