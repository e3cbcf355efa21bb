import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FreeRoundFunding } from '../free-rounds/free-rounds.service.ts';
import { createSeamlessWalletClient, type ProtocolTransport } from '../vendor-protocol/protocol-client.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import { FishingService } from './fishing.service.ts';
import { InhouseVendorRepository } from './inhouse-vendor.repository.ts';
import { inhouseVendorRoutes } from './inhouse-vendor.routes.ts';
import {
  INHOUSE_VENDOR_CODE,
  InhouseVendorService,
  type WalletClientSource,
} from './inhouse-vendor.service.ts';
import { SeedService } from './seed.service.ts';

/**
 * The studio's wallet client, signed with the LOTUS vendor's `wallet_secret` as the catalogue holds it
 * now (read per call, so an operator's new secret applies without a restart; the client is rebuilt only
 * when the secret changed). No secret configured → the real-money studio is unavailable (503); trials
 * still work.
 */
export function catalogueWalletClient(
  db: Kysely<Database>,
  transport: ProtocolTransport,
  /** The platform's clock: the studio runs in the same process, so it stamps its calls with the same time. */
  clock?: Clock,
  /** Which in-house vendor signs: the studio (LOTUS) or the lottery engine (LOTTO, issue 20). */
  vendorCode: string = INHOUSE_VENDOR_CODE,
): WalletClientSource {
  let cached: { secret: string; client: SeamlessWalletClient } | null = null;
  const repository = new InhouseVendorRepository(db);
  return async () => {
    const secret = await repository.inhouseWalletSecret(vendorCode);
    if (!secret) throw new AppError('service_unavailable', { message: `${vendorCode} has no wallet_secret` });
    if (cached?.secret !== secret) {
      cached = {
        secret,
        client: createSeamlessWalletClient({
          vendorCode,
          secret,
          transport,
          ...(clock ? { now: () => clock.now().getTime() } : {}),
        }),
      };
    }
    return cached.client;
  };
}

/**
 * The in-house studio (docs/games-contract.md "In-house vendor"): a vendor like any other, reaching the
 * wallet only through the signed seamless-wallet protocol (`wallet`, e.g. `catalogueWalletClient`).
 */
export function createInhouseVendorModule(deps: {
  db: Kysely<Database>;
  clock: Clock;
  wallet: WalletClientSource;
  log?: FastifyBaseLogger;
  /** Issue 19: free rounds of a promotion (modules/free-rounds). */
  freeRounds?: FreeRoundFunding;
}): { routes: FastifyPluginAsyncZod; api: Record<string, never> } {
  const service = new InhouseVendorService({
    db: deps.db,
    seeds: new SeedService(deps.db, deps.clock),
    wallet: deps.wallet,
    clock: deps.clock,
    ...(deps.log ? { log: deps.log } : {}),
    ...(deps.freeRounds ? { freeRounds: deps.freeRounds } : {}),
  });
  const fishing = new FishingService({ studio: service, clock: deps.clock });
  return { routes: inhouseVendorRoutes(service, fishing), api: {} };
}
