import type { LiveTableSnapshot } from '@lotus/shared/live.schema';
import { LIVE_API } from '@lotus/shared/live-constants';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { liveKeys } from './keys.ts';

/** `GET /api/live/tables/:code`: the table's snapshot with its round and last 50 results (public). */
export function tableQuery(code: string) {
  return queryOptions({
    queryKey: liveKeys.table(code),
    queryFn: ({ signal }) =>
      apiGet<LiveTableSnapshot>(`${LIVE_API}/tables/${encodeURIComponent(code)}`, { signal }),
    // The socket pushes every phase move; a refetch is only for a page that lost it.
    staleTime: 30_000,
  });
}
