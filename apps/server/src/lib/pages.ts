/** The `pageNo` / `pageSize` of a paged list call (1-based pages, validated by the shared query schemas). */
export type PageRequest = { pageNo: number; pageSize: number };

/** The rows of one page, as a repository's `offset` / `limit`. */
export function pageWindow(page: PageRequest): { offset: number; limit: number } {
  return { offset: (page.pageNo - 1) * page.pageSize, limit: page.pageSize };
}

/** The paged list envelope every list call answers (`totalPages` counts an empty list as 0 pages). */
export function pageOf<T>(list: T[], page: PageRequest, total: number) {
  return {
    list,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    total,
    totalPages: Math.ceil(total / page.pageSize),
  };
}
