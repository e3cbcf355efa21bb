import type { GameCard } from '@lotus/shared/games.schema';
import { vi } from 'vitest';

/** A game tile's data shaped like the server's (packages/shared/src/games.schema.ts). */
export function makeGameCard(overrides: Partial<GameCard> = {}): GameCard {
  return {
    nodeId: '101',
    gameCode: 'lotus-fortune',
    gameName: 'Lotus Fortune',
    iconUrl: '/games/lotus-fortune.png',
    vassalage: 'LOTUS',
    vendorName: 'Lotus Originals',
    vendorLogoUrl: '/brand/vendors/lotus.svg',
    gameType: 'RNG',
    gameClassify: null,
    supportPlay: 1,
    isHot: 0,
    isNew: 0,
    minBetMinor: '100',
    minLineNum: 1,
    accountTypeId: 1,
    maintenance: false,
    favourite: false,
    rtp: 0.9575,
    ...overrides,
  };
}

export type ApiCall = { path: string; method: string; body: Record<string, unknown>; url: URL };
type Answer = (call: ApiCall) => unknown;

/**
 * Stubs `fetch` for the games calls: each route answers from the call (path, JSON body, query) with the
 * envelope's value, or a Response as is (either may come as a promise); unknown paths get a 404 envelope. Returns every call made.
 */
export function stubGamesApi(routes: Record<string, Answer | object>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const call = { path: url.pathname, method: init?.method ?? 'GET', body, url };
      calls.push(call);
      const route = routes[url.pathname];
      const answer = await (typeof route === 'function' ? (route as Answer)(call) : route);
      if (answer instanceof Response) return answer;
      if (answer === undefined) {
        return Response.json({ success: false, message: 'not_found', value: null }, { status: 404 });
      }
      return Response.json({ success: true, message: 'ok', value: answer });
    }),
  );
  return calls;
}

/** A failed envelope with an ErrorCode, as the server answers one. */
export function apiFailure(code: string, status: number): Response {
  return Response.json({ success: false, message: code, value: null }, { status });
}
