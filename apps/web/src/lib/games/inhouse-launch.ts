import { ApiError } from '../api-client.ts';
import { fetchGameList, launchGame } from './games-api.ts';

/** The launch token a platform launch URL carries (`…?token=…` or `…?launchToken=…`), or null. */
export function launchTokenIn(content: string): string | null {
  try {
    const params = new URL(content, 'http://localhost').searchParams;
    return params.get('token') ?? params.get('launchToken');
  } catch {
    return null;
  }
}

/**
 * An in-house book's launch token for one of its catalogue games (docs/vendor-protocol.md): the game's node
 * in the vendor's list → `GET /wps/game/launchGame` → the token its launch URL carries. The book then opens
 * its own session with it.
 */
export async function inhouseLaunchToken(vendorCode: string, gameCode: string, language: string) {
  const games = await fetchGameList({ vassalage: vendorCode, pageNo: 1, pageSize: 100, language });
  const node = games.list.find((card) => card.gameCode === gameCode);
  if (!node) throw new ApiError('game_not_found', 404);
  const launch = await launchGame({ nodeId: node.nodeId, trial: false, language });
  const token = launchTokenIn(launch.content);
  if (!token) throw new ApiError('unknown_error', 0);
  return token;
}
