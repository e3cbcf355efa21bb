import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { WithdrawPasswordService } from '../withdrawals/withdraw-password.service.ts';
import { TransfersService } from './transfers.service.ts';
import { WalletRepository } from './wallet.repository.ts';
import { walletRoutes } from './wallet.routes.ts';
import { WalletService } from './wallet.service.ts';

export type WalletModuleDeps = {
  db: Kysely<Database>;
  ledger: LedgerService;
  clock: Clock;
};

/** The wallet module's services and routes (app.ts registers `routes`; realtime reads balances via `service`). */
export function createWallet(deps: WalletModuleDeps): {
  service: WalletService;
  routes: FastifyPluginAsyncZod;
} {
  const repository = new WalletRepository(deps.db);
  const service = new WalletService(deps.ledger, repository, deps.clock);
  const transfers = new TransfersService({
    db: deps.db,
    ledger: deps.ledger,
    repository,
    paymentPassword: new WithdrawPasswordService(deps.db, deps.clock),
  });
  return { service, routes: walletRoutes(service, transfers) };
}
