import { ANNOUNCEMENT_PLATFORM } from '@lotus/shared/constants';
import type { RelayAnnouncements } from '@lotus/shared/content.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

export type AnnouncementListsParams = {
  /** The brand's announcement types (SPEC §3: B, PL, PU, PR, H). */
  types: readonly string[];
  /** The brand's announcement channel (SPEC §3 "default execution B"). */
  execution: string;
};

/**
 * GET /wps/relay/MCSFE_getListAnnouncements (SPEC §7): every announcement type at once, grouped
 * (B → banners, PL → player, PU → popup, PR → promotion, H → home), platform 'W' (SPEC §9).
 */
export function getAnnouncementLists(
  { types, execution }: AnnouncementListsParams,
  language: string,
  signal?: AbortSignal,
): Promise<RelayAnnouncements> {
  const query = new URLSearchParams({
    types: types.join(','),
    platform: ANNOUNCEMENT_PLATFORM,
    execution,
    language,
  });
  return apiGet<RelayAnnouncements>(
    `/wps/relay/MCSFE_getListAnnouncements?${query}`,
    signal ? { signal } : {},
  );
}

export function announcementListsQueryOptions(params: AnnouncementListsParams, language: string) {
  return queryOptions({
    queryKey: ['content', 'announcement-lists', params.types.join(','), params.execution, language],
    queryFn: ({ signal }) => getAnnouncementLists(params, language, signal),
  });
}

export function useAnnouncementLists(params: AnnouncementListsParams, { enabled = true } = {}) {
  const { i18n } = useTranslation();
  return useQuery({ ...announcementListsQueryOptions(params, toBrandLanguage(i18n.language)), enabled });
}
