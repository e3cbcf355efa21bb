import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import type { PaymentPasswordVerifier } from '../wallet/transfers.service.ts';
import { OperatorPointsService } from './operator-points.service.ts';
import { pointsDevRoutes } from './points.dev-routes.ts';
import { pointsRoutes } from './points.routes.ts';
import { PointsService } from './points.service.ts';
import { EARN_EVERY_MS, EARN_JOB, PointsEarnService } from './points-earn.service.ts';

export type PointsModuleDeps = {
  db: Db;
  clock: Clock;
  /** The payment password (the withdrawals module's), asked by both password-checked calls. */
  paymentPassword: PaymentPasswordVerifier;
  /** The brand of a host (the system module's), for the public calls. */
  brandOf: (host: string) => Promise<bigint>;
  /** DEV_INBOX: registers the browser journeys' `POST /dev/points/earn-now`. */
  devInbox?: boolean;
};

export type PointsApi = { points: PointsService; operators: OperatorPointsService; earn: PointsEarnService };

/** The services without routes: the factory's, the operator CLI's and the seed's. */
export function pointsServices(deps: Pick<PointsModuleDeps, 'db' | 'clock' | 'paymentPassword'>): PointsApi {
  const points = new PointsService(deps);
  return {
    points,
    operators: new OperatorPointsService({ db: deps.db, points }),
    earn: new PointsEarnService({ db: deps.db, clock: deps.clock }),
  };
}

/**
 * Points and the points mall (issue 19, docs/points.md): SPEC §7's seven points calls (the account record
 * is the wallet's), the back office's config, rewards and review, and the `points.earn` job that turns
 * valid turnover into points every minute.
 */
export function createPointsModule(deps: PointsModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: PointsApi;
  jobs: JobSpec[];
} {
  const api = pointsServices(deps);
  const routes = pointsRoutes({ points: api.points, operators: api.operators, brandOf: deps.brandOf });
  return {
    // DEV_INBOX adds the journeys' hook beside the routes (without it its path is unknown, 404).
    routes: async (app, options) => {
      await routes(app, options);
      if (deps.devInbox) await app.register(pointsDevRoutes(api.earn));
    },
    api,
    jobs: [{ name: EARN_JOB, everyMs: EARN_EVERY_MS, run: ({ now }) => api.earn.run(now) }],
  };
}
