import {
  type CreatePayoutAccountBody,
  IFSC_PATTERN,
  MAX_PAYOUT_ACCOUNTS,
  type PayoutAccounts,
} from '@lotus/shared/withdrawals.schema';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { WithdrawalsContext } from './withdrawal-unit.ts';
import { payoutAccountView } from './withdrawal-views.ts';
import type { WithdrawalsRepository } from './withdrawals.repository.ts';

/**
 * The member's payout accounts (docs/wallet-contract.md "Withdrawals"): up to MAX_PAYOUT_ACCOUNTS bank or
 * UPI accounts, all in the member's one payee name.
 */
export class PayoutAccountsService {
  readonly #ctx: WithdrawalsContext;

  constructor(context: WithdrawalsContext) {
    this.#ctx = context;
  }

  async payoutAccounts(actor: Actor): Promise<PayoutAccounts> {
    requireReal(actor);
    return payoutAccountsOf(this.#ctx.reads, actor.memberId);
  }

  /**
   * Adds a payout account. The payee name is the member's: the first account sets it (when the member has
   * none yet), later ones must match it, so money only ever goes to accounts in one person's name.
   */
  async addPayoutAccount(actor: Actor, body: CreatePayoutAccountBody): Promise<PayoutAccounts> {
    requireReal(actor);
    let ifsc: string | null = null;
    if (body.kind === 'bank') {
      if (!body.ifsc || !IFSC_PATTERN.test(body.ifsc)) {
        throw new AppError('field_invalid', { details: { field: 'ifsc', check: 'pattern' } });
      }
      ifsc = body.ifsc;
    }
    const now = this.#ctx.clock.now();
    return this.#ctx.uow.run(async ({ withdrawals }) => {
      await withdrawals.lockMember(actor.memberId);
      const current = await withdrawals.payeeNameOf(actor.memberId);
      let payeeName: string;
      if (current === null) {
        if (!body.payeeName) {
          throw new AppError('field_invalid', { details: { field: 'payeeName', check: 'required' } });
        }
        payeeName = body.payeeName;
        await withdrawals.setPayeeNameOnce(actor.memberId, payeeName);
      } else {
        if (body.payeeName !== undefined && body.payeeName !== current) {
          throw new AppError('field_invalid', { details: { field: 'payeeName', check: 'fixed' } });
        }
        payeeName = current;
      }
      const accounts = await withdrawals.activePayoutAccounts(actor.memberId);
      if (accounts.length >= MAX_PAYOUT_ACCOUNTS) {
        throw new AppError('payout_account_limit', { details: { max: MAX_PAYOUT_ACCOUNTS } });
      }
      await withdrawals.insertPayoutAccount({
        brandId: actor.brandId,
        memberId: actor.memberId,
        kind: body.kind,
        provider: body.provider,
        accountNumber: body.accountNumber,
        ifsc,
        payeeName,
        at: now,
      });
      return payoutAccountsOf(withdrawals, actor.memberId);
    });
  }

  async removePayoutAccount(actor: Actor, id: bigint): Promise<PayoutAccounts> {
    requireReal(actor);
    const now = this.#ctx.clock.now();
    const removed = await this.#ctx.uow.run(({ withdrawals }) =>
      withdrawals.removePayoutAccount(actor.memberId, id, now),
    );
    if (!removed) throw new AppError('payout_account_not_found');
    return payoutAccountsOf(this.#ctx.reads, actor.memberId);
  }
}

async function payoutAccountsOf(
  repository: WithdrawalsRepository,
  memberId: bigint,
): Promise<PayoutAccounts> {
  const [payeeName, accounts] = await Promise.all([
    repository.payeeNameOf(memberId),
    repository.activePayoutAccounts(memberId),
  ]);
  return { payeeName, accounts: accounts.map(payoutAccountView) };
}
