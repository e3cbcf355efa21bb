import type { BlogPage } from '@lotus/shared/content.schema';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** Posts per page of the blog list ('load more' fetches the next page). */
export const BLOG_LIST_PAGE_SIZE = 6;

/** GET /wps/content/blog?pageNo=&pageSize=: one page of post summaries, newest first. */
export function getBlogList(pageNo: number, language: string, signal?: AbortSignal): Promise<BlogPage> {
  const query = new URLSearchParams({
    pageNo: String(pageNo),
    pageSize: String(BLOG_LIST_PAGE_SIZE),
    language,
  });
  return apiGet<BlogPage>(`/wps/content/blog?${query}`, signal ? { signal } : {});
}

export function blogListQueryOptions(language: string) {
  return infiniteQueryOptions({
    queryKey: ['content', 'blog', 'list', language],
    queryFn: ({ pageParam, signal }) => getBlogList(pageParam, language, signal),
    initialPageParam: 1,
    // SPEC §4 paging: there is more while the current page is below totalPages.
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
  });
}

export function useBlogList() {
  const { i18n } = useTranslation();
  return useInfiniteQuery(blogListQueryOptions(toBrandLanguage(i18n.language)));
}
