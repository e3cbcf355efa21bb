import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { systemClock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { PayoutAccountsService } from './payout-accounts.service.ts';
import type { WithdrawPasswordService } from './withdraw-password.service.ts';
import { type ReceiptForm, WithdrawalReceiptsService } from './withdrawal-receipts.service.ts';
import { WithdrawalRequestsService } from './withdrawal-requests.service.ts';
import { WithdrawalReviewService } from './withdrawal-review.service.ts';
import { type WithdrawalActor, withdrawalsContext } from './withdrawal-unit.ts';

export type { ReceiptForm, WithdrawalActor };

export type WithdrawalsServiceDeps = {
  db: Db;
  /** Kept for the callers' wiring; the withdrawals move money through the ledger of their own transaction. */
  ledger?: LedgerService;
  passwords: WithdrawPasswordService;
  clock?: Clock;
};

/**
 * Withdrawals (docs/wallet-contract.md "Withdrawals"): a request holds the amount on the member's main
 * wallet at once; an operator pays it out (the hold is posted to withdrawals clearing) or rejects it (the
 * hold is voided); after payout the member confirms what arrived, or the brand's time-out counts it as
 * received. A "not received" or "partly received" answer opens an investigation an operator closes by
 * refunding the unreceived part or by holding that it was paid.
 *
 * One service per concern — payout accounts, requests, receipts, review — each in its file; this class
 * only gathers them for the routes and the CLI.
 */
export class WithdrawalsService {
  readonly clock: Clock;
  readonly accounts: PayoutAccountsService;
  readonly requests: WithdrawalRequestsService;
  readonly receipts: WithdrawalReceiptsService;
  readonly review: WithdrawalReviewService;

  constructor(deps: WithdrawalsServiceDeps) {
    this.clock = deps.clock ?? systemClock;
    const context = withdrawalsContext(deps.db, this.clock);
    this.accounts = new PayoutAccountsService(context);
    this.receipts = new WithdrawalReceiptsService(context);
    this.requests = new WithdrawalRequestsService(context, {
      passwords: deps.passwords,
    });
    this.review = new WithdrawalReviewService(context);
  }

  // The routes' and the CLI's calls, by concern.
  readonly passwordStatus: WithdrawalRequestsService['passwordStatus'] = (...args) =>
    this.requests.passwordStatus(...args);
  readonly setPassword: WithdrawalRequestsService['setPassword'] = (...args) =>
    this.requests.setPassword(...args);
  readonly create: WithdrawalRequestsService['create'] = (...args) => this.requests.create(...args);
  readonly list: WithdrawalRequestsService['list'] = (...args) => this.requests.list(...args);

  readonly payoutAccounts: PayoutAccountsService['payoutAccounts'] = (...args) =>
    this.accounts.payoutAccounts(...args);
  readonly addPayoutAccount: PayoutAccountsService['addPayoutAccount'] = (...args) =>
    this.accounts.addPayoutAccount(...args);
  readonly removePayoutAccount: PayoutAccountsService['removePayoutAccount'] = (...args) =>
    this.accounts.removePayoutAccount(...args);

  readonly confirmReceipt: WithdrawalReceiptsService['confirmReceipt'] = (...args) =>
    this.receipts.confirmReceipt(...args);
  readonly proof: WithdrawalReceiptsService['proof'] = (...args) => this.receipts.proof(...args);
  /** The sweep of receipts past their deadline (the scheduler's job). */
  autoReceiptDue(now?: Date): Promise<number> {
    return this.receipts.autoReceiptDue(now);
  }

  readonly opsList: WithdrawalReviewService['opsList'] = (...args) => this.review.opsList(...args);
  readonly pay: WithdrawalReviewService['pay'] = (...args) => this.review.pay(...args);
  readonly reject: WithdrawalReviewService['reject'] = (...args) => this.review.reject(...args);
  readonly closeInvestigation: WithdrawalReviewService['closeInvestigation'] = (...args) =>
    this.review.closeInvestigation(...args);
  readonly cliBrandId: WithdrawalReviewService['cliBrandId'] = (...args) => this.review.cliBrandId(...args);
}
