import type { Promotions } from '@lotus/shared/content.schema';
import type { PromotionFilter } from '@lotus/shared/content-vocabulary';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** GET /wps/content/promotions?category=: the live promotions of one category, with every category's count. */
export function getPromotions(
  category: PromotionFilter,
  language: string,
  signal?: AbortSignal,
): Promise<Promotions> {
  const query = new URLSearchParams({ category, language });
  return apiGet<Promotions>(`/wps/content/promotions?${query}`, signal ? { signal } : {});
}

export function promotionsQueryOptions(category: PromotionFilter, language: string) {
  return queryOptions({
    queryKey: ['content', 'promotions', category, language],
    queryFn: ({ signal }) => getPromotions(category, language, signal),
    // Switching filters keeps the bar and the old cards until the new list arrives (no flash of empty).
    placeholderData: keepPreviousData,
  });
}

export function usePromotions(category: PromotionFilter) {
  const { i18n } = useTranslation();
  return useQuery(promotionsQueryOptions(category, toBrandLanguage(i18n.language)));
}
