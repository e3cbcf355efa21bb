import type { MoneyLimitView, PlaySession, ProtectionState } from '@lotus/shared/player-protection.schema';
import { vi } from 'vitest';

/** Player-protection answers shaped like the contract (packages/shared/src/player-protection.schema.ts). */
export function makeProtectionState(overrides: Partial<ProtectionState> = {}): ProtectionState {
  return {
    currency: 'INR',
    currencySymbol: '₹',
    limits: [],
    sessionLimit: null,
    realityCheckMinutes: 60,
    depositLimitPrompt: false,
    helpLinks: [{ name: 'Help line', url: 'https://help.example.test/' }],
    ...overrides,
  };
}

export function makeLimit(overrides: Partial<MoneyLimitView> = {}): MoneyLimitView {
  return {
    kind: 'loss',
    period: 'day',
    amountMinor: '50000',
    amount: '500.00',
    usedMinor: '12000',
    used: '120.00',
    remainingMinor: '38000',
    remaining: '380.00',
    periodEndsAt: '2026-11-28T00:00:00.000Z',
    pending: null,
    ...overrides,
  };
}

export function makePlaySession(overrides: Partial<PlaySession> = {}): PlaySession {
  return {
    startedAt: '2026-11-27T10:00:00.000Z',
    now: '2026-11-27T10:12:05.000Z',
    elapsedSeconds: 725,
    stakedMinor: '30000',
    wonMinor: '18000',
    netMinor: '-12000',
    net: '-120.00',
    currencySymbol: '₹',
    realityCheckMinutes: 60,
    realityCheckAt: '2026-11-27T11:00:00.000Z',
    realityCheckDue: false,
    sessionEndsAt: null,
    ...overrides,
  };
}

export type SentCall = { method: string; path: string; search: string; body: unknown };
type Answer = unknown | Response | ((call: SentCall) => unknown | Response);

/**
 * Stubs `fetch` with envelopes keyed by `METHOD /path` (or `/path` for any method); records every call with
 * its parsed JSON body. An unknown path answers a 404 envelope.
 */
export function serveApi(routes: Record<string, Answer>) {
  const calls: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const text = typeof init?.body === 'string' ? init.body : null;
      const call = { method, path: url.pathname, search: url.search, body: text ? JSON.parse(text) : null };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
      const answer = typeof route === 'function' ? (route as (call: SentCall) => unknown)(call) : route;
      if (answer instanceof Response) return answer;
      if (answer === undefined) {
        return Response.json({ success: false, message: 'not_found', value: null }, { status: 404 });
      }
      return Response.json({ success: true, message: 'ok', value: answer });
    }),
  );
  return calls;
}

export function refusal(code: string, status: number, value: unknown = null): Response {
  return Response.json({ success: false, message: code, value }, { status });
}
