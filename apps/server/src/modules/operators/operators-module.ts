import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AttemptCounter } from '../../lib/attempt-gate.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerApi } from '../ledger/ledger-module.ts';
import { operatorsRoutes } from './operators.routes.ts';
import { OperatorsService } from './operators.service.ts';

export type OperatorsModuleDeps = {
  db: Kysely<Database>;
  clock: Clock;
  gates: AttemptCounter;
  ledger: LedgerApi;
  /** The brand a request's host belongs to (system module). */
  resolveBrandByHost: (host: string | null) => Promise<{ id: bigint }>;
};

/**
 * The back office's operators (docs/wallet-contract.md "Back office"): log-in, accounts and wallet
 * adjustments. `api` is also what the operator-auth plugin checks operator tokens with.
 */
export function createOperatorsModule(deps: OperatorsModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: OperatorsService;
} {
  const service = new OperatorsService(deps.db, {
    clock: deps.clock,
    gates: deps.gates,
    ledger: deps.ledger,
    resolveBrandByHost: deps.resolveBrandByHost,
  });
  return { routes: operatorsRoutes(service), api: service };
}
