import type { PromotionFilter, PromotionTag } from '@lotus/shared/content.schema';

/**
 * SPEC §3 promotion types, in the order the filter bar shows them, with the keys of the API
 * (docs/content-contract.md). Repeated here as plain data, checked against the shared types: importing the
 * values from @lotus/shared/content.schema would bring zod into the page (ARCHITECTURE §1 traps).
 */
export const PROMOTION_CATEGORIES = [
  'all',
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
] as const satisfies readonly PromotionFilter[];
export type PromotionCategoryKey = PromotionFilter;

/** SPEC §3 tags (the spec's "HIGH RABATE" is a typo of the source; the API says HIGH_REBATE). */
export const PROMOTION_TAGS = [
  'NEWBIE',
  'LIMITED',
  'SPECIAL_OFFER',
  'DAILY',
  'HIGH_REBATE',
  'VIP',
] as const satisfies readonly PromotionTag[];
export type PromotionTagKey = PromotionTag;

/** The query parameter that carries the filter, so a reload or a shared link keeps it. */
export const CATEGORY_PARAM = 'category';

export function isPromotionCategory(value: unknown): value is PromotionCategoryKey {
  return typeof value === 'string' && (PROMOTION_CATEGORIES as readonly string[]).includes(value);
}

/** The filter in the URL; anything missing or unknown means 'all'. */
export function categoryFromSearch(search: URLSearchParams): PromotionCategoryKey {
  const value = search.get(CATEGORY_PARAM);
  return isPromotionCategory(value) ? value : 'all';
}

/**
 * The filters to offer: 'all', then every category that has promotions, in SPEC order. The selected one
 * stays in the bar even when it has none (a link to an emptied category), so the visitor sees what is
 * applied and can leave it.
 */
export function visibleCategories(
  counts: readonly { key: string; count: number }[],
  selected: PromotionCategoryKey,
): PromotionCategoryKey[] {
  const withPromotions = new Set(counts.filter((entry) => entry.count > 0).map((entry) => entry.key));
  return PROMOTION_CATEGORIES.filter((key) => key === 'all' || key === selected || withPromotions.has(key));
}

export function isPromotionTag(value: unknown): value is PromotionTagKey {
  return typeof value === 'string' && (PROMOTION_TAGS as readonly string[]).includes(value);
}
