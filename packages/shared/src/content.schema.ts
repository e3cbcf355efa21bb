import { z } from 'zod';
import { ANNOUNCEMENTS_PER_PAGE, FEEDBACK_CONTACT_MAX, WINNER_BOARD_SIZE } from './constants.ts';
import {
  ANNOUNCEMENT_TYPES,
  APP_PLATFORMS,
  BANNER_GROUPS,
  BANNER_LINKAGE_TYPES,
  BLOG_PAGE_SIZE,
  CONTENT_PAGE_SIZE_MAX,
  FEEDBACK_QUESTION_TYPES,
  PAGE_KEYS,
  PROMOTION_CATEGORIES,
  PROMOTION_FILTERS,
  PROMOTION_TAGS,
  WINNER_BOARD_MAX,
} from './content-vocabulary.ts';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/**
 * Site content as the API serves it (docs/content-contract.md "Content"): banners, announcements and
 * notices, help centre, blog, promotions, app download guides, static pages, customer-service lines, the
 * winners feed and the feedback ticket. The server validates its queries and serialises its answers with
 * these schemas; the browser imports only the types and constants on eager paths (ARCHITECTURE §1 traps).
 *
 * Texts arrive already resolved to one language. Fields named `content` are sanitised HTML (server
 * allow-list, sanitised again by the browser before it is shown); every other string is plain text.
 */

// ---------------------------------------------------------------------------------------------------------
// Queries (strings in, coerced where numeric)

/** A language code of the catalogue (`EN`, `hi`); case-insensitive. Absent → the brand's default. */
export const languageParam = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .optional();

const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSizeOf = (fallback: number) =>
  z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE_MAX).default(fallback);

export const languageQuerySchema = z.object({ language: languageParam });

export const bannersQuerySchema = z.object({ group: z.enum(BANNER_GROUPS), language: languageParam });

/** `types` is a comma-separated subset of B,PL,PU,PR,H (all when absent). */
export const relayAnnouncementsQuerySchema = z.object({
  types: z
    .string()
    .regex(/^(?:B|PL|PU|PR|H)(?:,(?:B|PL|PU|PR|H))*$/)
    .optional(),
  platform: z.enum(['W']).optional(),
  execution: z
    .string()
    .regex(/^[A-Z]{1,8}$/)
    .optional(),
  language: languageParam,
});

export const announcementsQuerySchema = z.object({
  type: z.enum(ANNOUNCEMENT_TYPES).optional(),
  pageNo,
  pageSize: pageSizeOf(ANNOUNCEMENTS_PER_PAGE),
  language: languageParam,
});

export const blogListQuerySchema = z.object({
  pageNo,
  pageSize: pageSizeOf(BLOG_PAGE_SIZE),
  language: languageParam,
});

export const blogSlugParamsSchema = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(120),
});

export const promotionsQuerySchema = z.object({
  category: z.enum(PROMOTION_FILTERS).default('all'),
  language: languageParam,
});

export const promotionIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const pageKeyParamsSchema = z.object({ key: z.enum(PAGE_KEYS) });

export const rankListQuerySchema = z.object({
  gameCategory: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]{0,19}$/)
    .default('ALL'),
  language: languageParam,
  limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_MAX).default(WINNER_BOARD_SIZE),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

const isoTime = z.iso.datetime();

export const bannerSchema = z.object({
  bannerId: z.number().int(),
  groupName: z.enum(BANNER_GROUPS),
  /** Image address: a path of this site (`/brand/banners/…svg`) or an absolute https URL. */
  url: z.string(),
  alt: z.string(),
  /** Headline overlaid on the image as HTML text (the artwork carries no text); null → none. */
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  linkageType: z.enum(BANNER_LINKAGE_TYPES).nullable(),
  linkageTarget: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannersSchema = z.object({ banners: z.array(bannerSchema) });
export type BannersValue = z.infer<typeof bannersSchema>;
export const bannersResponse = envelopeOf(bannersSchema);

export const announcementSchema = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** Publication time. */
  timestamp: isoTime,
});
export type Announcement = z.infer<typeof announcementSchema>;

export const relayAnnouncementsSchema = z.object({
  banners: z.array(announcementSchema),
  player: z.array(announcementSchema),
  popup: z.array(announcementSchema),
  promotion: z.array(announcementSchema),
  home: z.array(announcementSchema),
});
export type RelayAnnouncements = z.infer<typeof relayAnnouncementsSchema>;
export const relayAnnouncementsResponse = envelopeOf(relayAnnouncementsSchema);

/** One page of a list: `pageNum` is the page served, `totalPages` is ceil(total / pageSize) (0 when empty). */
function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  });
}

export const announcementPageSchema = pageOf(announcementSchema);
export type AnnouncementPage = z.infer<typeof announcementPageSchema>;
export const announcementPageResponse = envelopeOf(announcementPageSchema);

export const noticeSchema = z.object({ id: z.number().int(), title: z.string() });
export type Notice = z.infer<typeof noticeSchema>;
export const noticesSchema = z.object({ list: z.array(noticeSchema) });
export const noticesResponse = envelopeOf(noticesSchema);

