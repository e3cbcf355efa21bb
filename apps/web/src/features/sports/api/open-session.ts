import { SPORTSBOOK_API, SPORTSBOOK_VENDOR_CODE } from '@lotus/shared/sportsbook.schema';
import { ApiError, apiSend } from '../../../lib/api-client.ts';
import { fetchGameList, launchGame } from '../../../lib/games/games-api.ts';

export type SportsSession = {
  sessionToken: string;
  playerRef: string;
  currency: string;
  language: string;
  balanceMinor: string;
  expiresAt: string;
};

/** The launch token of a launch URL (`…?token=…` or `…?launchToken=…`), or null. */
export function sportsLaunchTokenOf(content: string): string | null {
  try {
    const params = new URL(content, 'http://localhost').searchParams;
    return params.get('launchToken') ?? params.get('token');
  } catch {
    return null;
  }
}

/** `POST /sportsbook/api/session { launchToken }` (docs/sportsbook.md "Bets through the protocol" step 1). */
export function openSessionWithToken(launchToken: string): Promise<SportsSession> {
  return apiSend<SportsSession>('POST', `${SPORTSBOOK_API}/session`, { launchToken });
}

/**
 * Opens the player's book session for one catalogue game (`sports`, `esports`, `cockfight`): its node in the
 * SPORTSBOOK vendor's list → `GET /wps/game/launchGame` → the launch token → the book's session.
 */
export async function openSportsSession(gameCode: string, language: string): Promise<SportsSession> {
  const games = await fetchGameList({ vassalage: SPORTSBOOK_VENDOR_CODE, pageNo: 1, pageSize: 50, language });
  const node = games.list.find((card) => card.gameCode.toLowerCase() === gameCode.toLowerCase());
  if (!node) throw new ApiError('game_not_found', 404);
  const launch = await launchGame({ nodeId: node.nodeId, trial: false, language });
  const token = sportsLaunchTokenOf(launch.content);
  if (!token) throw new ApiError('unknown_error', 0);
  return openSessionWithToken(token);
}
