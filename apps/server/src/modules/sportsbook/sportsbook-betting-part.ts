import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobSpec } from '../jobs/jobs-api.ts';
import { SportsBetsService } from './sportsbook-bets.service.ts';
import { sportsbookBettingOpsRoutes, sportsbookBettingRoutes } from './sportsbook-betting.routes.ts';
import { SportsCashoutService } from './sportsbook-cashout.service.ts';
import { SportsCorrectionsService } from './sportsbook-corrections.service.ts';
import type { SportsbookModuleDeps } from './sportsbook-deps.ts';
import { sportsbookLaunchRoutes } from './sportsbook-launch.routes.ts';
import { SportsSessionsService } from './sportsbook-sessions.service.ts';
import { SETTLE_EVERY_MS, SETTLE_JOB, SportsSettlementService } from './sportsbook-settlement.service.ts';

/**
 * The betting part of the sportsbook (docs/sportsbook.md "Bets through the protocol"): player sessions,
 * bets as protocol rounds (acceptance rules, in-play delay, limits and liability), settlement and
 * resettlement, cash-out, the operators' liability, void and correction calls, and `GCS_gameLaunchFB`.
 * Job: `sports.settle`.
 */
export function createSportsbookBetting(deps: SportsbookModuleDeps): {
  routes: FastifyPluginAsyncZod;
  jobs: JobSpec[];
} {
  const log = deps.log ? { log: deps.log } : {};
  const sessions = new SportsSessionsService(deps);
  const bets = new SportsBetsService({ db: deps.db, wallet: deps.wallet, clock: deps.clock, ...log });
  const cashout = new SportsCashoutService({ db: deps.db, wallet: deps.wallet, clock: deps.clock, ...log });
  const corrections = new SportsCorrectionsService({
    db: deps.db,
    wallet: deps.wallet,
    clock: deps.clock,
    ...log,
  });
  const settlement = new SportsSettlementService({ db: deps.db, wallet: deps.wallet, ...log });
  const parts = [
    sportsbookBettingRoutes({ sessions, bets, cashout }),
    sportsbookBettingOpsRoutes(corrections),
    sportsbookLaunchRoutes({
      db: deps.db,
      clock: deps.clock,
      ...(deps.brandOf ? { brandOf: deps.brandOf } : {}),
    }),
  ];
  return {
    routes: async (app, options) => {
      for (const part of parts) await part(app, options);
    },
    jobs: [{ name: SETTLE_JOB, everyMs: SETTLE_EVERY_MS, run: ({ now }) => settlement.run(now) }],
  };
}
