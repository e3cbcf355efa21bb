import {
  type CreatePayoutAccountBody,
  IFSC_PATTERN,
  MAX_PAYOUT_ACCOUNTS,
  type PayoutAccounts,
} from '@lotus/shared/withdrawals.schema';
import type { MemberRow } from '../../db/tables/accounts.ts';
import { type Db, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { requireRealAccount } from '../wallet/wallet-rules.ts';
import { type WithdrawalRepositories, withdrawalRepositories } from './withdrawal-unit.ts';
import { payoutAccountView } from './withdrawal-views.ts';
import { WithdrawalsRepository } from './withdrawals.repository.ts';

/**
 * The member's payout accounts (docs/wallet-contract.md "Withdrawals"): up to MAX_PAYOUT_ACCOUNTS bank or
 * UPI accounts, all in the member's one payee name.
 */
export class PayoutAccountsService {
  readonly #uow: UnitOfWork<WithdrawalRepositories>;
  readonly #repository: WithdrawalsRepository<Db>;
  readonly #clock: Clock;

  constructor(deps: { db: Db; clock?: Clock }) {
    this.#uow = new UnitOfWork(deps.db, withdrawalRepositories);
    this.#repository = new WithdrawalsRepository(deps.db);
    this.#clock = deps.clock ?? systemClock;
  }

  async payoutAccounts(member: MemberRow): Promise<PayoutAccounts> {
    requireRealAccount(member);
    return payoutAccountsOf(this.#repository, member.id);
  }

  /**
   * Adds a payout account. The payee name is the member's: the first account sets it (when the member has
   * none yet), later ones must match it, so money only ever goes to accounts in one person's name.
   */
  async addPayoutAccount(member: MemberRow, body: CreatePayoutAccountBody): Promise<PayoutAccounts> {
    requireRealAccount(member);
    let ifsc: string | null = null;
    if (body.kind === 'bank') {
      if (!body.ifsc || !IFSC_PATTERN.test(body.ifsc)) {
        throw new AppError('field_invalid', { details: { field: 'ifsc', check: 'pattern' } });
      }
      ifsc = body.ifsc;
    }
    const now = this.#clock.now();
    return this.#uow.run(async ({ withdrawals }) => {
      await withdrawals.lockMember(member.id);
      const current = await withdrawals.payeeNameOf(member.id);
      let payeeName: string;
      if (current === null) {
        if (!body.payeeName) {
          throw new AppError('field_invalid', { details: { field: 'payeeName', check: 'required' } });
        }
        payeeName = body.payeeName;
        await withdrawals.setPayeeNameOnce(member.id, payeeName);
      } else {
        if (body.payeeName !== undefined && body.payeeName !== current) {
          throw new AppError('field_invalid', { details: { field: 'payeeName', check: 'fixed' } });
        }
        payeeName = current;
      }
      const accounts = await withdrawals.activePayoutAccounts(member.id);
      if (accounts.length >= MAX_PAYOUT_ACCOUNTS) {
        throw new AppError('payout_account_limit', { details: { max: MAX_PAYOUT_ACCOUNTS } });
      }
      await withdrawals.insertPayoutAccount({
        brandId: member.brand_id,
        memberId: member.id,
        kind: body.kind,
        provider: body.provider,
        accountNumber: body.accountNumber,
        ifsc,
        payeeName,
        at: now,
      });
      return payoutAccountsOf(withdrawals, member.id);
    });
  }

  async removePayoutAccount(member: MemberRow, id: bigint): Promise<PayoutAccounts> {
    requireRealAccount(member);
    const now = this.#clock.now();
    const removed = await this.#uow.run(({ withdrawals }) =>
      withdrawals.removePayoutAccount(member.id, id, now),
    );
    if (!removed) throw new AppError('payout_account_not_found');
    return payoutAccountsOf(this.#repository, member.id);
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
