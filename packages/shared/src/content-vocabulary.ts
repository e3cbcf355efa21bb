/**
 * The content API's vocabularies (docs/content-contract.md): plain constants and types with no zod, so the
 * browser can import the values on any path without pulling the schema library in (ARCHITECTURE §1 traps).
 * content.schema.ts builds its zod schemas from these.
 */

export const BANNER_GROUPS = [
  'home',
  'rng',
  'live',
  'fish',
  'pvp',
  'sports',
  'esports',
  'lottery',
  'download',
  'promotion',
  'shop',
  'help',
] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

/** ROUTE: a path of this site; URL: an absolute http(s) address; PROMOTION: a promotion id. */
export const BANNER_LINKAGE_TYPES = ['ROUTE', 'URL', 'PROMOTION'] as const;
export type BannerLinkageType = (typeof BANNER_LINKAGE_TYPES)[number];

/** B banner/notice, PL player, PU popup, PR promotion, H home (SPEC §3 announcement types). */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** Which group of the relay answer each announcement type lands in. */
export const ANNOUNCEMENT_GROUP_OF = {
  B: 'banners',
  PL: 'player',
  PU: 'popup',
  PR: 'promotion',
  H: 'home',
} as const satisfies Record<AnnouncementType, string>;

export const PROMOTION_CATEGORIES = [
  'others',
  'sports',
  'live',
  'slots',
  'cards',
  'fish',
  'lotto',
  'rebate',
  'pointsMall',
  'ranking',
  'deposit',
  'appDownload',
  'newbie',
  'gamePromotions',
] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];
/** The filter of the promotions page: `all` or one category. */
export const PROMOTION_FILTERS = ['all', ...PROMOTION_CATEGORIES] as const;
export type PromotionFilter = (typeof PROMOTION_FILTERS)[number];

export const PROMOTION_TAGS = ['NEWBIE', 'LIMITED', 'SPECIAL_OFFER', 'DAILY', 'HIGH_REBATE', 'VIP'] as const;
export type PromotionTag = (typeof PROMOTION_TAGS)[number];

export const APP_PLATFORMS = ['ios', 'android', 'lite'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export const PAGE_KEYS = ['join', 'terms', 'privacy', 'responsible-gaming'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export const FEEDBACK_QUESTION_TYPES = [
  'deposit',
  'withdrawal',
  'game',
  'customerService',
  'application',
  'other',
] as const;
export type FeedbackQuestionType = (typeof FEEDBACK_QUESTION_TYPES)[number];

/** `pathList[].type` of the customer-service answer; 3 and 4 are sealed (customer-service-seal.ts). */
export const CUSTOMER_SERVICE_PATH_TYPE = { email: 1, phone: 2, liveChat: 3, vipLine: 4 } as const;
export type CustomerServicePathType =
  (typeof CUSTOMER_SERVICE_PATH_TYPE)[keyof typeof CUSTOMER_SERVICE_PATH_TYPE];

/** Largest page any content list serves; bigger `pageSize` values are refused, not clamped. */
export const CONTENT_PAGE_SIZE_MAX = 50;
export const BLOG_PAGE_SIZE = 10;
/** At most this many marquee notices on the home page. */
export const NOTICE_MARQUEE_MAX = 10;
export const WINNER_BOARD_MAX = 50;
