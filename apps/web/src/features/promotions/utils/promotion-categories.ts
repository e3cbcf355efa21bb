import {
  PROMOTION_FILTERS,
  PROMOTION_TAGS,
  type PromotionFilter,
  type PromotionTag,
} from '@lotus/shared/content-vocabulary';

/**
 * SPEC §3 promotion types in the order the filter bar shows them ('all' first) and the tags, straight from
 * the zod-free shared vocabulary the API validates against.
 */
export const PROMOTION_CATEGORIES = PROMOTION_FILTERS;
export type PromotionCategoryKey = PromotionFilter;
export { PROMOTION_TAGS };
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
