import type { WalletBalance } from '@lotus/shared/wallet.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ChangeFeed, ProcessCache } from '../../lib/process-cache.ts';
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
  /** This process's `lotus_balance` feed (the ledger's balance channel): the balance cache follows it. */
  balanceChanges: ChangeFeed;
};

/** Balances kept per process (one small object each); past this the least recently read goes. */
const BALANCE_CACHE_ENTRIES = 50_000;
/** The ledger's payloads are member ids as text; anything else on the channel is ignored. */
const MEMBER_ID = /^[1-9][0-9]{0,18}$/;

/**
 * What other modules use of the wallet: the balance the live-balance socket pushes, and the port that drops
 * cached balances right after this process committed an entry moving them.
 */
export type WalletApi = Pick<WalletService, 'balance' | 'balanceChanged' | 'accountsMoved'>;

/** Balances, records and transfers between the member's wallets (docs/wallet-contract.md). */
export function createWalletModule(deps: WalletModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: WalletApi;
} {
  const repository = new WalletRepository(deps.db);
  const balances = new ProcessCache<WalletBalance>({ maxEntries: BALANCE_CACHE_ENTRIES });
  deps.balanceChanges.follow(balances, (payload) => {
    if (MEMBER_ID.test(payload)) balances.delete(payload);
  });
  const service = new WalletService(deps.ledger, repository, balances, deps.clock);
  const transfers = new TransfersService({
    db: deps.db,
    ledger: deps.ledger,
    repository,
    paymentPassword: deps.paymentPassword,
  });
  return { routes: walletRoutes(service, transfers), api: service };
}
