import { decimalToMinor, minorToDecimal } from '@lotus/shared/money';
import {
  createWithdrawalPayloadSchema,
  type PageQuery,
  setWithdrawPasswordPayloadSchema,
  type WithdrawalList,
  type WithdrawalView,
  type WithdrawPasswordStatus,
} from '@lotus/shared/withdrawals.schema';
import type { MemberRow } from '../../db/tables/accounts.ts';
import { type Db, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { pageOf, pageWindow } from '../../lib/pages.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { SealedOpener } from '../wallet/transfers.service.ts';
// Trial and type-4 accounts have no money of their own to take out.
import { parsePayload, requireRealAccount } from '../wallet/wallet-rules.ts';
import type { WithdrawPasswordService } from './withdraw-password.service.ts';
import type { WithdrawalReceiptsService } from './withdrawal-receipts.service.ts';
import { detailOrThrow, type WithdrawalRepositories, withdrawalRepositories } from './withdrawal-unit.ts';
import { withdrawalView } from './withdrawal-views.ts';
import { WithdrawalsRepository } from './withdrawals.repository.ts';

export type WithdrawalRequestsDeps = {
  db: Db;
  passwords: WithdrawPasswordService;
  receipts: WithdrawalReceiptsService;
  /** Needed by the member's sealed calls only; the CLI builds the service without it. */
  sealed?: SealedOpener;
  clock?: Clock;
};

/**
 * The member's side of withdrawals: the payment password, a new request (the amount is held on the main
 * wallet at once) and the member's list. Members cannot cancel a request.
 */
export class WithdrawalRequestsService {
  readonly #uow: UnitOfWork<WithdrawalRepositories>;
  readonly #repository: WithdrawalsRepository<Db>;
  readonly #deps: WithdrawalRequestsDeps;
  readonly #clock: Clock;

  constructor(deps: WithdrawalRequestsDeps) {
    this.#uow = new UnitOfWork(deps.db, withdrawalRepositories);
    this.#repository = new WithdrawalsRepository(deps.db);
    this.#deps = deps;
    this.#clock = deps.clock ?? systemClock;
  }

  async #open(body: unknown): Promise<unknown> {
    if (!this.#deps.sealed) throw new Error('WithdrawalsService: no sealed payload opener');
    return this.#deps.sealed.openSealed(body);
  }

  async passwordStatus(member: MemberRow): Promise<WithdrawPasswordStatus> {
    requireRealAccount(member);
    return { isSet: await this.#deps.passwords.isSet(member.id) };
  }

  async setPassword(
    member: MemberRow,
    body: unknown,
    origin: RequestOrigin,
  ): Promise<WithdrawPasswordStatus> {
    requireRealAccount(member);
    const payload = parsePayload(setWithdrawPasswordPayloadSchema, await this.#open(body));
    await this.#deps.passwords.set(member.id, payload, origin);
    return { isSet: true };
  }

  /**
   * `POST /wps/member/withdrawals`: checks the input, limits and payment password, then, in one
   * idempotent transaction, takes the withdrawal's id, holds the amount (`withdrawal:<id>:hold`) and
   * writes the row. Short of available money → `insufficient_funds` and nothing is left behind.
   * `ip`: the member's address, for the audit row (issue 7: every money action is audited).
   */
  async create(
    member: MemberRow,
    key: string,
    body: unknown,
    ip = 'unknown',
  ): Promise<{ withdrawal: WithdrawalView }> {
    requireRealAccount(member);
    const payload = parsePayload(createWithdrawalPayloadSchema, await this.#open(body));
    const amountMinor = decimalToMinor(payload.amount);
    if (amountMinor === null) throw new AppError('amount_invalid');
    const limits = await this.#repository.brandLimits(member.brand_id);
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
    const account = await this.#repository.activePayoutAccount(member.id, payoutAccountId);
    if (!account) throw new AppError('payout_account_not_found');
    // Checked before the money transaction: a wrong answer must count although this request then fails.
    await this.#deps.passwords.verify(member.id, payload.withdrawPassword, ip);

    const { value } = await runIdempotent(
      this.#uow,
      {
        scope: `member:${member.id}:withdrawal.create`,
        key,
        request: { payoutAccountId, amountMinor },
      },
      async ({ withdrawals, ledger, audit }) => {
        const now = this.#clock.now();
        const wallet = await ledger.memberMainAccount(member.id);
        const id = await withdrawals.nextWithdrawalId();
        const hold = await ledger.reserve({
          brandId: member.brand_id,
          accountId: wallet.id,
          amountMinor,
          idempotencyKey: `withdrawal:${id}:hold`,
          memo: `Withdrawal ${id}`,
        });
        await withdrawals.insertWithdrawal({
          id,
          brandId: member.brand_id,
          memberId: member.id,
          payoutAccountId,
          amountMinor,
          currency: wallet.currency,
          holdId: hold.holdId,
          at: now,
        });
        await audit.record({
          brandId: member.brand_id,
          operatorId: null,
          memberId: member.id,
          action: 'withdrawal.requested',
          ip,
          detail: { by: 'member', withdrawalId: id, amountMinor, payoutAccountId },
        });
        return { withdrawal: withdrawalView(await detailOrThrow(withdrawals, id)) };
      },
    );
    return value;
  }

  async list(member: MemberRow, query: PageQuery): Promise<WithdrawalList> {
    requireRealAccount(member);
    await this.#deps.receipts.autoReceiptDue();
    const { rows, total } = await this.#repository.memberPage(member.id, pageWindow(query));
    return pageOf(rows.map(withdrawalView), query, total);
  }
}
