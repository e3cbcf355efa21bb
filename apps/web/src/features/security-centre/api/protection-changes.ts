import type {
  CancelPendingBody,
  ExclusionBody,
  ExclusionResult,
  LimitChangeResult,
  RealityCheckMinutes,
} from '@lotus/shared/player-protection.schema';
import { apiSend } from '../../../lib/api-client.ts';

/**
 * The changes only the security centre makes to the player's protection (issue 17; the shared state and
 * the money limits are in lib/protection/protection-api.ts). Types only from the shared schema.
 */

export function setSessionLimit(minutes: number | null): Promise<LimitChangeResult> {
  return apiSend<LimitChangeResult>('PUT', '/wps/member/protection/session-limit', { minutes });
}

/**
 * Cancels a waiting raise or removal. The contract names no answer for this and the reality-check setting,
 * so the page reads the state again after either (PROTECTION_KEYS.state) rather than trust a shape.
 */
export function cancelPendingLimit(body: CancelPendingBody): Promise<unknown> {
  return apiSend('DELETE', '/wps/member/protection/limits/pending', body);
}

export function setRealityCheck(minutes: RealityCheckMinutes): Promise<unknown> {
  return apiSend('PUT', '/wps/member/protection/reality-check', { minutes });
}

/** A break or self-exclusion: starts at once; the answer is the last this session gets. */
export function takeExclusion(body: ExclusionBody): Promise<ExclusionResult> {
  return apiSend<ExclusionResult>('POST', '/wps/member/protection/exclusions', body);
}
