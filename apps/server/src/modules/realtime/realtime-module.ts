import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { type LotteryGameSnapshot, LotterySnapshotRepository } from './lottery-snapshot.repository.ts';
import { type RealtimeDeps, realtimeRoutes } from './realtime.routes.ts';

/**
 * Live balance (docs/wallet-contract.md "Live balance"): a WebSocket that pushes a member's balance whenever
 * the ledger announces a change. Its deps are the auth module's token check, the wallet's balance and the
 * process's balance and access feeds.
 */
export function createRealtimeModule(deps: RealtimeDeps): {
  routes: FastifyPluginAsync;
  api: Record<string, never>;
} {
  return { routes: realtimeRoutes(deps), api: {} };
}

/** The channel the lottery draws' trigger announces on (migration 0034), payload: the lottery game id. */
export const LOTTERY_CHANNEL = 'lotus_lottery';

/**
 * The `lotteryGameOf` port of the socket (issue 20): a game's next draw and last result, read from the
 * lottery tables with the clock's public status.
 */
export function lotterySnapshots(
  db: Db,
  clock: Clock,
): (lotteryGameId: bigint) => Promise<LotteryGameSnapshot | null> {
  const repository = new LotterySnapshotRepository(db);
  return (lotteryGameId) => repository.gameOf(lotteryGameId, clock.now());
}
