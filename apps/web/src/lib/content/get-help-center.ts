import type { HelpCenter } from '@lotus/shared/content.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client.ts';
import { toBrandLanguage } from '../i18n.ts';
import { useTranslation } from '../i18n-react.tsx';

/**
 * GET /wps/system/helpCenter: categories with their articles (sanitised HTML), in one language. The footer's
 * help links and the help page read this one query, so visiting /help after seeing the footer asks the
 * server nothing new.
 */
export function getHelpCenter(language: string, signal?: AbortSignal): Promise<HelpCenter> {
  const path = `/wps/system/helpCenter?language=${encodeURIComponent(language)}`;
  return apiGet<HelpCenter>(path, signal ? { signal } : {});
}

export function helpCenterQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['content', 'help-center', language],
    queryFn: ({ signal }) => getHelpCenter(language, signal),
  });
}

export function useHelpCenter() {
  const { i18n } = useTranslation();
  return useQuery(helpCenterQueryOptions(toBrandLanguage(i18n.language)));
}
