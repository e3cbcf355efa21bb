import { LOTTERY_API, LOTTERY_VENDOR_CODE } from '@lotus/shared/lottery.schema';
import { ApiError, apiSend } from '../../../lib/api-client.ts';
import { fetchGameList, launchGame } from '../../../lib/games/games-api.ts';

export type LotterySession = {
  sessionToken: string;
  currency: string;
  currencySymbol: string;
  balanceMinor: string;
  language: string;
  nickname: string;
};

/** The launch token a platform launch URL carries (`…?token=…`), or null. */
export function launchTokenOf(content: string): string | null {
  try {
    return new URL(content, 'http://localhost').searchParams.get('token');
  } catch {
    return null;
  }
}

/**
 * Opens the player's lottery session for one game (docs/lottery.md "Bet slips" step 1): the game's catalogue
 * node (lottery games are LOTTO catalogue games) → `GET /wps/game/launchGame` → its launch token →
 * `POST /lotto/api/session`.
 */
export async function openLotterySession(gameCode: string, language: string): Promise<LotterySession> {
  const games = await fetchGameList({ vassalage: LOTTERY_VENDOR_CODE, pageNo: 1, pageSize: 100, language });
  const node = games.list.find((card) => card.gameCode === gameCode);
  if (!node) throw new ApiError('lottery_game_not_found', 404);
  const launch = await launchGame({ nodeId: node.nodeId, trial: false, language });
  const launchToken = launchTokenOf(launch.content);
  if (!launchToken) throw new ApiError('unknown_error', 0);
  return apiSend<LotterySession>('POST', `${LOTTERY_API}/session`, { launchToken });
}
