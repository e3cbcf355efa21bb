import { REFERRAL_QUERY, type ReferralSummary } from '@lotus/shared/missions.schema';
import { minorToDecimal } from '@lotus/shared/money';
import { type Db, transact } from '../../db/unit-of-work.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PromotionsApi } from '../promotions/promotions-module.ts';
import { maskName, smallerOf } from './mission-periods.ts';
import { ReferralRepository, referralRewardKey } from './referral.repository.ts';

export const REFERRAL_JOB = 'missions.referral-earnings';
export const REFERRAL_EVERY_MS = 60_000;
/** The whitelabel flag that turns the brand's referral promotion on (SPEC §2 side bar Share). */
export const REFERRAL_FLAG = 'REFERRAL3';
const FRIENDS_SHOWN = 100;
const JOB_BATCH = 200;

/** Whether a brand runs referral now (its whitelabel flag; app.ts reads it from the system module). */
export type ReferralEnabled = (brandId: bigint) => Promise<boolean>;

/** `share_bps` as a percent with two decimals ("10.00"). */
const percentOf = (bps: number) => `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

/**
 * Invite friends (issue 19; docs/missions-referral.md). Every real player has a code (made by the database
 * when the member row is inserted); a friend who registers with it is recorded as `referred_by_id` by the
 * registration. When the brand runs referral (flag REFERRAL3) and has a rule, a job grants the referrer a
 * reward-centre reward (source `referral`, key `referral:<friend>`: once per friend, ever) of the rule's
 * share of the friend's first approved deposit, capped.
 */
export class ReferralService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #rewards: PromotionsApi;
  readonly #enabled: ReferralEnabled;
  readonly #repository: ReferralRepository;

  constructor(deps: { db: Db; clock: Clock; rewards: PromotionsApi; enabled: ReferralEnabled }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#rewards = deps.rewards;
    this.#enabled = deps.enabled;
    this.#repository = new ReferralRepository(deps.db);
  }

  async summary(actor: Actor): Promise<ReferralSummary> {
    requireReal(actor);
    if (!(await this.#enabled(actor.brandId))) throw new AppError('activity_coming');
    const code = await this.#repository.codeOf(actor.memberId);
    if (code === undefined) throw new AppError('in_need_true_account');
    const [rule, friends, total] = await Promise.all([
      this.#repository.rule(actor.brandId),
      this.#repository.friends(actor.memberId, FRIENDS_SHOWN),
      this.#repository.totalEarned(actor.brandId, actor.memberId),
    ]);
    return {
      code,
      path: `/register?${REFERRAL_QUERY}=${encodeURIComponent(code)}`,
      rule: rule
        ? {
            sharePercent: percentOf(rule.shareBps),
            minDepositMinor: rule.minDepositMinor.toString(),
            minDeposit: minorToDecimal(rule.minDepositMinor),
            capMinor: rule.capMinor.toString(),
            cap: minorToDecimal(rule.capMinor),
          }
        : null,
      friends: friends.rows.map((friend) => ({
        name: maskName(friend.username),
        joinedAt: friend.createdAt.toISOString(),
        firstDeposit: friend.firstDeposit,
        earnedMinor: friend.earnedMinor.toString(),
        earned: minorToDecimal(friend.earnedMinor),
      })),
      friendCount: friends.total,
      totalEarnedMinor: total.toString(),
      totalEarned: minorToDecimal(total),
    };
  }

  /**
   * The job: grants each due friend's referral reward to the referrer. Idempotent: the reward's key is the
   * friend's, so a friend already granted is no longer due and a racing run's grant answers `undefined`.
   */
  async payEarnings(): Promise<number> {
    let granted = 0;
    for (const brandId of await this.#repository.brandsWithRules()) {
      if (!(await this.#enabled(brandId))) continue;
      const rule = await this.#repository.rule(brandId);
      if (!rule) continue;
      for (;;) {
        const due = await this.#repository.dueFriends(brandId, rule.minDepositMinor, JOB_BATCH);
        let grantedNow = 0;
        for (const friend of due) {
          const share = (friend.firstDepositMinor * BigInt(rule.shareBps)) / 10_000n;
          const amountMinor = smallerOf(share, rule.capMinor);
          if (amountMinor <= 0n) continue;
          const name = maskName(friend.username);
          const reward = await transact(this.#db, (trx) =>
            this.#rewards.grantIn(trx, {
              brandId,
              memberId: friend.referrerId,
              source: 'referral',
              sourceKey: referralRewardKey(friend.friendId),
              titleEn: `Referral: ${name}'s first deposit`,
              titleHi: `रेफ़रल: ${name} की पहली जमा`,
              amountMinor,
              grantedAt: this.#clock.now(),
            }),
          );
          if (reward) grantedNow += 1;
        }
        granted += grantedNow;
        // A batch whose every friend earned nothing (a share rounding to 0) would come back forever.
        if (due.length < JOB_BATCH || grantedNow === 0) break;
      }
    }
    return granted;
  }
}
