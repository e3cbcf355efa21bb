import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Tx } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CreditedDeposit } from '../deposits/deposit-credit-hooks.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import {
  CLOSE_JOB,
  GRANT_JOB,
  RAFFLE_JOB_EVERY_MS,
  RaffleCampaignsService,
} from './raffle-campaigns.service.ts';
import { rafflesDevRoutes } from './raffles.dev-routes.ts';
import { rafflesRoutes } from './raffles.routes.ts';
import { RafflesService } from './raffles.service.ts';

export type RafflesModuleDeps = {
  db: Db;
  clock: Clock;
  /** DEV_INBOX: registers the browser journeys' `POST /dev/raffles/run-jobs`. */
  devInbox?: boolean;
};

/** What other modules use: the deposit rule's grant, in the crediting transaction. */
export type RafflesApi = {
  depositCreditedIn(trx: Tx, deposit: CreditedDeposit): Promise<void>;
  campaigns: RaffleCampaignsService;
  raffles: RafflesService;
};

/** The services without routes: the factory's, the operator CLI's and the seed's. */
export function rafflesServices(deps: { db: Db; clock: Clock }): {
  raffles: RafflesService;
  campaigns: RaffleCampaignsService;
} {
  return { raffles: new RafflesService(deps), campaigns: new RaffleCampaignsService(deps) };
}

/**
 * Red envelope, golden egg and prize wheel from committed seeds (issue 19, docs/raffles.md): campaigns with
 * a weighted prize table and ticket rules, the claim of SPEC §7, the budget as the campaign's own ledger
 * account, and two jobs on the one queue (tickets by the turnover and registration rules; closing ended
 * campaigns). The deposit rule runs in the deposit's transaction through `api.depositCreditedIn`.
 */
export function createRafflesModule(deps: RafflesModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: RafflesApi;
  jobs: JobSpec[];
} {
  const services = rafflesServices(deps);
  const { campaigns } = services;
  const routes = rafflesRoutes(services);
  const devRoutes = deps.devInbox ? rafflesDevRoutes(campaigns, () => deps.clock.now()) : null;
  return {
    routes: devRoutes
      ? async (app, options) => {
          await routes(app, options);
          await devRoutes(app, options);
        }
      : routes,
    api: {
      ...services,
      depositCreditedIn: (trx, deposit) => campaigns.depositCreditedIn(trx, deposit),
    },
    jobs: [
      { name: GRANT_JOB, everyMs: RAFFLE_JOB_EVERY_MS, run: ({ now }) => campaigns.grantByRules(now) },
      { name: CLOSE_JOB, everyMs: RAFFLE_JOB_EVERY_MS, run: ({ now }) => campaigns.closeEnded(now) },
    ],
  };
}
