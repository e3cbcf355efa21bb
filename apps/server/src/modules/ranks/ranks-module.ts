import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import type { PromotionsApi } from '../promotions/promotions-module.ts';
import { RanksRepository } from './ranks.repository.ts';
import { ranksRoutes } from './ranks.routes.ts';
import { type DefaultLanguageOf, RanksService } from './ranks.service.ts';
import { VIP_EVERY_MS, VIP_JOB, VipProgressionService } from './vip-progression.service.ts';

export type RanksApi = {
  /** The VIP job's run (the loyalty dev hook and the seed run it at once). */
  progression: VipProgressionService;
  /** The brand's ladder with each level's terms (the rebate job's rates). */
  ladderOf: (brandId: bigint) => ReturnType<RanksRepository['ladderOf']>;
};

/**
 * Player rank (docs/api.md "Player rank"; docs/loyalty.md "VIP ranks"): the member's VIP level against the
 * brand's ladder, its progress to the next level, and the job that raises levels and grants their rewards.
 */
export function createRanksModule(deps: {
  db: Kysely<Database>;
  clock: Clock;
  defaultLanguageOf: DefaultLanguageOf;
  rewards: Pick<PromotionsApi, 'grantIn'>;
  log?: FastifyBaseLogger;
}): {
  routes: FastifyPluginAsyncZod;
  api: RanksApi;
  jobs: JobSpec[];
} {
  const repository = new RanksRepository(deps.db);
  const service = new RanksService(repository, deps.defaultLanguageOf, deps.clock);
  const progression = new VipProgressionService({
    db: deps.db,
    clock: deps.clock,
    rewards: deps.rewards,
    ...(deps.log ? { log: deps.log } : {}),
  });
  return {
    routes: ranksRoutes(service),
    api: { progression, ladderOf: (brandId) => repository.ladderOf(brandId) },
    jobs: [
      { name: VIP_JOB, everyMs: VIP_EVERY_MS, run: async ({ now }) => void (await progression.run(now)) },
    ],
  };
}
