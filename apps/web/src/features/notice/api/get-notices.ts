import type { Notice } from '@lotus/shared/content.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

export type NoticeList = { list: Notice[] };

/** GET /wps/content/notices: the home marquee's notices (newest first, at most 10). */
export function getNotices(language: string, signal?: AbortSignal): Promise<NoticeList> {
  const path = `/wps/content/notices?language=${encodeURIComponent(language)}`;
  return apiGet<NoticeList>(path, signal ? { signal } : {});
}

export function noticesQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['content', 'notices', language],
    queryFn: ({ signal }) => getNotices(language, signal),
  });
}

export function useNotices() {
  const { i18n } = useTranslation();
  return useQuery(noticesQueryOptions(toBrandLanguage(i18n.language)));
}