export const helpArticleSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
});
export const helpCategorySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  articles: z.array(helpArticleSchema),
});
export type HelpCategory = z.infer<typeof helpCategorySchema>;
export const helpCenterSchema = z.object({ categories: z.array(helpCategorySchema) });
export type HelpCenter = z.infer<typeof helpCenterSchema>;
export const helpCenterResponse = envelopeOf(helpCenterSchema);

export const blogSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  publishedAt: isoTime,
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;
export const blogPageSchema = pageOf(blogSummarySchema);
export type BlogPage = z.infer<typeof blogPageSchema>;
export const blogPageResponse = envelopeOf(blogPageSchema);

export const blogPostSchema = blogSummarySchema.extend({ content: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;
export const blogPostResponse = envelopeOf(blogPostSchema);

export const promotionSummarySchema = z.object({
  id: z.number().int(),
  category: z.enum(PROMOTION_CATEGORIES),
  tags: z.array(z.enum(PROMOTION_TAGS)),
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string().nullable(),
  /** null: no start limit / runs until further notice. */
  startAt: isoTime.nullable(),
  endAt: isoTime.nullable(),
});
export type PromotionSummary = z.infer<typeof promotionSummarySchema>;

/** `categories`: `all` first (every live promotion), then each category that has one, in catalogue order. */
export const promotionsSchema = z.object({
  categories: z.array(z.object({ key: z.enum(PROMOTION_FILTERS), count: z.number().int() })),
  list: z.array(promotionSummarySchema),
});
export type Promotions = z.infer<typeof promotionsSchema>;
export const promotionsResponse = envelopeOf(promotionsSchema);

export const promotionDetailSchema = promotionSummarySchema.extend({ content: z.string() });
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;
export const promotionDetailResponse = envelopeOf(promotionDetailSchema);

export const appGuideSchema = z.object({
  platform: z.enum(APP_PLATFORMS),
  title: z.string(),
  steps: z.array(z.string()),
  downloadUrl: z.string(),
  /** Version label shown to the visitor, e.g. "Coming soon" while there is no build to download. */
  version: z.string(),
});
export type AppGuide = z.infer<typeof appGuideSchema>;
export const appDownloadSchema = z.object({ guides: z.array(appGuideSchema) });
export type AppDownload = z.infer<typeof appDownloadSchema>;
export const appDownloadResponse = envelopeOf(appDownloadSchema);

export const sitePageSchema = z.object({ key: z.enum(PAGE_KEYS), title: z.string(), content: z.string() });
export type SitePage = z.infer<typeof sitePageSchema>;
export const sitePageResponse = envelopeOf(sitePageSchema);

export const customerServiceInfoSchema = z.object({
  version: z.object({
    /** base64url AES-256-GCM key that opens the sealed paths (types 3 and 4). */
    key: z.string(),
    pathList: z.array(
      z.object({
        type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
        path: z.string(),
      }),
    ),
  }),
});
export type CustomerServiceInfo = z.infer<typeof customerServiceInfoSchema>;
export const customerServiceInfoResponse = envelopeOf(customerServiceInfoSchema);

export const winnerSchema = z.object({
  vo: z.object({
    /** Masked when it was written (`ab***yz`); the full account never leaves the games module. */
    account: z.string(),
    gameName: z.string(),
    vendor: z.string(),
    /** Integer minor units as a decimal string (ARCHITECTURE §4). */
    amountMinor: z.string().regex(/^\d+$/),
    currencySymbol: z.string(),
    wonAt: isoTime,
  }),
});
export type Winner = z.infer<typeof winnerSchema>;
export const rankListSchema = z.object({ list: z.array(winnerSchema) });
export type RankList = z.infer<typeof rankListSchema>;
export const rankListResponse = envelopeOf(rankListSchema);

// ---------------------------------------------------------------------------------------------------------
// Feedback (PUT /wps/feedback, multipart/form-data)

/**
 * The text fields of the feedback form. The content's length (FEEDBACK_MIN..FEEDBACK_MAX after trimming,
 * constants.ts) is checked by the server with its own error code, `feedback_content_length`.
 */
export const feedbackFieldsSchema = z.object({
  questionType: z.enum(FEEDBACK_QUESTION_TYPES),
  content: z.string(),
  contact: singleLineText().trim().max(FEEDBACK_CONTACT_MAX).optional(),
});
export type FeedbackFields = z.infer<typeof feedbackFieldsSchema>;

/**
 * Length of feedback content as both sides count it: Unicode characters (code points, so an emoji is one)
 * of the trimmed text. The database CHECK (`char_length`) counts the same way.
 */
export function feedbackContentLength(content: string): number {
  return [...content.trim()].length;
}

export const feedbackResultSchema = z.object({ ticketId: z.number().int() });
export type FeedbackResult = z.infer<typeof feedbackResultSchema>;
export const feedbackResponse = envelopeOf(feedbackResultSchema);
