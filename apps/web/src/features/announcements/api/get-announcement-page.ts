import { ANNOUNCEMENTS_PER_PAGE } from '@lotus/shared/constants';
import type { AnnouncementPage } from '@lotus/shared/content.schema';
import type { AnnouncementType } from '@lotus/shared/content-vocabulary';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** GET /wps/content/announcements?type=&pageNo=&pageSize=9: one page of one announcement type, newest first. */
export function getAnnouncementPage(
  type: AnnouncementType,
  pageNo: number,
  language: string,
  signal?: AbortSignal,
): Promise<AnnouncementPage> {
  const query = new URLSearchParams({
    type,
    pageNo: String(pageNo),
    pageSize: String(ANNOUNCEMENTS_PER_PAGE),
    language,
  });
  return apiGet<AnnouncementPage>(`/wps/content/announcements?${query}`, signal ? { signal } : {});
}

export function announcementPageQueryOptions(type: AnnouncementType, pageNo: number, language: string) {
  return queryOptions({
    queryKey: ['content', 'announcements', type, pageNo, language],
    queryFn: ({ signal }) => getAnnouncementPage(type, pageNo, language, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncementPage(type: AnnouncementType, pageNo: number) {
  const { i18n } = useTranslation();
  return useQuery(announcementPageQueryOptions(type, pageNo, toBrandLanguage(i18n.language)));
}
