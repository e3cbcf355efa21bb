import type { SitePage } from '@lotus/shared/content.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** GET /wps/content/pages/:key (terms, privacy, responsible-gaming); an unknown key answers 404. */
export function getContentPage(key: string, language: string, signal?: AbortSignal): Promise<SitePage> {
  const path = `/wps/content/pages/${encodeURIComponent(key)}?language=${encodeURIComponent(language)}`;
  return apiGet<SitePage>(path, signal ? { signal } : {});
}

export function contentPageQueryOptions(key: string, language: string) {
  return queryOptions({
    queryKey: ['content', 'page', key, language],
    queryFn: ({ signal }) => getContentPage(key, language, signal),
  });
}

/** `enabled` false (a key the site does not have): nothing is fetched. */
export function useContentPage(key: string, enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({ ...contentPageQueryOptions(key, toBrandLanguage(i18n.language)), enabled });
}
