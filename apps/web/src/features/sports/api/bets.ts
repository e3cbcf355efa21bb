import {
  SPORTSBOOK_API,
  SPORTSBOOK_SESSION_HEADER,
  type SportsBet,
  type SportsBetRequest,
  type SportsCashoutQuote,
} from '@lotus/shared/sportsbook.schema';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

export type PlacedBet = { bet: SportsBet; balanceMinor: string };
export type BetsPage = { list: SportsBet[]; nextCursor: string | null };

const session = (token: string) => ({ [SPORTSBOOK_SESSION_HEADER]: token });

/** `POST /sportsbook/api/bets`: the same `requestId` replays the first answer (docs/sportsbook.md step 2). */
export function placeBet(body: SportsBetRequest, token: string): Promise<PlacedBet> {
  return apiSend<PlacedBet>('POST', `${SPORTSBOOK_API}/bets`, body, { headers: session(token) });
}

/** `GET /sportsbook/api/bets?status=`: the player's bets, newest first. */
export function fetchBets(
  status: 'open' | 'settled',
  token: string,
  signal?: AbortSignal,
): Promise<BetsPage> {
  return apiGet<BetsPage>(`${SPORTSBOOK_API}/bets?${new URLSearchParams({ status })}`, {
    headers: session(token),
    ...(signal ? { signal } : {}),
  });
}

/** `POST …/bets/:betId/cashout/quote`: what the bet is worth now, valid a few seconds. */
export function quoteCashout(betId: string, token: string): Promise<SportsCashoutQuote> {
  return apiSend<SportsCashoutQuote>(
    'POST',
    `${SPORTSBOOK_API}/bets/${encodeURIComponent(betId)}/cashout/quote`,
    {},
    { headers: session(token) },
  );
}

/** `POST …/bets/:betId/cashout { quoteId }`: taken only at the quoted price (else a re-quote). */
export function acceptCashout(betId: string, quoteId: string, token: string): Promise<PlacedBet> {
  return apiSend<PlacedBet>(
    'POST',
    `${SPORTSBOOK_API}/bets/${encodeURIComponent(betId)}/cashout`,
    { quoteId },
    { headers: session(token) },
  );
}
