import type {
  LimitChangeResult,
  ProtectionState,
  SetMoneyLimitBody,
} from '@lotus/shared/player-protection.schema';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet, apiSend } from '../api-client.ts';
import { i18n, loadNamespaces } from '../i18n.ts';
import { useTranslation } from '../i18n-react.tsx';
import { useSessionStore } from '../session/session-store.ts';

/**
 * What several features share of the player's protection (packages/shared/src/player-protection.schema.ts
 * has the paths and the rules; docs/player-protection.md): the "Play limits" state the security centre, the
 * deposit prompt and the help links read, a money limit's change, the query keys, the paths of the player's
 * tools and the texts' loading. Types only from the shared schema: the server validates, and zod stays out
 * of the browser bundle. Member data, so everything hangs under ['member'] and signing out forgets it.
 */

/**
 * Where the player's own tools are (member centre, lib/member-centre/member-centre-entries.ts; a test checks
 * these match): written out here so the game overlay and the responsible-gaming page link to them without
 * loading the member centre's menu.
 */
export const PROTECTION_PATHS = {
  limits: '/member/securityCenter?tab=limits',
  takeABreak: '/member/securityCenter?tab=break',
  activity: '/member/myActivity',
} as const;

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

/** The first-deposit prompt was answered: a limit was set, or the player chose not to. */
export function answerDepositPrompt(answer: 'set' | 'skipped'): Promise<unknown> {
  return apiSend('POST', '/wps/member/protection/deposit-prompt', { answer });
}

/**
 * What a game frame of the in-house studio posts to the page around it (same origin only) when a bet was
 * refused with `reality_check_due`: the page reads the play session at once instead of at its next look,
 * and shows the reality check.
 */
export const PLAY_PAUSED_MESSAGE = 'lotus:play-paused';

/**
 * For screens outside the member centre that show player-protection texts (the game overlay and reality
 * check, the responsible-gaming page's tools): the `protection` namespace is a member one, so no visitor page
 * downloads it; these load it when they mount and show nothing until it is there. (Kept in this module, with
 * the calls every such screen uses, so it adds no chunk of its own to the site's start.)
 */
export function useProtectionTexts(): boolean {
  useTranslation('protection');
  const loaded = i18n.hasLoadedNamespace('protection');
  useEffect(() => {
    if (!loaded) void loadNamespaces(['protection']);
  }, [loaded]);
  return loaded;
}
