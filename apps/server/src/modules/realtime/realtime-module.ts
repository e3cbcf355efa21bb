import type { FastifyPluginAsync } from 'fastify';
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
