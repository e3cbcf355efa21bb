import { decimalToMinor } from '@lotus/shared/money';
import {
  type OperatorPointConfigBody,
  type OperatorPointRewardBody,
  type OperatorPointRewardPatch,
  type OperatorRedemption,
  type OperatorRedemptions,
  POINTS_PAGE_SIZE,
  type PointConfig,
  type PointReward,
  type PointsRedemptionStatus,
} from '@lotus/shared/points.schema';
import { type Db, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { MAX_AMOUNT_MINOR } from '../ledger/ledger.ts';
import { PointsRepository } from './points.repository.ts';
import { type PointsRepositories, type PointsService, pointsRepositories } from './points.service.ts';
import { operatorRedemptionView, pageOf, rewardView } from './points-views.ts';

/** Who acts in the back office: an operator (by id) or the CLI (null); `ip` goes to the audit row. */
export type PointsOperator = { brandId: bigint; operatorId: bigint | null; ip: string };

const who = (operator: PointsOperator) =>
  operator.operatorId === null ? 'operator:cli' : `operator:${operator.operatorId}`;

/** The audit detail: who acted and, from the CLI, `via: 'cli'` like every CLI action. */
const detailOf = (operator: PointsOperator, detail: Record<string, unknown>) => ({
  by: who(operator),
  ...(operator.operatorId === null ? { via: 'cli' } : {}),
  ...detail,
});

/** A typed amount that must be positive, else `points_config_invalid`. */
function positiveAmount(text: string): bigint {
  const minor = decimalToMinor(text);
  if (minor === null || minor <= 0n || minor > MAX_AMOUNT_MINOR) throw new AppError('points_config_invalid');
  return minor;
}

/** The reward's cash: a cash voucher has one, goods none. */
function cashOf(kind: 'goods' | 'cash', cashAmount: string | null | undefined): bigint | null {
  if (kind === 'goods') {
    if (cashAmount !== null && cashAmount !== undefined) throw new AppError('points_config_invalid');
    return null;
  }
  if (cashAmount === null || cashAmount === undefined) throw new AppError('points_config_invalid');
  return positiveAmount(cashAmount);
}

/**
 * The back office's points (docs/points.md "Operator"): the earning rates and the conversion, the mall's
 * rewards and stock, and the review of goods redemptions: `in_process` → `approved` → `redeemed` (shipped),
 * or `in_process` → `rejected`, which gives the points back by a `reversal` of the redemption's
 * `points_redeem` entry and returns the stock, in one transaction under the redemption's row lock.
 */
export class OperatorPointsService {
  readonly #uow: UnitOfWork<PointsRepositories>;
  readonly #repository: PointsRepository;
  readonly #points: PointsService;

  constructor(deps: { db: Db; points: PointsService }) {
    this.#uow = new UnitOfWork(deps.db, pointsRepositories);
    this.#repository = new PointsRepository(deps.db);
    this.#points = deps.points;
  }

  async setConfig(operator: PointsOperator, body: OperatorPointConfigBody): Promise<PointConfig> {
    const seen = new Set<string>();
    const rates = body.rates.map((rate) => {
      if (seen.has(rate.gameType)) throw new AppError('points_config_invalid');
      seen.add(rate.gameType);
      return {
        gameType: rate.gameType,
        turnoverMinor: positiveAmount(rate.turnover),
        points: BigInt(rate.points),
      };
    });
    const convert = body.convert
      ? {
          points: BigInt(body.convert.points),
          amountMinor: positiveAmount(body.convert.amount),
          minPoints: BigInt(body.convert.minPoints),
        }
      : null;
    await this.#uow.run(async ({ points, audit }) => {
      await points.replaceConfig(operator.brandId, convert, rates);
      await audit.record({
        brandId: operator.brandId,
        memberId: null,
        operatorId: operator.operatorId,
        action: 'points.config',
        ip: operator.ip,
        detail: detailOf(operator, { convert, rates }),
      });
    });
    return this.#points.config(operator.brandId);
  }

  async rewards(brandId: bigint): Promise<PointReward[]> {
    return (await this.#repository.rewards(brandId, false)).map((row) => rewardView(row, 'EN'));
  }

  async createReward(operator: PointsOperator, body: OperatorPointRewardBody): Promise<PointReward> {
    const cash = cashOf(body.kind, body.cashAmount);
    const row = await this.#uow.run(async ({ points, audit }) => {
      const created = await points.insertReward({
        brandId: operator.brandId,
        kind: body.kind,
        nameEn: body.nameEn,
        nameHi: body.nameHi,
        imageUrl: body.imageUrl,
        pointsPrice: BigInt(body.points),
        cashAmountMinor: cash,
        stock: body.stock,
        enabled: body.enabled,
        sort: body.sort,
      });
      await audit.record({
        brandId: operator.brandId,
        memberId: null,
        operatorId: operator.operatorId,
        action: 'points.reward.create',
        ip: operator.ip,
        detail: detailOf(operator, { rewardId: created.id, ...body }),
      });
      return created;
    });
    return rewardView(row, 'EN');
  }

  async editReward(
    operator: PointsOperator,
    id: bigint,
    patch: OperatorPointRewardPatch,
  ): Promise<PointReward> {
    const existing = await this.#repository.reward(operator.brandId, id);
    if (!existing) throw new AppError('points_reward_not_found');
    const cash = patch.cashAmount === undefined ? undefined : cashOf(existing.kind, patch.cashAmount);
    const row = await this.#uow.run(async ({ points, audit }) => {
      const updated = await points.updateReward(operator.brandId, id, {
        ...(patch.nameEn === undefined ? {} : { nameEn: patch.nameEn }),
        ...(patch.nameHi === undefined ? {} : { nameHi: patch.nameHi }),
        ...(patch.imageUrl === undefined ? {} : { imageUrl: patch.imageUrl }),
        ...(patch.points === undefined ? {} : { pointsPrice: BigInt(patch.points) }),
        ...(cash === undefined ? {} : { cashAmountMinor: cash }),
        ...(patch.stock === undefined ? {} : { stock: patch.stock }),
        ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
        ...(patch.sort === undefined ? {} : { sort: patch.sort }),
      });
      if (!updated) throw new AppError('points_reward_not_found');
      await audit.record({
        brandId: operator.brandId,
        memberId: null,
        operatorId: operator.operatorId,
        action: 'points.reward.edit',
        ip: operator.ip,
        detail: detailOf(operator, { rewardId: id, ...patch }),
      });
      return updated;
    });
    return rewardView(row, 'EN');
  }

  async redemptions(
    brandId: bigint,
    query: { status?: PointsRedemptionStatus | undefined; page: number },
  ): Promise<OperatorRedemptions> {
    const { rows, total } = await this.#repository.redemptions({
      brandId,
      memberId: null,
      status: query.status,
      page: query.page,
      pageSize: POINTS_PAGE_SIZE,
    });
    return pageOf(rows.map(operatorRedemptionView), query.page, POINTS_PAGE_SIZE, total);
  }

  approve(operator: PointsOperator, id: bigint): Promise<OperatorRedemption> {
    return this.#review(operator, id, 'in_process', 'approved');
  }

  markRedeemed(operator: PointsOperator, id: bigint): Promise<OperatorRedemption> {
    return this.#review(operator, id, 'approved', 'redeemed');
  }

  reject(operator: PointsOperator, id: bigint, reason: string): Promise<OperatorRedemption> {
    return this.#review(operator, id, 'in_process', 'rejected', reason);
  }

  async #review(
    operator: PointsOperator,
    id: bigint,
    from: PointsRedemptionStatus,
    to: PointsRedemptionStatus,
    reason?: string,
  ): Promise<OperatorRedemption> {
    return this.#uow.run(async ({ points, ledger, audit }) => {
      const row = await points.lockRedemption(operator.brandId, id);
      if (!row) throw new AppError('points_redemption_not_found');
      if (row.status !== from || row.kind !== 'goods') throw new AppError('points_redemption_state');
      let returnEntryId: bigint | undefined;
      if (to === 'rejected') {
        const reversal = await ledger.reverse({
          brandId: operator.brandId,
          entryId: row.redeem_entry_id,
          idempotencyKey: `points:redemption:${row.id}:return`,
          memo: reason ?? null,
          createdBy: who(operator),
        });
        returnEntryId = reversal.entryId;
        if (row.reward_id !== null) await points.returnStock(row.reward_id, row.quantity);
      }
      await points.review(row.id, {
        status: to,
        reviewedBy: who(operator),
        ...(reason === undefined ? {} : { rejectReason: reason }),
        ...(returnEntryId === undefined ? {} : { returnEntryId }),
      });
      await audit.record({
        brandId: operator.brandId,
        memberId: row.member_id,
        operatorId: operator.operatorId,
        action: `points.redemption.${to}`,
        ip: operator.ip,
        detail: detailOf(operator, { redemptionId: row.id, from, to, reason: reason ?? null }),
      });
      const listed = await points.redemption(operator.brandId, row.id);
      if (!listed) throw new Error(`redemption ${row.id} vanished`);
      return operatorRedemptionView(listed);
    });
  }
}
