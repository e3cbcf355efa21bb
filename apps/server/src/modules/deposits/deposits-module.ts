import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GatewaySimulatorConfig } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { DepositsRepository } from './deposits.repository.ts';
import { depositsRoutes } from './deposits.routes.ts';
import { DepositsService } from './deposits.service.ts';
import { createPaymentGateways } from './payment-gateway.ts';

/** Wires the deposits module as the server uses it (app.ts), so app.ts needs one call. */
export function createDeposits(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  gatewaySimulator: GatewaySimulatorConfig | null;
  /** The brand a host serves. */
  brandIdOf: (host: string) => Promise<bigint>;
}): { service: DepositsService; routes: FastifyPluginAsyncZod } {
  const { gateways, simulator } = createPaymentGateways({ gatewaySimulator: deps.gatewaySimulator });
  const service = new DepositsService({
    db: deps.db,
    repository: new DepositsRepository(deps.db),
    ledger: deps.ledger,
    gateways,
  });
  return { service, routes: depositsRoutes(service, { brandIdOf: deps.brandIdOf, simulator }) };
}
