import type { LiveBet, LiveBetRequest } from '@lotus/shared/live.schema';
import { LIVE_API, LIVE_SESSION_HEADER } from '@lotus/shared/live-constants';
import { apiSend } from '../../../lib/api-client.ts';

export type PlacedLiveBet = { bet: LiveBet; balanceMinor: string };

/** `POST /api/live/tables/:code/bets`: one confirm's bets; the same Idempotency-Key replays the first answer. */
export function placeLiveBets(
  code: string,
  body: LiveBetRequest,
  sessionToken: string,
  idempotencyKey: string,
): Promise<PlacedLiveBet> {
  return apiSend<PlacedLiveBet>('POST', `${LIVE_API}/tables/${encodeURIComponent(code)}/bets`, body, {
    headers: { [LIVE_SESSION_HEADER]: sessionToken, 'Idempotency-Key': idempotencyKey },
  });
}
