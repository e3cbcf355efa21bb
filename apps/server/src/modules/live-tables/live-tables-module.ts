import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ChangeSubscription } from '../../lib/process-cache.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import type { LiveTablesPort } from '../realtime/live-hub.ts';
import { LiveAudience } from './live-audience.ts';
import { LiveBetsService } from './live-bets.service.ts';
import { CYCLE_EVERY_MS, CYCLE_JOB, LiveCycleService } from './live-cycle.service.ts';
import { LivePublicService } from './live-public.service.ts';
import { LiveSessionsService } from './live-sessions.service.ts';
import { LiveTablesRepository } from './live-tables.repository.ts';
import { liveTablesDevRoutes, liveTablesRoutes } from './live-tables.routes.ts';

export { LIVE_CHANNEL } from './live-tables.repository.ts';

export type LiveTablesModuleDeps = {
  db: Db;
  clock: Clock;
  /** The tables' wallet client, signed as vendor LIVE (`catalogueWalletClient(…, 'LIVE')`). */
  wallet: WalletClientSource;
  log?: FastifyBaseLogger;
  /** DEV_INBOX: the journeys' dev route (advance a table now). */
  devInbox?: boolean;
  /** The brand of a request's host (the system module's `resolveBrand`). */
  brandOf?: (host: string | null) => Promise<{ id: bigint }>;
  /** The live channel's feed: other processes' players' counts arrive on it (live-audience.ts). */
  changes?: ChangeSubscription;
};

/** What other modules may use: the realtime socket's port (snapshots, players' count) and the cycle. */
export type LiveTablesApi = {
  push: LiveTablesPort;
  cycle: LiveCycleService;
};

/**
 * The in-house live tables (issue 22, docs/live-tables.md "Server"): shared tables dealing rounds on the
 * server clock as vendor `LIVE` behind the seamless-wallet protocol. Job `live.cycle` moves every table
 * whose phase ended and settles the bets of rounds whose result is in.
 */
export function createLiveTablesModule(deps: LiveTablesModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: LiveTablesApi;
  jobs: JobSpec[];
} {
  const announcer = new LiveTablesRepository(deps.db);
  const audience = new LiveAudience({ announce: (payload) => announcer.announceAudience(payload) });
  deps.changes?.subscribe({
    changed: (payload) => audience.heard(payload),
    resumed: () => audience.resumed(),
  });
  const reads = new LivePublicService({ db: deps.db, audience, brandOf: deps.brandOf });
  const cycle = new LiveCycleService({ db: deps.db, wallet: deps.wallet, log: deps.log });
  const sessions = new LiveSessionsService({ db: deps.db, wallet: deps.wallet, clock: deps.clock });
  const bets = new LiveBetsService({ db: deps.db, wallet: deps.wallet, clock: deps.clock, log: deps.log });
  const brandOf = deps.brandOf ?? (async () => ({ id: 1n }));
  const parts = [
    liveTablesRoutes({ reads, sessions, bets }),
    ...(deps.devInbox
      ? [
          liveTablesDevRoutes({
            cycle,
            tables: new LiveTablesRepository(deps.db),
            clock: deps.clock,
            brandOf,
          }),
        ]
      : []),
  ];
  return {
    routes: async (app, options) => {
      for (const part of parts) await part(app, options);
    },
    api: {
      push: {
        snapshotById: (tableId) => reads.snapshotById(tableId),
        snapshotsOf: (brandId, codes) => reads.snapshotsOf(brandId, codes),
        audience,
      },
      cycle,
    },
    jobs: [
      {
        name: CYCLE_JOB,
        everyMs: CYCLE_EVERY_MS,
        // A run is short; a stuck one is taken over quickly rather than stopping the tables for 5 minutes.
        leaseMs: 30_000,
        run: async ({ now }) => {
          await cycle.tick(now);
        },
      },
    ],
  };
}
