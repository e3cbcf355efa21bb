import type { BannersValue } from '@lotus/shared/content.schema';
import type { BannerGroup } from '@lotus/shared/content-vocabulary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** GET /wps/content/banners?group=: the group's active banners, in their order (texts in `language`). */
export function getBanners(
  group: BannerGroup,
  language: string,
  signal?: AbortSignal,
): Promise<BannersValue> {
  const query = new URLSearchParams({ group, language });
  return apiGet<BannersValue>(`/wps/content/banners?${query}`, signal ? { signal } : {});
}

export function bannersQueryOptions(group: BannerGroup, language: string) {
  return queryOptions({
    queryKey: ['content', 'banners', group, language],
    queryFn: ({ signal }) => getBanners(group, language, signal),
  });
}

export function useBanners(group: BannerGroup) {
  const { i18n } = useTranslation();
  return useQuery(bannersQueryOptions(group, toBrandLanguage(i18n.language)));
}
