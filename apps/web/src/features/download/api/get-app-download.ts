import type { AppDownload } from '@lotus/shared/content.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** GET /wps/content/appDownload: the iOS, Android and lite-app install guides. */
export function getAppDownload(language: string, signal?: AbortSignal): Promise<AppDownload> {
  const path = `/wps/content/appDownload?language=${encodeURIComponent(language)}`;
  return apiGet<AppDownload>(path, signal ? { signal } : {});
}

export function appDownloadQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['content', 'app-download', language],
    queryFn: ({ signal }) => getAppDownload(language, signal),
  });
}

export function useAppDownload() {
  const { i18n } = useTranslation();
  return useQuery(appDownloadQueryOptions(toBrandLanguage(i18n.language)));
}
