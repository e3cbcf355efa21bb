import type { BlogPost } from '@lotus/shared/content.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** GET /wps/content/blog/:slug: one post with its body (sanitised HTML); unknown slug → 404 not_found. */
export function getBlogPost(slug: string, language: string, signal?: AbortSignal): Promise<BlogPost> {
  const path = `/wps/content/blog/${encodeURIComponent(slug)}?language=${encodeURIComponent(language)}`;
  return apiGet<BlogPost>(path, signal ? { signal } : {});
}

export function blogPostQueryOptions(slug: string, language: string) {
  return queryOptions({
    queryKey: ['content', 'blog', 'post', slug, language],
    queryFn: ({ signal }) => getBlogPost(slug, language, signal),
  });
}

export function useBlogPost(slug: string) {
  const { i18n } = useTranslation();
  return useQuery(blogPostQueryOptions(slug, toBrandLanguage(i18n.language)));
}
