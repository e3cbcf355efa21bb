import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobSpec } from '../jobs/jobs-api.ts';
import type { SportsbookModuleDeps } from './sportsbook-deps.ts';

/**
 * The betting part of the sportsbook (docs/sportsbook.md "Bets through the protocol"): player sessions,
 * bets as protocol rounds (acceptance rules, in-play delay, limits and liability), settlement and
 * resettlement, cash-out, the operators' liability, void and correction calls, and `GCS_gameLaunchFB`.
 * Job: `sports.settle`.
 */
export function createSportsbookBetting(_deps: SportsbookModuleDeps): {
  routes: FastifyPluginAsyncZod;
  jobs: JobSpec[];
} {
  return { routes: async () => {}, jobs: [] };
}
