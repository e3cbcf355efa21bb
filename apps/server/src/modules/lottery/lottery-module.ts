import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import { createLotteryDraws } from './lottery-draws-part.ts';
import { createLotteryEngine } from './lottery-engine-part.ts';

export type LotteryModuleDeps = {
  db: Db;
  clock: Clock;
  /** The engine's wallet client, signed as vendor LOTTO (`catalogueWalletClient(…, 'LOTTO')`). */
  wallet: WalletClientSource;
  log?: FastifyBaseLogger;
  /** DEV_INBOX: the browser journeys' dev routes. */
  devInbox?: boolean;
  /** The brand of a request's host (the system module's `resolveBrand`); the default brand when absent. */
  brandOf?: (host: string | null) => Promise<{ id: bigint }>;
};

/**
 * The lottery engine (issue 20, docs/lottery.md): an in-house vendor behind the seamless-wallet protocol.
 * Two parts over the tables of migration 0034:
 * - draws (`lottery-draws-part.ts`): games and their calendars, draws and their sources (in-house from a
 *   committed seed, external with four-eyes), the public reads (games, results, trends, SPEC §7 lgw paths)
 *   and the operators' game and result calls;
 * - engine (`lottery-engine-part.ts`): player sessions, bet slips (one protocol round each), liability,
 *   settlement, refunds of cancelled draws and the operators' liability view.
 */
export function createLotteryModule(deps: LotteryModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: Record<string, never>;
  jobs: JobSpec[];
} {
  const draws = createLotteryDraws(deps);
  const engine = createLotteryEngine(deps);
  return {
    routes: async (app, options) => {
      await draws.routes(app, options);
      await engine.routes(app, options);
    },
    api: {},
    jobs: [...draws.jobs, ...engine.jobs],
  };
}
