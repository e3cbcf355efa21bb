import { addDays, todayUtc } from '@lotus/shared/date-ranges';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, transact } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PromotionsApi } from '../promotions/promotions-module.ts';
import { earnedLevel } from './rank-benefits.ts';
import { type Candidate, type RankRung, RanksRepository } from './ranks.repository.ts';

/** The VIP job (docs/jobs.md): stored name, never rename. */
export const VIP_JOB = 'ranks.vip-progression';
/** "Upgrade at once when reached": a level is re-evaluated within a minute of the play that reaches it. */
export const VIP_EVERY_MS = 60_000;
/** A run looks at the members who played in these last hours (or deposited since yesterday). */
const RECENT_MS = 3 * 3_600_000;
/** Monthly rewards are granted this many members per transaction. */
const MONTHLY_BATCH = 200;

export type VipRunReport = { upgraded: number; upgradeBonuses: number; monthlyRewards: number };

/** `2026-11-27` → `2026-11-01`: the UTC month a day falls in, by its first day. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/**
 * VIP progression (issue 19; docs/loyalty.md "VIP ranks"). A member's level is raised as soon as its figures
 * (valid turnover over the rolling 30 days, lifetime deposits) reach a higher level under the brand's rule;
 * levels are never lowered by the job (an operator may lower one; the job raises it again only when the
 * figures reach a level above it). Each level reached by the job grants its upgrade bonus once per
 * (member, level) — `vip_upgrade:<member>:<level>` — and each month every member at a level with a monthly
 * reward gets it once per (member, month) — `vip_monthly:<member>:<yyyy-mm>` — through the reward centre, so
 * a re-run, or two runners at once, grant nothing twice.
 */
export class VipProgressionService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #rewards: Pick<PromotionsApi, 'grantIn'>;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: {
    db: Db;
    clock: Clock;
    rewards: Pick<PromotionsApi, 'grantIn'>;
    log?: FastifyBaseLogger;
  }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#rewards = deps.rewards;
    this.#log = deps.log;
  }

  /**
   * One run: every brand with a ladder. `everyone`: look at every member who ever played or deposited
   * (the dev hook and the seed), not only the recent ones.
   */
  async run(now: Date = this.#clock.now(), options: { everyone?: boolean } = {}): Promise<VipRunReport> {
    const report: VipRunReport = { upgraded: 0, upgradeBonuses: 0, monthlyRewards: 0 };
    const repository = new RanksRepository(this.#db);
    for (const brandId of await repository.brandsWithLadder()) {
      const [ladder, terms] = await Promise.all([
        repository.ladderOf(brandId),
        repository.brandTermsOf(brandId),
      ]);
      const since = options.everyone ? new Date(0) : new Date(now.getTime() - RECENT_MS);
      const sinceDay = options.everyone ? '1970-01-01' : addDays(todayUtc(now), -1);
      for (const candidate of await repository.candidates(brandId, now, since, sinceDay)) {
        const level = earnedLevel(ladder, terms.rule, candidate);
        if (level > candidate.rankLevel) {
          const granted = await this.#upgrade(brandId, candidate, level, ladder, now);
          if (granted !== undefined) {
            report.upgraded += 1;
            report.upgradeBonuses += granted.bonuses;
            report.monthlyRewards += granted.monthly;
          }
        }
      }
      report.monthlyRewards += await this.#monthly(brandId, ladder, now);
    }
    if (report.upgraded > 0 || report.monthlyRewards > 0) this.#log?.info({ report }, 'vip progression');
    return report;
  }

  /** Raises one member and grants what the new levels give, in one transaction. */
  async #upgrade(
    brandId: bigint,
    candidate: Candidate,
    level: number,
    ladder: RankRung[],
    now: Date,
  ): Promise<{ bonuses: number; monthly: number } | undefined> {
    return transact(this.#db, async (trx) => {
      const from = await new RanksRepository(trx).raiseLevel(candidate.memberId, level);
      // Already there: another runner (or an operator) raised it; that runner granted the bonuses.
      if (from === undefined) return undefined;
      let bonuses = 0;
      for (const rung of ladder) {
        if (rung.level <= from || rung.level > level || rung.upgradeBonusMinor <= 0n) continue;
        const granted = await this.#rewards.grantIn(trx, {
          brandId,
          memberId: candidate.memberId,
          source: 'vip_upgrade',
          sourceKey: `vip_upgrade:${candidate.memberId}:${rung.level}`,
          titleEn: `VIP upgrade bonus: ${rung.name.EN}`,
          titleHi: `VIP अपग्रेड बोनस: ${rung.name.HI}`,
          amountMinor: rung.upgradeBonusMinor,
          grantedAt: now,
        });
        if (granted) bonuses += 1;
      }
      const rung = ladder.find((entry) => entry.level === level);
      const monthly = rung ? await this.#grantMonthly(trx, brandId, candidate.memberId, rung, now) : false;
      return { bonuses, monthly: monthly ? 1 : 0 };
    });
  }

  /** This month's rewards to every member at a level with one, once per brand and month. */
  async #monthly(brandId: bigint, ladder: RankRung[], now: Date): Promise<number> {
    const month = monthOf(todayUtc(now));
    const repository = new RanksRepository(this.#db);
    if (await repository.monthlyDone(brandId, month)) return 0;
    const paying = ladder.filter((rung) => rung.monthlyRewardMinor > 0n);
    const members = await repository.membersAtLevels(
      brandId,
      paying.map((rung) => rung.level),
    );
    let granted = 0;
    for (let start = 0; start < members.length; start += MONTHLY_BATCH) {
      const batch = members.slice(start, start + MONTHLY_BATCH);
      granted += await transact(this.#db, async (trx) => {
        let count = 0;
        for (const member of batch) {
          const rung = paying.find((entry) => entry.level === member.rankLevel);
          if (rung && (await this.#grantMonthly(trx, brandId, member.memberId, rung, now))) count += 1;
        }
        return count;
      });
    }
    await transact(this.#db, (trx) =>
      new RanksRepository(trx).markMonthlyDone(brandId, month, members.length),
    );
    return granted;
  }

  async #grantMonthly(
    trx: Parameters<PromotionsApi['grantIn']>[0],
    brandId: bigint,
    memberId: bigint,
    rung: RankRung,
    now: Date,
  ): Promise<boolean> {
    if (rung.monthlyRewardMinor <= 0n) return false;
    const month = todayUtc(now).slice(0, 7);
    const granted = await this.#rewards.grantIn(trx, {
      brandId,
      memberId,
      source: 'vip_monthly',
      sourceKey: `vip_monthly:${memberId}:${month}`,
      titleEn: `VIP monthly reward ${month}: ${rung.name.EN}`,
      titleHi: `VIP मासिक इनाम ${month}: ${rung.name.HI}`,
      amountMinor: rung.monthlyRewardMinor,
      grantedAt: now,
    });
    return granted !== undefined;
  }
}
