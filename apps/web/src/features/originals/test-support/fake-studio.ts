import { sha256Hex } from '@lotus/games/fair';
import { INHOUSE_GAMES, isInHouseGameCode, playRound } from '@lotus/games/play';
import type { GameBet } from '@lotus/games/types';
import type { OriginalsSession, Round } from '@lotus/shared/originals.schema';
import { vi } from 'vitest';

/**
 * A stand-in for the studio API in unit tests: it keeps a balance and a seed and plays real rounds with
 * packages/games, so the screens draw genuine outcomes. `fail` makes the next play answer an error code.
 */
export function fakeStudio(options: {
  gameCode: string;
  trial?: boolean;
  balanceMinor?: string;
  /** Issue 19: a free-round grant the studio plays (its stake funded, so the balance only gains the win). */
  freeRounds?: { grantId: string; total: number; stakeMinor: string };
  /** Issue 22: the brand's autoplay rule (on here unless a test turns it off; brands default to off). */
  autoplayAllowed?: boolean;
}) {
  const code = options.gameCode;
  const game = isInHouseGameCode(code) ? INHOUSE_GAMES[code] : null;
  const state = {
    balance: BigInt(options.balanceMinor ?? '10000000'),
    serverSeed: 'ab'.repeat(32),
    clientSeed: 'client-seed-1',
    nonce: 0,
    rounds: [] as Round[],
    fail: null as null | { code: string; status: number },
    freeTaken: 0,
    calls: [] as { method: string; path: string; body: unknown; session: string | null; at: number }[],
  };
  const seed = () => ({
    serverSeedHash: sha256Hex(state.serverSeed),
    clientSeed: state.clientSeed,
    nonce: state.nonce,
  });
  const session = (): OriginalsSession => ({
    sessionToken: 'studio-session-token',
    trial: options.trial ?? false,
    gameCode: code,
    gameType: game?.gameType ?? 'RNG',
    currency: 'INR',
    currencySymbol: '₹',
    balanceMinor: state.balance.toString(),
    minBetMinor: game?.minBetMinor ?? '100',
    maxBetMinor: game?.maxBetMinor ?? '100000',
    seed: seed(),
    language: 'EN',
    autoplayAllowed: options.autoplayAllowed ?? true,
  });
  const ok = (value: unknown) => Response.json({ success: true, message: 'ok', value });
  const error = (message: string, status: number) =>
    Response.json({ success: false, message, value: null }, { status });

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    state.calls.push({
      method,
      path: url.pathname,
      body,
      session: headers['x-originals-session'] ?? null,
      at: Date.now(),
    });
    const path = url.pathname.replace('/originals/api', '');
    if (method === 'POST' && path === '/sessions') return ok(session());
    if (headers['x-originals-session'] !== 'studio-session-token') return error('session_expired', 401);
    if (method === 'GET' && path === '/balance') return ok({ balanceMinor: state.balance.toString() });
    if (method === 'GET' && path === '/rounds') {
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      const game = url.searchParams.get('gameCode');
      const list = [...state.rounds].reverse().filter((round) => game === null || round.gameCode === game);
      return ok({ list: list.slice(0, pageSize), pageNum: 1, totalPages: 1 });
    }
    if (method === 'POST' && path === '/rounds') {
      if (state.fail) {
        const { code: failCode, status } = state.fail;
        state.fail = null;
        return error(failCode, status);
      }
      const grantId = (body as { freeRoundGrantId?: string }).freeRoundGrantId;
      const free = options.freeRounds;
      if (grantId !== undefined && (!free || grantId !== free.grantId))
        return error('free_round_not_found', 404);
      if (free && grantId !== undefined && state.freeTaken >= free.total)
        return error('free_rounds_used_up', 409);
      const bet: GameBet =
        free && grantId !== undefined
          ? { game: 'slot', betMinor: free.stakeMinor }
          : (body as { bet: GameBet }).bet;
      if (free && grantId !== undefined) {
        state.freeTaken += 1;
        state.balance += BigInt(free.stakeMinor);
      }
      const outcome = playRound(code, bet, {
        serverSeed: state.serverSeed,
        clientSeed: state.clientSeed,
        nonce: state.nonce,
      });
      const stake = BigInt('stakeMinor' in outcome ? outcome.stakeMinor : outcome.betMinor);
      if (stake > state.balance) return error('insufficient_funds', 409);
      state.balance += BigInt(outcome.totalPayMinor) - stake;
      const round: Round = {
        roundId: `round-${state.rounds.length + 1}`,
        gameCode: code,
        trial: options.trial ?? false,
        serverSeedHash: sha256Hex(state.serverSeed),
        clientSeed: state.clientSeed,
        nonce: state.nonce,
        serverSeed: null,
        stakeMinor: stake.toString(),
        payoutMinor: outcome.totalPayMinor,
        outcome: outcome as unknown as Record<string, unknown>,
        createdAt: new Date().toISOString(),
      };
      state.rounds.push(round);
      state.nonce += 1;
      const freeRound =
        free && grantId !== undefined
          ? {
              grantId,
              n: state.freeTaken,
              total: free.total,
              roundsLeft: free.total - state.freeTaken,
              stakeMinor: free.stakeMinor,
            }
          : undefined;
      return ok({
        round,
        balanceMinor: state.balance.toString(),
        seed: seed(),
        ...(freeRound ? { freeRound } : {}),
      });
    }
    if ((method === 'POST' && path === '/seeds/rotate') || (method === 'PUT' && path === '/seeds/client')) {
      const nextClientSeed =
        method === 'PUT' ? (body as { clientSeed: string }).clientSeed : state.clientSeed;
      const revealed = {
        serverSeed: state.serverSeed,
        serverSeedHash: sha256Hex(state.serverSeed),
        clientSeed: state.clientSeed,
        rounds: state.nonce,
      };
      for (const round of state.rounds) round.serverSeed ??= state.serverSeed;
      state.serverSeed = state.serverSeed === 'cd'.repeat(32) ? 'ef'.repeat(32) : 'cd'.repeat(32);
      state.clientSeed = nextClientSeed;
      state.nonce = 0;
      return ok({ revealed, seed: seed() });
    }
    return error('not_found', 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    state,
    session,
    fetchStub,
    plays: () => state.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/rounds')),
  };
}

/** Makes Mantine's useReducedMotion report "reduce", so the screens skip their animations in tests. */
export function preferReducedMotion(): void {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
