import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import { LotteryDrawsRepository } from './lottery-draws.repository.ts';
import {
  DRAW_EVERY_MS,
  DRAW_JOB,
  LotteryDrawsService,
  SCHEDULE_EVERY_MS,
  SCHEDULE_JOB,
} from './lottery-draws.service.ts';
import type { LotteryBrandOf } from './lottery-draws.unit.ts';
import { lotteryLgwRoutes } from './lottery-lgw.routes.ts';
import { lotteryOpsRoutes } from './lottery-ops.routes.ts';
import { LotteryOpsService } from './lottery-ops.service.ts';
import { lotteryPublicRoutes } from './lottery-public.routes.ts';
import { LotteryPublicService } from './lottery-public.service.ts';
import { lotteryResultsRoutes } from './lottery-results.routes.ts';
import { LotteryResultsService } from './lottery-results.service.ts';

/**
 * What the draws part needs of `LotteryModuleDeps` (declared here, not imported from lottery-module.ts,
 * which imports this file: no import circle).
 */
export type LotteryDrawsDeps = {
  db: Db;
  clock: Clock;
  log?: FastifyBaseLogger | undefined;
  brandOf?: LotteryBrandOf | undefined;
};

/** Without the system module's host resolution (a bare test), every host is the default brand. */
function defaultBrandOf(db: Db): LotteryBrandOf {
  const reads = new LotteryDrawsRepository(db);
  return async () => {
    const brand = await reads.defaultBrand();
    if (!brand) throw new Error('no default brand');
    return brand;
  };
}

/** The draws part's services without routes: the factory's, the operator CLI's and the seed's. */
export function lotteryDrawsServices(deps: LotteryDrawsDeps) {
  return {
    draws: new LotteryDrawsService(deps),
    results: new LotteryResultsService(deps),
    ops: new LotteryOpsService(deps),
  };
}

/**
 * The draws part (docs/lottery.md): games and their calendars, draws from their sources (in-house from a
 * committed seed by the draw job, external with four eyes), the public reads and SPEC §7 lgw boards, and
 * the operators' games, results and cancels. Two jobs: `lottery.schedule` (30 s) and `lottery.draw` (2 s).
 */
export function createLotteryDraws(deps: LotteryDrawsDeps): {
  routes: FastifyPluginAsyncZod;
  jobs: JobSpec[];
} {
  const services = lotteryDrawsServices(deps);
  const publicService = new LotteryPublicService({
    db: deps.db,
    clock: deps.clock,
    brandOf: deps.brandOf ?? defaultBrandOf(deps.db),
  });
  const parts = [
    lotteryPublicRoutes(publicService),
    lotteryLgwRoutes(publicService),
    lotteryOpsRoutes(services.ops),
    lotteryResultsRoutes(services.results),
  ];
  return {
    routes: async (app, options) => {
      for (const part of parts) await part(app, options);
    },
    jobs: [
      {
        name: SCHEDULE_JOB,
        everyMs: SCHEDULE_EVERY_MS,
        run: async ({ now }) => {
          await services.draws.schedule(now);
        },
      },
      {
        name: DRAW_JOB,
        everyMs: DRAW_EVERY_MS,
        run: async ({ now }) => {
          await services.draws.drawDue(now);
        },
      },
    ],
  };
}
