import type { LiveVerify } from '@lotus/shared/live.schema';
import { LIVE_API } from '@lotus/shared/live-constants';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { liveKeys } from './keys.ts';

/** `GET /api/live/rounds/:roundId/verify`: the round's shoe, its seed once the shoe ended (public). */
export function verifyQuery(roundId: string) {
  return queryOptions({
    queryKey: liveKeys.verify(roundId),
    queryFn: ({ signal }) => apiGet<LiveVerify>(`${LIVE_API}/rounds/${roundId}/verify`, { signal }),
  });
}
