import type { SitePage } from '@lotus/shared/content.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** GET /wps/content/pages/join: the join-us / affiliate page's text (sanitised HTML). */
export function getJoinPage(language: string, signal?: AbortSignal): Promise<SitePage> {
  const path = `/wps/content/pages/join?language=${encodeURIComponent(language)}`;
  return apiGet<SitePage>(path, signal ? { signal } : {});
}

export function joinPageQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['content', 'page', 'join', language],
    queryFn: ({ signal }) => getJoinPage(language, signal),
  });
}

export function useJoinPage() {
  const { i18n } = useTranslation();
  return useQuery(joinPageQueryOptions(toBrandLanguage(i18n.language)));
}
