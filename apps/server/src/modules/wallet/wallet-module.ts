import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerApi } from '../ledger/ledger-module.ts';
import { type PaymentPasswordVerifier, TransfersService } from './transfers.service.ts';
import { WalletRepository } from './wallet.repository.ts';
import { walletRoutes } from './wallet.routes.ts';
import { WalletService } from './wallet.service.ts';

export type WalletModuleDeps = {
  db: Kysely<Database>;
  ledger: LedgerApi;
  clock: Clock;
  /** The member's payment password (withdrawals module), asked for before a transfer. */
  paymentPassword: PaymentPasswordVerifier;
};

/** What other modules use of the wallet: the balance the live-balance socket pushes. */
export type WalletApi = Pick<WalletService, 'balance'>;

/** Balances, records and transfers between the member's wallets (docs/wallet-contract.md). */
export function createWalletModule(deps: WalletModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: WalletApi;
} {
  const repository = new WalletRepository(deps.db);
  const service = new WalletService(deps.ledger, repository, deps.clock);
  const transfers = new TransfersService({
    db: deps.db,
    ledger: deps.ledger,
    repository,
    paymentPassword: deps.paymentPassword,
  });
  return { routes: walletRoutes(service, transfers), api: service };
}
