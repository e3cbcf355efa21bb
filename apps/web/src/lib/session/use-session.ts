import type { LoginResult, MemberInfo } from '@lotus/shared/auth.schema';
import { NOT_REAL_MEMBER_TYPE } from '@lotus/shared/member-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiGet, apiSend } from '../api-client.ts';
import { openAuthModal, type SignedOutReason, useAuthModal } from './auth-modal-store.ts';
import { REMEMBERED_KEY } from './remembered-key.ts';
import { useSessionStore } from './session-store.ts';

/** TanStack Query key of `/wps/member/info`; everything about the logged-in member hangs under ['member']. */
export const MEMBER_INFO_KEY = ['member', 'info'] as const;

export function fetchMemberInfo({ signal }: { signal?: AbortSignal } = {}): Promise<MemberInfo> {
  return apiGet<MemberInfo>('/wps/member/info', signal ? { signal } : {});
}

export type SessionStatus = 'visitor' | 'loading' | 'member';

export type Session = {
  token: string | null;
  member: MemberInfo | null;
  status: SessionStatus;
  /** SPEC §6: type-4 and trial accounts are not real accounts (`in_need_true_account`). */
  isRealAccount: boolean;
  isAgent: boolean;
};

/**
 * The current session (SPEC §4 "App start: if a session token exists fetch member info"). A token the server
 * no longer honours (expired, revoked: 401) signs the browser out, so the header never shows a dead session.
 */
export function useSession(): Session {
  const token = useSessionStore((state) => state.token);
  const signOut = useSessionStore((state) => state.signOut);
  const query = useQuery({
    queryKey: MEMBER_INFO_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await fetchMemberInfo({ signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) signOut();
        throw error;
      }
    },
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
  const member = token !== null ? (query.data ?? null) : null;
  const status: SessionStatus = token === null ? 'visitor' : member ? 'member' : 'loading';
  return {
    token,
    member,
    status,
    isRealAccount: member !== null && !member.isTrial && member.type !== NOT_REAL_MEMBER_TYPE,
    // The server's own judgement (member info), not re-derived from the type here.
    isAgent: member?.isAgent ?? false,
  };
}

/** How the player got in; decides whether an expired password forces the change-password modal. */
export type LoginMethod =
  | 'username'
  | 'remembered'
  | 'sms'
  | 'register'
  | 'one_click'
  | 'free_play'
  | 'oauth'
  | 'reset';

// SPEC §4: the forced change follows a password login only, "not sms or firebase" (third-party sign-in).
const FORCED_CHANGE_METHODS: readonly LoginMethod[] = ['username', 'remembered'];

/**
 * Finishes any successful login (SPEC §4 login, free play, registration, reset by phone, third-party): stores
 * the token; then either opens the forced change-password modal (first login with an initial password, or
 * expired with PWDEXPFORCECHANGE3) or loads member info, closes the modal and goes to '/'.
 * `password` is the one just typed, held in memory only so the forced change need not ask for it again.
 */
export function useCompleteLogin(): (
  result: LoginResult,
  context: { method: LoginMethod; password?: string },
) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (result, context) => {
      useSessionStore.getState().signIn(result.token);
      queryClient.removeQueries({ queryKey: ['member'] });
      if (result.passwordExpired && FORCED_CHANGE_METHODS.includes(context.method)) {
        openAuthModal({
          kind: 'changePassword',
          forced: true,
          ...(context.password === undefined ? {} : { oldPassword: context.password }),
        });
        return;
      }
      await queryClient.fetchQuery({ queryKey: MEMBER_INFO_KEY, queryFn: () => fetchMemberInfo() });
      useAuthModal.getState().close();
      await navigate('/');
    },
    [queryClient, navigate],
  );
}

/**
 * SPEC §4 Logout (after the confirm dialog): end the session (and this device's remember-me) on the server, clear session storage keeping
 * the merchant keys, forget the member's cached data and go to '/'. A failed call still signs the browser
 * out: the player asked to leave, and the server session expires on its own.
 */
export function useLogout(): () => Promise<void> {
  const endLocally = useEndSessionLocally();
  return useCallback(async () => {
    try {
      await apiSend('DELETE', '/wps/session/logout');
    } catch {
      // Signed out locally regardless (see above).
    }
    await endLocally();
  }, [endLocally]);
}

/**
 * The browser's half of a logout, for a session the server has already ended (the player's break or
 * self-exclusion, the session time limit): forget the token and the member's cached data and go to '/'.
 * With `reason`, the signed-out dialog then says why (lib/session/auth-modal-store.ts).
 */
export function useEndSessionLocally(): (reason?: SignedOutReason) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (reason) => {
      // The dialog first: a member-only page still on show meets the signed-out state before the move home,
      // and must not ask to log in over it (features/member-centre/components/member-centre.tsx).
      if (reason) useAuthModal.getState().open({ kind: 'signedOut', reason });
      else useAuthModal.getState().close();
      useSessionStore.getState().signOut();
      queryClient.removeQueries({ queryKey: ['member'] });
      // The server ended this device's "remember me" with the session: never offer it from the cache.
      queryClient.removeQueries({ queryKey: REMEMBERED_KEY });
      await navigate('/');
    },
    [queryClient, navigate],
  );
}

/** SPEC §6: a visitor's protected action opens the login popup instead. */
export function useRequireLogin(): (action: () => void) => void {
  const { token } = useSession();
  return useCallback(
    (action) => {
      if (token === null) openAuthModal({ kind: 'login' });
      else action();
    },
    [token],
  );
}

/** SPEC §6: wallet-type actions also need a real account (not trial, not type 4). */
export function useRequireRealAccount(): (action: () => void) => void {
  const { token, member, isRealAccount } = useSession();
  return useCallback(
    (action) => {
      if (token === null) openAuthModal({ kind: 'login' });
      else if (member !== null && !isRealAccount) openAuthModal({ kind: 'trueAccountRequired' });
      else if (member !== null) action();
    },
    [token, member, isRealAccount],
  );
}
