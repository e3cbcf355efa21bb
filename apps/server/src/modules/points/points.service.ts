import { minorToDecimal } from '@lotus/shared/money';
import {
  type ConvertPointPayload,
  POINTS_PAGE_SIZE,
  type PointBalance,
  type PointConfig,
  type PointRewardList,
  type PointsMoveResult,
  type PointsRedemptionStatus,
  type RedeemPointList,
  type RedeemPointPayload,
} from '@lotus/shared/points.schema';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { type Ledger, ledgerIn, type PostInput } from '../ledger/ledger.ts';
import type { PaymentPasswordVerifier } from '../wallet/transfers.service.ts';
import { ledgerKeyOf } from '../wallet/wallet-rules.ts';
import { PointsRepository } from './points.repository.ts';
import { pageOf, redemptionView, rewardView, sameMobile } from './points-views.ts';

/** What a points transaction works on: the points tables, the ledger and the audit log. */
export function pointsRepositories(trx: Tx) {
  return { points: new PointsRepository(trx), ledger: ledgerIn(trx), audit: new AuditRepository(trx) };
}
export type PointsRepositories = ReturnType<typeof pointsRepositories>;

/** Posts a points entry; a member without the points answers `points_insufficient`, not the ledger's code. */
export async function postPoints(ledger: Ledger, input: PostInput) {
  try {
    return await ledger.post(input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds')
      throw new AppError('points_insufficient', { cause: error });
    throw error;
  }
}

const mainView = (balanceMinor: bigint) => ({
  balanceMinor: balanceMinor.toString(),
  balance: minorToDecimal(balanceMinor),
});

/**
 * The member's side of points (SPEC §7 the points calls; docs/points.md): balance, how points are earned,
 * the mall's rewards, redeeming them and converting points to cash, and the history. Each move is one
 * transaction under the caller's Idempotency-Key (runIdempotent) whose ledger keys derive from that key;
 * the payment password is checked before it opens (its try is counted in a transaction of its own, like
 * the wallet's transfers). Points leave the member's `member_points` account, which never goes below zero,
 * so two redemptions at once cannot spend the same points; stock is taken by one conditional update.
 */
export class PointsService {
  readonly #uow: UnitOfWork<PointsRepositories>;
  readonly #repository: PointsRepository;
  readonly #password: PaymentPasswordVerifier;

  constructor(deps: { db: Db; paymentPassword: PaymentPasswordVerifier }) {
    this.#uow = new UnitOfWork(deps.db, pointsRepositories);
    this.#repository = new PointsRepository(deps.db);
    this.#password = deps.paymentPassword;
  }

  async balance(actor: Actor): Promise<PointBalance> {
    requireReal(actor);
    return { points: (await this.#points(actor.memberId)).toString() };
  }

  async #points(memberId: bigint): Promise<bigint> {
    return (await this.#repository.findPointsAccount(memberId))?.balance_minor ?? 0n;
  }

  async config(brandId: bigint): Promise<PointConfig> {
    const [settings, rates, brand] = await Promise.all([
      this.#repository.settings(brandId),
      this.#repository.rates(brandId),
      this.#repository.brand({ id: brandId }),
    ]);
    return {
      currency: brand?.currency ?? '',
      rates: rates.map((rate) => ({
        gameType: rate.game_type,
        turnoverMinor: rate.turnover_minor.toString(),
        turnover: minorToDecimal(rate.turnover_minor),
        points: rate.points.toString(),
      })),
      convert: settings
        ? {
            points: settings.convert_points.toString(),
            amountMinor: settings.convert_amount_minor.toString(),
            amount: minorToDecimal(settings.convert_amount_minor),
            minPoints: settings.min_convert_points.toString(),
          }
        : null,
      expires: false,
    };
  }

  async rewards(brandId: bigint, language: string | null | undefined): Promise<PointRewardList> {
    const rows = await this.#repository.rewards(brandId, true);
    return { list: rows.map((row) => rewardView(row, language)) };
  }

  async history(
    actor: Actor,
    query: { page: number; status?: PointsRedemptionStatus | undefined; language?: string | undefined },
  ): Promise<RedeemPointList> {
    requireReal(actor);
    const { rows, total } = await this.#repository.redemptions({
      brandId: actor.brandId,
      memberId: actor.memberId,
      status: query.status,
      page: query.page,
      pageSize: POINTS_PAGE_SIZE,
    });
    const language = query.language ?? actor.language;
    return pageOf(
      rows.map((row) => redemptionView(row, language)),
      query.page,
      POINTS_PAGE_SIZE,
      total,
    );
  }

  /**
   * `passwordCheck/MCS2_redeemPointReward`: goods leave the stock and the points leave at once
   * (`points_redeem`), the redemption waits `in_process` for an operator; a cash voucher pays its cash in
   * the same transaction (`points_cash`, brand `bonus` → main) and is `redeemed` at once.
   */
  async redeem(
    actor: Actor,
    payload: RedeemPointPayload,
    key: string,
    ip: string,
  ): Promise<PointsMoveResult> {
    requireReal(actor);
    const rewardId = BigInt(payload.rewardId);
    const reward = await this.#repository.reward(actor.brandId, rewardId);
    if (!reward?.enabled) throw new AppError('points_reward_not_found');
    if (payload.receivingAddress === '') throw new AppError('points_address_required');
    const member = await this.#repository.member(actor.memberId);
    if (!member?.mobile) throw new AppError('points_mobile_not_bound');
    if (!sameMobile(payload.mobile, member.mobile, member.dialingCode))
      throw new AppError('points_mobile_mismatch');
    await this.#password.verify(actor.memberId, payload.withdrawPassword, ip);
    const request = {
      rewardId,
      quantity: payload.quantity,
      receivingAddress: payload.receivingAddress,
      mobile: payload.mobile,
    };
    const { value } = await runIdempotent(
      this.#uow,
      { scope: `member:${actor.memberId}:points.redeem`, key, request },
      async ({ points: repository, ledger, audit }) => {
        const taken = await repository.takeStock(actor.brandId, rewardId, payload.quantity);
        if (!taken) {
          const now = await repository.reward(actor.brandId, rewardId);
          throw new AppError(now?.enabled ? 'points_out_of_stock' : 'points_reward_not_found');
        }
        const points = taken.points_price * BigInt(payload.quantity);
        const account = await repository.ensurePointsAccount(actor.memberId);
        const entry = await postPoints(ledger, {
          brandId: actor.brandId,
          idempotencyKey: ledgerKeyOf(actor.memberId, 'points.redeem', key),
          kind: 'points_redeem',
          memo: taken.name_en,
          createdBy: `member:${actor.memberId}`,
          postings: [
            { accountId: account.id, amountMinor: -points },
            { system: 'points_pool', amountMinor: points },
          ],
        });
        const cash =
          taken.cash_amount_minor === null ? null : taken.cash_amount_minor * BigInt(payload.quantity);
        const paid = cash === null ? null : await this.#payCash(ledger, actor, key, cash, taken.name_en);
        const row = await repository.insertRedemption({
          brandId: actor.brandId,
          memberId: actor.memberId,
          kind: taken.kind,
          rewardId,
          quantity: payload.quantity,
          points,
          cashAmountMinor: cash,
          receivingAddress: payload.receivingAddress,
          mobile: payload.mobile,
          status: taken.kind === 'cash' ? 'redeemed' : 'in_process',
          redeemEntryId: entry.entryId,
          cashEntryId: paid?.entryId ?? null,
        });
        await audit.record({
          brandId: actor.brandId,
          memberId: actor.memberId,
          operatorId: null,
          action: 'points.redeem',
          ip,
          detail: { redemptionId: row.id, rewardId, quantity: payload.quantity, points, cashMinor: cash },
        });
        return this.#result(repository, actor, row.id, entry.postings, paid?.mainAfter ?? null);
      },
    );
    return value;
  }

  /** `passwordCheck/MCS2_convertPoint`: points → cash at the brand's rate, both entries in one transaction. */
  async convert(
    actor: Actor,
    payload: ConvertPointPayload,
    key: string,
    ip: string,
  ): Promise<PointsMoveResult> {
    requireReal(actor);
    const settings = await this.#repository.settings(actor.brandId);
    if (!settings) throw new AppError('points_convert_unavailable');
    const points = BigInt(payload.points);
    if (points < settings.min_convert_points || points % settings.convert_points !== 0n)
      throw new AppError('points_convert_invalid', {
        details: { step: settings.convert_points.toString(), min: settings.min_convert_points.toString() },
      });
    await this.#password.verify(actor.memberId, payload.withdrawPassword, ip);
    const cash = (points / settings.convert_points) * settings.convert_amount_minor;
    const { value } = await runIdempotent(
      this.#uow,
      { scope: `member:${actor.memberId}:points.convert`, key, request: { points, cash } },
      async ({ points: repository, ledger, audit }) => {
        const account = await repository.ensurePointsAccount(actor.memberId);
        const entry = await postPoints(ledger, {
          brandId: actor.brandId,
          idempotencyKey: ledgerKeyOf(actor.memberId, 'points.convert', key),
          kind: 'points_convert',
          memo: `${points} points`,
          createdBy: `member:${actor.memberId}`,
          postings: [
            { accountId: account.id, amountMinor: -points },
            { system: 'points_pool', amountMinor: points },
          ],
        });
        const paid = cash > 0n ? await this.#payCash(ledger, actor, key, cash, `${points} points`) : null;
        const row = await repository.insertRedemption({
          brandId: actor.brandId,
          memberId: actor.memberId,
          kind: 'convert',
          rewardId: null,
          quantity: 1,
          points,
          cashAmountMinor: cash,
          receivingAddress: null,
          mobile: null,
          status: 'redeemed',
          redeemEntryId: entry.entryId,
          cashEntryId: paid?.entryId ?? null,
        });
        await audit.record({
          brandId: actor.brandId,
          memberId: actor.memberId,
          operatorId: null,
          action: 'points.convert',
          ip,
          detail: { redemptionId: row.id, points, cashMinor: cash },
        });
        const main = paid?.mainAfter ?? (await ledger.memberMainAccount(actor.memberId)).balance_minor;
        return this.#result(repository, actor, row.id, entry.postings, main);
      },
    );
    return value;
  }

  /** The cash leg: `points_cash` from the brand's `bonus` to the member's main wallet. */
  async #payCash(ledger: Ledger, actor: Actor, key: string, cash: bigint, memo: string) {
    const main = await ledger.memberMainAccount(actor.memberId);
    const entry = await ledger.post({
      brandId: actor.brandId,
      idempotencyKey: ledgerKeyOf(actor.memberId, 'points.cash', key),
      kind: 'points_cash',
      memo,
      createdBy: `member:${actor.memberId}`,
      postings: [
        { system: 'bonus', amountMinor: -cash },
        { accountId: main.id, amountMinor: cash },
      ],
    });
    const after = entry.postings.find((posting) => posting.accountId === main.id)?.balanceAfterMinor;
    return { entryId: entry.entryId, mainAfter: after ?? main.balance_minor };
  }

  async #result(
    repository: PointsRepository<Tx>,
    actor: Actor,
    redemptionId: bigint,
    postings: readonly { accountId: bigint; balanceAfterMinor: bigint }[],
    mainAfter: bigint | null,
  ): Promise<PointsMoveResult> {
    const row = await repository.redemption(actor.brandId, redemptionId);
    if (!row) throw new Error(`redemption ${redemptionId} vanished`);
    const account = await repository.findPointsAccount(actor.memberId);
    const after = postings.find((posting) => posting.accountId === account?.id)?.balanceAfterMinor ?? 0n;
    return {
      redemption: redemptionView(row, actor.language),
      points: after.toString(),
      main: mainAfter === null ? null : mainView(mainAfter),
    };
  }
}
