import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BALANCE_CHANNEL } from './ledger.repository.ts';
import { LedgerService } from './ledger.service.ts';

export { type AccountsMovedListener, onAccountsMoved } from './ledger.ts';

/** What other modules use of the ledger (deposits, withdrawals, wallet, rewards, the wallet protocol). */
export type LedgerApi = LedgerService;

/** The double-entry ledger (docs/database.md "Ledger"). No routes: money moves through the modules above. */
export function createLedgerModule(deps: { db: Kysely<Database> }): {
  api: LedgerApi;
  /** The NOTIFY channel each balance change is announced on (the live-balance socket listens to it). */
  balanceChannel: string;
} {
  return { api: new LedgerService(deps.db), balanceChannel: BALANCE_CHANNEL };
}
