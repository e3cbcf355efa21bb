import type { OriginalsSession, SeedState } from '@lotus/shared/originals.schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n, toI18nLanguage } from '../../../lib/i18n.ts';
import { type OpenSessionInput, originalsApi } from '../api/originals-api.ts';

/** What the launch URL carries (docs/games-contract.md "Launch URL"). */
export type LaunchParams =
  | { kind: 'token'; launchToken: string; gameCode: string; language: string | null }
  | { kind: 'trial'; gameCode: string; language: string | null };

export function readLaunchParams(search: URLSearchParams): LaunchParams | null {
  const gameCode = search.get('game') ?? '';
  const language = search.get('lang');
  if (!/^[a-z0-9-]{1,40}$/.test(gameCode)) return null;
  const launchToken = search.get('token');
  if (launchToken) return { kind: 'token', launchToken, gameCode, language };
  if (search.get('trial') === '1') return { kind: 'trial', gameCode, language };
  return null;
}

// The studio session lives in the frame's sessionStorage, keyed by the launch token, so a reload of the
// frame resumes it instead of spending the (single-use) launch token again. Web Storage may be blocked
// in a sandboxed frame: then the session simply lives in memory.
const storageKey = (params: LaunchParams) =>
  params.kind === 'token' ? `originals:${params.launchToken}` : `originals:trial:${params.gameCode}`;

function readStored(params: LaunchParams): OriginalsSession | null {
  try {
    const text = window.sessionStorage.getItem(storageKey(params));
    return text ? (JSON.parse(text) as OriginalsSession) : null;
  } catch {
    return null;
  }
}

function writeStored(params: LaunchParams, session: OriginalsSession | null): void {
  try {
    if (session) window.sessionStorage.setItem(storageKey(params), JSON.stringify(session));
    else window.sessionStorage.removeItem(storageKey(params));
  } catch {
    // Storage blocked: memory only.
  }
}

// One request per launch, even when React runs the effect twice (StrictMode) or two screens mount.
const opening = new Map<string, Promise<OriginalsSession>>();

function openOnce(params: LaunchParams): Promise<OriginalsSession> {
  const key = storageKey(params);
  const existing = opening.get(key);
  if (existing) return existing;
  const input: OpenSessionInput =
    params.kind === 'token'
      ? { launchToken: params.launchToken }
      : { trial: true, gameCode: params.gameCode, ...(params.language ? { language: params.language } : {}) };
  const promise = originalsApi.openSession(input);
  opening.set(key, promise);
  promise.catch(() => opening.delete(key));
  return promise;
}

/** Test seam: forget sessions opened in this page. */
export function resetStudioSessions(): void {
  opening.clear();
}

export type StudioState =
  | { status: 'loading' }
  | { status: 'error'; code: string }
  | { status: 'ready'; session: OriginalsSession };

export type StudioSession = {
  state: StudioState;
  /** Keeps balance and seed current after a round or a seed change (and in storage for a reload). */
  update: (patch: { balanceMinor?: string; seed?: SeedState }) => void;
  /** An API answered session_expired: forget the session and show the message. */
  expire: () => void;
};

export function useStudioSession(params: LaunchParams | null): StudioSession {
  const [state, setState] = useState<StudioState>(() => {
    if (!params) return { status: 'error', code: 'game_not_found' };
    const stored = readStored(params);
    return stored ? { status: 'ready', session: stored } : { status: 'loading' };
  });
  const paramsKey = params ? storageKey(params) : null;
  // Read through a ref: the effects and callbacks follow the launch (its storage key), not the object.
  const launch = useRef(params);
  launch.current = params;

  // The frame speaks the language the platform launched it with; never stored, so the site keeps its own.
  const language = params?.language ?? null;
  useEffect(() => {
    if (!language) return;
    const target = toI18nLanguage(language);
    if (i18n.language !== target) void i18n.changeLanguage(target);
  }, [language]);

  useEffect(() => {
    const params = launch.current;
    if (!params || paramsKey === null) return;
    let cancelled = false;
    const stored = readStored(params);
    if (stored) {
      // A reload: the stored balance may be stale (another tab, a credit landing late).
      originalsApi.balance(stored.sessionToken).then(
        ({ balanceMinor }) => {
          if (cancelled) return;
          const session = { ...stored, balanceMinor };
          writeStored(params, session);
          setState({ status: 'ready', session });
        },
        (error: unknown) => {
          if (cancelled) return;
          if (error instanceof ApiError && error.code === 'session_expired') {
            writeStored(params, null);
            setState({ status: 'error', code: 'session_expired' });
          }
        },
      );
      return () => {
        cancelled = true;
      };
    }
    openOnce(params).then(
      (session) => {
        writeStored(params, session);
        if (!cancelled) setState({ status: 'ready', session });
      },
      (error: unknown) => {
        if (!cancelled)
          setState({ status: 'error', code: error instanceof ApiError ? error.code : 'unknown_error' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [paramsKey]);

  const update = useCallback((patch: { balanceMinor?: string; seed?: SeedState }) => {
    setState((current) => {
      const params = launch.current;
      if (current.status !== 'ready' || !params) return current;
      const session = { ...current.session, ...patch };
      writeStored(params, session);
      return { status: 'ready', session };
    });
  }, []);

  const expire = useCallback(() => {
    if (launch.current) writeStored(launch.current, null);
    setState({ status: 'error', code: 'session_expired' });
  }, []);

  return { state, update, expire };
}
