import type { HelpCenter } from '@lotus/shared/content.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';

/**
 * GET /wps/system/helpCenter, for the footer's help links. Same call and cache key as the help page's, so
 * visiting /help after seeing the footer asks the server nothing new.
 */
export function getHelpTopics(language: string, signal?: AbortSignal): Promise<HelpCenter> {
  const path = `/wps/system/helpCenter?language=${encodeURIComponent(language)}`;
  return apiGet<HelpCenter>(path, signal ? { signal } : {});
}

export function helpTopicsQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['content', 'help-center', language],
    queryFn: ({ signal }) => getHelpTopics(language, signal),
  });
}

export function useHelpTopics() {
  const { i18n } = useTranslation();
  return useQuery(helpTopicsQueryOptions(toBrandLanguage(i18n.language)));
}
