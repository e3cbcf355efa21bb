import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';

/** What the sportsbook module's parts are built from (a file of its own, so the parts need not import the module). */
export type SportsbookModuleDeps = {
  db: Db;
  clock: Clock;
  /** The book's wallet client, signed as vendor SPORTSBOOK (`catalogueWalletClient(…, 'SPORTSBOOK')`). */
  wallet: WalletClientSource;
  log?: FastifyBaseLogger;
  /** DEV_INBOX: the browser journeys' dev routes (advance a fixture, nudge a price, run the jobs). */
  devInbox?: boolean;
  /** The brand of a request's host (the system module's `resolveBrand`); the default brand when absent. */
  brandOf?: (host: string | null) => Promise<{ id: bigint }>;
};
