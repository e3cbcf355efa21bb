import { addDays, todayUtc } from '@lotus/shared/date-ranges';
import { REBATE_PAGE_SIZE, type RebateList, type RebateListQuery } from '@lotus/shared/loyalty.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { RebateDetail } from '../../db/tables/loyalty.ts';
import { type Db, transact } from '../../db/unit-of-work.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PromotionsApi } from '../promotions/promotions-module.ts';
import type { RanksApi } from '../ranks/ranks-module.ts';
import { LoyaltyRepository, type TurnoverRow } from './loyalty.repository.ts';

/** The rebate job (docs/jobs.md): stored name, never rename. */
export const REBATE_JOB = 'loyalty.rebates';
/** How often the job looks for closed days it has not paid. */
export const REBATE_EVERY_MS = 10 * 60_000;
/** A day is paid once it ended this long ago (rounds settling at midnight have committed by then). */
export const REBATE_GRACE_MS = 10 * 60_000;
/** How far back a run looks for unpaid days (a server down for a while still pays the week behind it). */
export const REBATE_LOOKBACK_DAYS = 7;

/** `turnover × rate` in basis points, rounded down to the minor unit (the player is never overpaid). */
export function rebateOf(validTurnoverMinor: bigint, rateBp: number): bigint {
  return (validTurnoverMinor * BigInt(rateBp)) / 10_000n;
}

export type RebateRunReport = { days: number; rebates: number; amountMinor: bigint };

/** The key of a member's rebate for a day: one reward per (member, day), whatever runs it. */
export const rebateKey = (memberId: bigint, day: string) => `rebate:${memberId}:${day}`;

/**
 * Daily rebates (issue 19; docs/loyalty.md "Rebates"): for each closed UTC day, each real member's valid
 * turnover per game type (member_betting_hours) × the rate of the member's VIP level for that game type,
 * granted as one reward-centre reward (source `rebate`, key `rebate:<member>:<day>`) with its breakdown in
 * member_rebates, in one transaction per member. The key makes the grant once per (member, day) — a re-run,
 * two runners at once, or the dev hook before the real run pay nothing twice. The level is the member's
 * level when the day is paid.
 */
