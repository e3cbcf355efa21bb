import type { PromotionDetail } from '@lotus/shared/content.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** GET /wps/content/promotions/:id: one promotion with its terms (sanitised HTML); unknown id → 404. */
export function getPromotion(id: number, language: string, signal?: AbortSignal): Promise<PromotionDetail> {
  const path = `/wps/content/promotions/${id}?language=${encodeURIComponent(language)}`;
  return apiGet<PromotionDetail>(path, signal ? { signal } : {});
}

export function promotionQueryOptions(id: number, language: string) {
  return queryOptions({
    queryKey: ['content', 'promotion', id, language],
    queryFn: ({ signal }) => getPromotion(id, language, signal),
  });
}

/** `id` null (missing or malformed in the URL): nothing is fetched, the page shows its not-found state. */
export function usePromotion(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    ...promotionQueryOptions(id ?? 0, toBrandLanguage(i18n.language)),
    enabled: id !== null,
  });
}
