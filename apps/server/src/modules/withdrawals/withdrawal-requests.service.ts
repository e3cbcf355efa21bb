import { decimalToMinor, minorToDecimal } from '@lotus/shared/money';
import type {
  CreateWithdrawalPayload,
  PageQuery,
  SetWithdrawPasswordPayload,
  WithdrawalList,
  WithdrawalView,
  WithdrawPasswordStatus,
} from '@lotus/shared/withdrawals.schema';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { pageOf, pageWindow } from '../../lib/pages.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { WithdrawPasswordService } from './withdraw-password.service.ts';
import { detailOrThrow, type WithdrawalsContext } from './withdrawal-unit.ts';
import { withdrawalView } from './withdrawal-views.ts';

export type WithdrawalRequestsDeps = {
  passwords: WithdrawPasswordService;
};

/**
 * The member's side of withdrawals (trial and type-4 accounts have no money of their own to take out):
 * the payment password, a new request (the amount is held on the main
 * wallet at once) and the member's list. Members cannot cancel a request.
 */
export class WithdrawalRequestsService {
  readonly #ctx: WithdrawalsContext;
  readonly #deps: WithdrawalRequestsDeps;

  constructor(context: WithdrawalsContext, deps: WithdrawalRequestsDeps) {
    this.#ctx = context;
    this.#deps = deps;
  }

  async passwordStatus(actor: Actor): Promise<WithdrawPasswordStatus> {
    requireReal(actor);
    return { isSet: await this.#deps.passwords.isSet(actor.memberId) };
  }

  async setPassword(
    actor: Actor,
    payload: SetWithdrawPasswordPayload,
    origin: RequestOrigin,
  ): Promise<WithdrawPasswordStatus> {
    requireReal(actor);
    await this.#deps.passwords.set(actor.memberId, payload, origin);
    return { isSet: true };
  }

  /**
   * `POST /wps/member/withdrawals`: checks the input, limits and payment password, then, in one
   * idempotent transaction, takes the withdrawal's id, holds the amount (`withdrawal:<id>:hold`) and
   * writes the row. Short of available money → `insufficient_funds` and nothing is left behind.
   * `ip`: the member's address, for the audit row (issue 7: every money action is audited).
   */
  async create(
    actor: Actor,
    key: string,
    payload: CreateWithdrawalPayload,
    ip = 'unknown',
  ): Promise<{ withdrawal: WithdrawalView }> {
    requireReal(actor);
    const amountMinor = decimalToMinor(payload.amount);
    if (amountMinor === null) throw new AppError('amount_invalid');
    const limits = await this.#ctx.reads.brandLimits(actor.brandId);
    if (amountMinor < limits.withdrawal_min_minor) {
      throw new AppError('amount_below_minimum', {
        details: { min: minorToDecimal(limits.withdrawal_min_minor) },
      });
    }
    if (amountMinor > limits.withdrawal_max_minor) {
      throw new AppError('amount_above_maximum', {
        details: { max: minorToDecimal(limits.withdrawal_max_minor) },
      });
    }
    const payoutAccountId = BigInt(payload.payoutAccountId);
    const account = await this.#ctx.reads.activePayoutAccount(actor.memberId, payoutAccountId);
    if (!account) throw new AppError('payout_account_not_found');
    // Checked before the money transaction: a wrong answer must count although this request then fails.
    await this.#deps.passwords.verify(actor.memberId, payload.withdrawPassword, ip);

    const { value } = await runIdempotent(
      this.#ctx.uow,
      {
        scope: `member:${actor.memberId}:withdrawal.create`,
        key,
        request: { payoutAccountId, amountMinor },
      },
      async ({ withdrawals, ledger, audit, bonusGate }) => {
        const now = this.#ctx.clock.now();
        const wallet = await ledger.memberMainAccount(actor.memberId);
        const id = await withdrawals.nextWithdrawalId();
        const hold = await ledger.reserve({
          brandId: actor.brandId,
          accountId: wallet.id,
          amountMinor,
          idempotencyKey: `withdrawal:${id}:hold`,
          memo: `Withdrawal ${id}`,
        });
        // After the hold, which locked the main account row: what is left must still cover the open bonuses
        // (docs/promotion-engine.md "Bonus money and withdrawals"); a refusal rolls the hold back.
        await bonusGate.assertWithdrawable(
          actor.memberId,
          (await ledger.balanceOf(actor.memberId)).availableMinor,
        );
        await withdrawals.insertWithdrawal({
          id,
          brandId: actor.brandId,
          memberId: actor.memberId,
          payoutAccountId,
          amountMinor,
          currency: wallet.currency,
          holdId: hold.holdId,
          at: now,
        });
        await audit.record({
          brandId: actor.brandId,
          operatorId: null,
          memberId: actor.memberId,
          action: 'withdrawal.requested',
          ip,
          detail: { by: 'member', withdrawalId: id, amountMinor, payoutAccountId },
        });
        return { withdrawal: withdrawalView(await detailOrThrow(withdrawals, id)) };
      },
    );
    return value;
  }

  async list(actor: Actor, query: PageQuery): Promise<WithdrawalList> {
    requireReal(actor);
    // Reads never write: the auto-receipt sweep is a job (docs/jobs.md), so a receipt past its deadline may
    // read `awaiting` until the next run; answering it is refused all the same.
    const { rows, total } = await this.#ctx.reads.memberPage(actor.memberId, pageWindow(query));
    return pageOf(rows.map(withdrawalView), query, total);
  }
}
