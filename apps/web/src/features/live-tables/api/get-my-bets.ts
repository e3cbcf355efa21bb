import type { LiveBet } from '@lotus/shared/live.schema';
import { LIVE_API, LIVE_SESSION_HEADER } from '@lotus/shared/live-constants';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /api/live/bets?tableCode=`: the player's bets at one table, newest first (50). */
export function fetchMyLiveBets(
  code: string,
  sessionToken: string,
  signal?: AbortSignal,
): Promise<LiveBet[]> {
  return apiGet<{ list: LiveBet[] }>(`${LIVE_API}/bets?${new URLSearchParams({ tableCode: code })}`, {
    headers: { [LIVE_SESSION_HEADER]: sessionToken },
    ...(signal ? { signal } : {}),
  }).then((value) => value.list);
}
