import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobSpec } from '../jobs/jobs-api.ts';
import { jackpotRoutes } from './jackpot.routes.ts';
import { type JackpotDeps, JackpotService, POST_EVERY_MS, POST_JOB } from './jackpot.service.ts';

/** Where the trigger of migration 0032 and the job announce a brand's pot change (payload: the brand id). */
export const JACKPOT_CHANNEL = 'lotus_jackpot';

export type JackpotModuleDeps = JackpotDeps & {
  /** The brand of a request's host (system api). */
  brandIdOf: (host: string) => Promise<bigint>;
};

/**
 * Progressive jackpots (issue 19, docs/jackpot.md): the public pots, the back office's side, and the job that
 * posts the contributions and pays the wins.
 */
export function createJackpotModule(deps: JackpotModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: { service: JackpotService };
  jobs: JobSpec[];
} {
  const service = new JackpotService(deps);
  return {
    routes: jackpotRoutes({ service, brandIdOf: deps.brandIdOf }),
    api: { service },
    jobs: [{ name: POST_JOB, everyMs: POST_EVERY_MS, run: () => service.postPending() }],
  };
}
