import type { LiveTableSummary } from '@lotus/shared/live.schema';
import { LIVE_API } from '@lotus/shared/live-constants';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { liveKeys } from './keys.ts';

/** `GET /api/live/tables`: the lobby, every table of the brand with its phase and last results (public). */
export function tablesQuery() {
  return queryOptions({
    queryKey: liveKeys.tables,
    queryFn: ({ signal }) =>
      apiGet<{ list: LiveTableSummary[] }>(`${LIVE_API}/tables`, { signal }).then((value) => value.list),
    staleTime: 30_000,
  });
}
