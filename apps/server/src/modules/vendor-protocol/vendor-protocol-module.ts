import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ChangeFeed, ProcessCache } from '../../lib/process-cache.ts';
import type { LedgerApi } from '../ledger/ledger-module.ts';
import { injectTransport, type ProtocolTransport } from './protocol-client.ts';
import { type ProtocolVendor, VendorProtocolRepository } from './vendor-protocol.repository.ts';
import { vendorProtocolRoutes } from './vendor-protocol.routes.ts';
import { VendorProtocolService, type WinRecorder } from './vendor-protocol.service.ts';

export type VendorProtocolModuleDeps = {
  db: Kysely<Database>;
  ledger: LedgerApi;
  clock: Clock;
  /** Wins feed the public winner board (content module). */
  recordWin: WinRecorder;
  log: FastifyBaseLogger;
  /** The access announcements (`lotus_access`), which carry `vendor:<code>` when a vendor row changes. */
  accessChanges: ChangeFeed;
};

/** Vendor codes whose rows a process keeps (a brand has tens of vendors; unknown codes are cached too). */
const VENDOR_CACHE_ENTRIES = 1_000;
const VENDOR_PAYLOAD = 'vendor:';

/** What a vendor that lives in this process uses: the signed protocol, sent through `app.inject`. */
export type VendorProtocolApi = { transportFor(app: FastifyInstance): ProtocolTransport };

/**
 * The seamless-wallet protocol (docs/vendor-protocol.md): vendors (the in-house studio too) move a player's
 * money with signed debit / credit / rollback calls.
 */
export function createVendorProtocolModule(deps: VendorProtocolModuleDeps): {
  routes: FastifyPluginAsync;
  api: VendorProtocolApi;
} {
  // Every signed call reads the vendor rows of its code: served from memory, dropped by the database's
  // announcement of any change to a vendor (migration 0021), bypassed while the feed is down.
  const vendors = new ProcessCache<ProtocolVendor[]>({ maxEntries: VENDOR_CACHE_ENTRIES });
  deps.accessChanges.follow(vendors, (payload) => {
    if (payload.startsWith(VENDOR_PAYLOAD)) vendors.delete(payload.slice(VENDOR_PAYLOAD.length));
  });
  const service = new VendorProtocolService({
    vendors,
    repository: new VendorProtocolRepository(deps.db),
    ledger: deps.ledger,
    clock: deps.clock,
    recordWin: deps.recordWin,
    log: deps.log,
  });
  return { routes: vendorProtocolRoutes(service), api: { transportFor: injectTransport } };
}
