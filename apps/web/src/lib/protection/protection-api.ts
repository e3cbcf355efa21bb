import type {
  CancelPendingBody,
  ExclusionBody,
  ExclusionResult,
  LimitChangeResult,
  PlaySession,
  ProtectionState,
  RealityCheckMinutes,
  SetMoneyLimitBody,
} from '@lotus/shared/player-protection.schema';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api-client.ts';
import { useSessionStore } from '../session/session-store.ts';

/**
 * The player-protection calls several features share (packages/shared/src/player-protection.schema.ts has the
 * paths and the rules; docs/player-protection.md): the "Play limits" state the security centre, the deposit
 * prompt and the help links read, and the login session's play the game overlay and the reality check show.
 * Types only from the shared schema: the server validates, and zod stays out of the browser bundle. Member
 * data, so everything hangs under ['member'] and signing out forgets it.
 */
export const PROTECTION_KEYS = {
  all: ['member', 'protection'] as const,
  state: ['member', 'protection', 'state'] as const,
  session: ['member', 'protection', 'session'] as const,
};

const useHasSession = () => useSessionStore((state) => state.token !== null);

export function fetchProtectionState(signal?: AbortSignal): Promise<ProtectionState> {
  return apiGet<ProtectionState>('/wps/member/protection', signal ? { signal } : {});
}

/** `GET /wps/member/protection`: limits, pending changes, reality-check interval, prompt, help links. */
export function useProtectionState({ enabled = true }: { enabled?: boolean } = {}) {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: PROTECTION_KEYS.state,
    queryFn: ({ signal }) => fetchProtectionState(signal),
    enabled: hasSession && enabled,
    // "Used" and "remaining" move with every bet: a page opened again shows them fresh.
    staleTime: 0,
  });
}

/** A change answers the whole new state: it replaces the cached one, so the page never shows both. */
export function storeProtectionState(queryClient: QueryClient, state: ProtectionState): void {
  queryClient.setQueryData(PROTECTION_KEYS.state, state);
}

export function setMoneyLimit(body: SetMoneyLimitBody): Promise<LimitChangeResult> {
  return apiSend<LimitChangeResult>('PUT', '/wps/member/protection/limits', body);
}

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

/** The first-deposit prompt was answered: a limit was set, or the player chose not to. */
export function answerDepositPrompt(answer: 'set' | 'skipped'): Promise<unknown> {
  return apiSend('POST', '/wps/member/protection/deposit-prompt', { answer });
}

export function takeExclusion(body: ExclusionBody): Promise<ExclusionResult> {
  return apiSend<ExclusionResult>('POST', '/wps/member/protection/exclusions', body);
}

export function fetchPlaySession(signal?: AbortSignal): Promise<PlaySession> {
  return apiGet<PlaySession>('/wps/member/protection/session', signal ? { signal } : {});
}

/** "Keep playing": the reality check is acknowledged; answers the session with its next check. */
export function acknowledgeRealityCheck(): Promise<PlaySession> {
  return apiSend<PlaySession>('POST', '/wps/member/protection/reality-check/ack', {});
}
