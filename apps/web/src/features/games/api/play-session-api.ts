import type { PlaySession } from '@lotus/shared/player-protection.schema';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

/** The login session's play (issue 17): the in-game overlay and the reality check read and answer it. */
export function fetchPlaySession(signal?: AbortSignal): Promise<PlaySession> {
  return apiGet<PlaySession>('/wps/member/protection/session', signal ? { signal } : {});
}

/** "Keep playing": the reality check is acknowledged; answers the session with its next check. */
export function acknowledgeRealityCheck(): Promise<PlaySession> {
  return apiSend<PlaySession>('POST', '/wps/member/protection/reality-check/ack', {});
}
