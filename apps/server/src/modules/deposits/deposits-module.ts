import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GatewaySimulatorConfig } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import type { LedgerApi } from '../ledger/ledger-module.ts';
import type { DepositCreditHook } from './deposit-credit-hooks.ts';
import { DepositsRepository } from './deposits.repository.ts';
import { depositsRoutes } from './deposits.routes.ts';
import { DepositsService } from './deposits.service.ts';
import { createPaymentGateways } from './payment-gateway.ts';

/** Deposits (docs/wallet-contract.md "Deposits"): member requests, gateways and the back-office desk. */
export function createDepositsModule(deps: {
  db: Kysely<Database>;
  ledger: LedgerApi;
  gatewaySimulator: GatewaySimulatorConfig | null;
  /** The brand a host serves. */
  brandIdOf: (host: string) => Promise<bigint>;
  /** Run in the crediting transaction of every credited deposit (deposit-credit-hooks.ts). */
  creditHooks?: readonly DepositCreditHook[];
}): { routes: FastifyPluginAsyncZod; api: Record<string, never> } {
  const { gateways, simulator } = createPaymentGateways({ gatewaySimulator: deps.gatewaySimulator });
  const service = new DepositsService({
    db: deps.db,
    repository: new DepositsRepository(deps.db),
    ledger: deps.ledger,
    gateways,
    ...(deps.creditHooks ? { creditHooks: deps.creditHooks } : {}),
  });
  return { routes: depositsRoutes(service, { brandIdOf: deps.brandIdOf, simulator }), api: {} };
}
