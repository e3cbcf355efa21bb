import type { LiveSession } from '@lotus/shared/live.schema';
import { LIVE_API, LIVE_VENDOR_CODE } from '@lotus/shared/live-constants';
import { apiSend } from '../../../lib/api-client.ts';
import { inhouseLaunchToken } from '../../../lib/games/inhouse-launch.ts';

/** `POST /api/live/session { launchToken }`: the player's live session (docs/live-tables.md "Server"). */
export function openLiveSessionWithToken(launchToken: string): Promise<LiveSession> {
  return apiSend<LiveSession>('POST', `${LIVE_API}/session`, { launchToken });
}

/** A session for a table's catalogue game: its launch token from the platform, then the live session. */
export async function openLiveSession(gameCode: string, language: string): Promise<LiveSession> {
  return openLiveSessionWithToken(await inhouseLaunchToken(LIVE_VENDOR_CODE, gameCode, language));
}
