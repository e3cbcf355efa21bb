import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobSpec } from '../jobs/jobs-api.ts';
import type { LotteryModuleDeps } from './lottery-deps.ts';

/** Placeholder of the draws part (issue 20 helper C fills it; docs/lottery.md "Ownership"). */
export function createLotteryDraws(_deps: LotteryModuleDeps): {
  routes: FastifyPluginAsyncZod;
  jobs: JobSpec[];
} {
  return { routes: async () => {}, jobs: [] };
}
