import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerApi } from '../ledger/ledger-module.ts';
import { injectTransport, type ProtocolTransport } from './protocol-client.ts';
import { VendorProtocolRepository } from './vendor-protocol.repository.ts';
import { vendorProtocolRoutes } from './vendor-protocol.routes.ts';
import { VendorProtocolService, type WinRecorder } from './vendor-protocol.service.ts';

export type VendorProtocolModuleDeps = {
  db: Kysely<Database>;
  ledger: LedgerApi;
  clock: Clock;
  /** Wins feed the public winner board (content module). */
  recordWin: WinRecorder;
  log: FastifyBaseLogger;
};

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
  const service = new VendorProtocolService({
    repository: new VendorProtocolRepository(deps.db),
    ledger: deps.ledger,
    clock: deps.clock,
    recordWin: deps.recordWin,
    log: deps.log,
  });
  return { routes: vendorProtocolRoutes(service), api: { transportFor: injectTransport } };
}