export class RebatesService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #rewards: Pick<PromotionsApi, 'grantIn'>;
  readonly #ranks: Pick<RanksApi, 'ladderOf'>;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: {
    db: Db;
    clock: Clock;
    rewards: Pick<PromotionsApi, 'grantIn'>;
    ranks: Pick<RanksApi, 'ladderOf'>;
    log?: FastifyBaseLogger;
  }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#rewards = deps.rewards;
    this.#ranks = deps.ranks;
    this.#log = deps.log;
  }

  /** The job: every closed day of the last week each brand has not finished. */
  async run(now: Date = this.#clock.now()): Promise<RebateRunReport> {
    const report: RebateRunReport = { days: 0, rebates: 0, amountMinor: 0n };
    const lastClosed = addDays(todayUtc(new Date(now.getTime() - REBATE_GRACE_MS)), -1);
    const days = Array.from({ length: REBATE_LOOKBACK_DAYS }, (_, index) =>
      addDays(lastClosed, index - REBATE_LOOKBACK_DAYS + 1),
    );
    const repository = new LoyaltyRepository(this.#db);
    for (const brandId of await repository.rebateBrands()) {
      const done = await repository.doneDays(brandId, days);
      for (const day of days) {
        if (done.has(day)) continue;
        const paid = await this.payDay(brandId, day, now);
        await transact(this.#db, (trx) =>
          new LoyaltyRepository(trx).markDayDone(brandId, day, paid.rebates, paid.amountMinor),
        );
        report.days += 1;
        report.rebates += paid.rebates;
        report.amountMinor += paid.amountMinor;
      }
    }
    if (report.rebates > 0)
      this.#log?.info({ report: { ...report, amountMinor: String(report.amountMinor) } }, 'rebates');
    return report;
  }

  /**
   * The dev hook (DEV_INBOX): pays today as if it had ended, for every brand, without marking it done — a
   * member paid now gets nothing more for today later (the key is taken); anyone else is paid when the day
   * really ends.
   */
  async payTodayNow(): Promise<RebateRunReport> {
    const now = this.#clock.now();
    const day = todayUtc(now);
    const report: RebateRunReport = { days: 1, rebates: 0, amountMinor: 0n };
    for (const brandId of await new LoyaltyRepository(this.#db).rebateBrands()) {
      const paid = await this.payDay(brandId, day, now);
      report.rebates += paid.rebates;
      report.amountMinor += paid.amountMinor;
    }
    return report;
  }

  /** Grants every member's rebate of `day` not granted yet: how many were granted now, and their sum. */
  async payDay(brandId: bigint, day: string, now: Date): Promise<{ rebates: number; amountMinor: bigint }> {
    const [ladder, rows] = await Promise.all([
      this.#ranks.ladderOf(brandId),
      new LoyaltyRepository(this.#db).turnoverOfDay(brandId, day),
    ]);
    const rates = new Map(
      ladder.map((rung) => [
        rung.level,
        new Map(rung.rebateRates.map((rate) => [rate.gameType, rate.rateBp])),
      ]),
    );
    const byMember = new Map<bigint, TurnoverRow[]>();
    for (const row of rows) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row]);

    let rebates = 0;
    let amountMinor = 0n;
    for (const [memberId, memberRows] of byMember) {
      const rankLevel = memberRows[0]?.rankLevel ?? 0;
      const levelRates = rates.get(rankLevel);
      const detail: RebateDetail[] = [];
      let total = 0n;
      let turnover = 0n;
      for (const row of memberRows) {
        const rateBp = levelRates?.get(row.gameType) ?? 0;
        const amount = rebateOf(row.validTurnoverMinor, rateBp);
        turnover += row.validTurnoverMinor;
        if (amount <= 0n) continue;
        total += amount;
        detail.push({
          gameType: row.gameType,
          validTurnoverMinor: row.validTurnoverMinor.toString(),
          rateBp,
          amountMinor: amount.toString(),
        });
      }
      if (total <= 0n) continue;
      const granted = await transact(this.#db, async (trx) => {
        const reward = await this.#rewards.grantIn(trx, {
          brandId,
          memberId,
          source: 'rebate',
          sourceKey: rebateKey(memberId, day),
          titleEn: `Daily rebate ${day}`,
          titleHi: `दैनिक रिबेट ${day}`,
          amountMinor: total,
          grantedAt: now,
        });
        if (!reward) return false;
        await new LoyaltyRepository(trx).insertRebate({
          brandId,
          memberId,
          day,
          rankLevel,
          validTurnoverMinor: turnover,
          amountMinor: total,
          detail,
          rewardId: reward.id,
        });
        return true;
      });
      if (granted) {
        rebates += 1;
        amountMinor += total;
      }
    }
    return { rebates, amountMinor };
  }

  /** The player's rebate history (rank page): newest day first, with each reward's state. */
  async history(actor: Actor, query: RebateListQuery): Promise<RebateList> {
    requireReal(actor);
    const repository = new LoyaltyRepository(this.#db);
    const now = this.#clock.now();
    const [rows, totals, currencySymbol] = await Promise.all([
      repository.rebatePage(actor.memberId, query.page, REBATE_PAGE_SIZE),
      repository.rebateTotals(actor.memberId),
      repository.currencySymbol(actor.brandId),
    ]);
    return {
      list: rows.map((row) => ({
        day: row.day,
        rankLevel: row.rank_level,
        validTurnoverMinor: row.valid_turnover_minor.toString(),
        amountMinor: row.amount_minor.toString(),
        status:
          row.claimed_at !== null
            ? 'claimed'
            : row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()
              ? 'expired'
              : 'unclaimed',
        rewardId: row.reward_id.toString(),
        parts: row.detail,
      })),
      page: query.page,
      pageSize: REBATE_PAGE_SIZE,
      total: totals.count,
      totalAmountMinor: totals.amountMinor.toString(),
      currencySymbol,
    };
  }
}
