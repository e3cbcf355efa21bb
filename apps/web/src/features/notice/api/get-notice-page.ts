import { ANNOUNCEMENTS_PER_PAGE } from '@lotus/shared/constants';
import type { AnnouncementPage } from '@lotus/shared/content.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** GET /wps/content/announcements?pageNo=&pageSize=9: every announcement type, newest first (the notice page). */
export function getNoticePage(
  pageNo: number,
  language: string,
  signal?: AbortSignal,
): Promise<AnnouncementPage> {
  const query = new URLSearchParams({
    pageNo: String(pageNo),
    pageSize: String(ANNOUNCEMENTS_PER_PAGE),
    language,
  });
  return apiGet<AnnouncementPage>(`/wps/content/announcements?${query}`, signal ? { signal } : {});
}

export function noticePageQueryOptions(pageNo: number, language: string) {
  return queryOptions({
    queryKey: ['content', 'announcements', 'all', pageNo, language],
    queryFn: ({ signal }) => getNoticePage(pageNo, language, signal),
    // The previous page stays on screen while the next one loads, so the list does not collapse.
    placeholderData: keepPreviousData,
  });
}

export function useNoticePage(pageNo: number) {
  const { i18n } = useTranslation();
  return useQuery(noticePageQueryOptions(pageNo, toBrandLanguage(i18n.language)));
}
