import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobSpec } from '../jobs/jobs-api.ts';
import type { LotteryModuleDeps } from './lottery-deps.ts';
import { lotteryLiabilityRoutes } from './lottery-liability.routes.ts';
import { LotteryLiabilityService } from './lottery-liability.service.ts';
import { LotterySessionsService } from './lottery-sessions.service.ts';
import { lotteryDevRoutes } from './lottery-settlement.dev-routes.ts';
import { LotterySettlementService, SETTLE_EVERY_MS, SETTLE_JOB } from './lottery-settlement.service.ts';
import { lotterySlipsRoutes } from './lottery-slips.routes.ts';
import { LotterySlipsService } from './lottery-slips.service.ts';

/**
 * The engine part of the lottery module (docs/lottery.md "Bet slips through the protocol"): player sessions,
 * bet slips as protocol rounds with their liability, the settlement job (pay, refund, void) and the
 * operators' liability view; with DEV_INBOX, the journeys' `POST /dev/lottery/run-jobs`.
 */
export function createLotteryEngine(deps: LotteryModuleDeps): {
  routes: FastifyPluginAsyncZod;
  jobs: JobSpec[];
} {
  const log = deps.log ? { log: deps.log } : {};
  const sessions = new LotterySessionsService(deps);
  const slips = new LotterySlipsService({ ...deps, ...log });
  const settlement = new LotterySettlementService({ db: deps.db, wallet: deps.wallet, ...log });
  const liability = new LotteryLiabilityService(deps);
  const parts = [
    lotterySlipsRoutes({ sessions, slips }),
    lotteryLiabilityRoutes(liability),
    ...(deps.devInbox ? [lotteryDevRoutes()] : []),
  ];
  return {
    routes: async (app, options) => {
      for (const part of parts) await part(app, options);
    },
    jobs: [{ name: SETTLE_JOB, everyMs: SETTLE_EVERY_MS, run: ({ now }) => settlement.run(now) }],
  };
}
