import type { LoginChallenge, LoginResult } from '@lotus/shared/auth.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { REMEMBERED_KEY } from '../../../lib/session/remembered-key.ts';
import { type LoginMethod, useCompleteLogin } from '../../../lib/session/use-session.ts';
import { forgetRemembered, getRemembered, loginChallengeOf, loginRemembered } from '../api/login-api.ts';

/** What the submit button is waiting for: the human check's proof of work, or the server. */
export type LoginPhase = 'idle' | 'checking' | 'submitting';

/** Asks to reopen the account the last login was refused for; resolves with when it reopens. */
export type ReopenRequest = () => Promise<{ reopensAt: string }>;

/** The login that met the new-IP step, so the verified result finishes it the same way. */
export type PendingVerification = { challenge: LoginChallenge; method: LoginMethod; password?: string };

/**
 * What every way into the login form shares (SPEC §4 "Login"): the phase, the failure shown above the
 * button (kept as the error, so a language switch re-translates it), the new-IP verification step, the
 * remembered account and "remember me". Each success ends in `useCompleteLogin`.
 */
export function useLoginFlow() {
  const queryClient = useQueryClient();
  const completeLogin = useCompleteLogin();
  const remembered = useQuery({
    queryKey: REMEMBERED_KEY,
    queryFn: ({ signal }) => getRemembered(signal),
    staleTime: 0,
  });
  const account = remembered.data ?? null;
  const [remember, setRemember] = useState(false);
  const [phase, setPhase] = useState<LoginPhase>('idle');
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [verification, setVerification] = useState<PendingVerification | null>(null);
  // A login refused because the account is excluded: how to ask to reopen it with the same credentials
  // (issue 17), kept only while that refusal is on show.
  const [reopen, setReopen] = useState<ReopenRequest | null>(null);

  /** Success of any way in; "remember me" unticked forgets an earlier remembered account (SPEC §4). */
  const finish = async (result: LoginResult, method: LoginMethod, typedPassword?: string) => {
    if (!remember && account !== null && method !== 'remembered' && method !== 'free_play') {
      forgetRemembered().catch(() => undefined);
    }
    queryClient.removeQueries({ queryKey: REMEMBERED_KEY });
    await completeLogin(result, {
      method,
      ...(typedPassword === undefined ? {} : { password: typedPassword }),
    });
  };

  /**
   * A failed attempt: a login from a new IP continues with the verification step (true), anything else is
   * shown above the button (false).
   */
  const fail = (error: unknown, method: LoginMethod, typedPassword?: string): boolean => {
    const challenge = loginChallengeOf(error);
    if (challenge) {
      setVerification({
        challenge,
        method,
        ...(typedPassword === undefined ? {} : { password: typedPassword }),
      });
      return true;
    }
    setFailure({ error });
    return false;
  };

  /** After `fail`: a refused login by an excluded account may be followed by a reopen request. */
  const offerReopen = (error: unknown, request: ReopenRequest) => {
    if (error instanceof ApiError && error.code === 'account_excluded') setReopen(() => request);
  };

  /** Runs one attempt: the failure cleared first, the phase back to idle at the end whatever happens. */
  const run = async (work: (setPhase: (phase: LoginPhase) => void) => Promise<void>) => {
    setFailure(null);
    setReopen(null);
    try {
      await work(setPhase);
    } finally {
      setPhase('idle');
    }
  };

  const continueRemembered = () =>
    run(async (to) => {
      try {
        to('submitting');
        await finish(await loginRemembered(), 'remembered');
      } catch (error) {
        // A revoked or expired token: forget it so the form stops offering it.
        if (!loginChallengeOf(error)) void remembered.refetch();
        fail(error, 'remembered');
      }
    });

  /** "Not you?": the server forgets the device's token, the form forgets the account. */
  const forgetAccount = async () => {
    setFailure(null);
    try {
      await forgetRemembered();
    } catch {
      // The cookie may already be gone; the form forgets the account either way.
    }
    queryClient.setQueryData(REMEMBERED_KEY, null);
    setRemember(false);
  };

  return {
    account,
    remember,
    setRemember,
    phase,
    busy: phase !== 'idle',
    failure,
    clearFailure: () => {
      setFailure(null);
      setReopen(null);
    },
    reopen,
    offerReopen,
    verification,
    closeVerification: () => setVerification(null),
    finish,
    fail,
    run,
    continueRemembered,
    forgetAccount,
  };
}

export type LoginFlow = ReturnType<typeof useLoginFlow>;
