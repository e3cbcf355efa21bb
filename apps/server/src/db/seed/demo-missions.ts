import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { MissionKind, MissionPeriod } from '../tables/missions.ts';

type MissionSeed = {
  code: string;
  period: MissionPeriod;
  kind: MissionKind;
  target: bigint;
  rewardMinor: bigint;
  points: number;
  titleEn: string;
  titleHi: string;
};

/**
 * The demo brand's missions (issue 19; docs/missions-referral.md): three daily and two weekly, each reachable
 * by the demo player in the in-house games or with a deposit. Targets in minor units for money kinds.
 */
export const DEMO_MISSIONS: readonly MissionSeed[] = [
  {
    code: 'daily-rounds',
    period: 'daily',
    kind: 'rounds',
    target: 3n,
    rewardMinor: 1_000n,
    points: 10,
    titleEn: 'Play 3 rounds',
    titleHi: '3 राउंड खेलें',
  },
  {
    code: 'daily-turnover',
    period: 'daily',
    kind: 'turnover',
    target: 50_000n,
    rewardMinor: 2_000n,
    points: 20,
    titleEn: 'Bet ₹500 in total',
    titleHi: 'कुल ₹500 का दांव लगाएं',
  },
  {
    code: 'daily-new-game',
    period: 'daily',
    kind: 'new_game',
    target: 1n,
    rewardMinor: 500n,
    points: 10,
    titleEn: 'Try a game you have never played',
    titleHi: 'ऐसा गेम आज़माएं जो आपने कभी नहीं खेला',
  },
  {
    code: 'weekly-rounds',
    period: 'weekly',
    kind: 'rounds',
    target: 100n,
    rewardMinor: 10_000n,
    points: 50,
    titleEn: 'Play 100 rounds this week',
    titleHi: 'इस सप्ताह 100 राउंड खेलें',
  },
  {
    code: 'weekly-deposit',
    period: 'weekly',
    kind: 'deposit',
    target: 100_000n,
    rewardMinor: 5_000n,
    points: 50,
    titleEn: 'Deposit ₹1,000 this week',
    titleHi: 'इस सप्ताह ₹1,000 जमा करें',
  },
];

/** Referral on the demo brand: 10% of a friend's first deposit of at least ₹100, at most ₹500 a friend. */
export const DEMO_REFERRAL_RULE = { shareBps: 1_000, minDepositMinor: 10_000n, capMinor: 50_000n };

/**
 * Missions and the referral rule (the flag that turns referral on, REFERRAL3, is in DEMO_WHITELABEL).
 * Additive like every seed: rows that exist are left as they are.
 */
export async function seedDemoMissions(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  let added = 0;
  const count = (result: { numInsertedOrUpdatedRows?: bigint }[]) => {
    for (const row of result) added += Number(row.numInsertedOrUpdatedRows ?? 0n);
  };
  count(
    await trx
      .insertInto('missions')
      .values(
        DEMO_MISSIONS.map((mission, index) => ({
          brand_id: brandId,
          code: mission.code,
          period: mission.period,
          kind: mission.kind,
          target: mission.target,
          reward_minor: mission.rewardMinor,
          points: mission.points,
          title_en: mission.titleEn,
          title_hi: mission.titleHi,
          sort: index,
        })),
      )
      .onConflict((conflict) => conflict.columns(['brand_id', 'code']).doNothing())
      .execute(),
  );
  count(
    await trx
      .insertInto('referral_rules')
      .values({
        brand_id: brandId,
        share_bps: DEMO_REFERRAL_RULE.shareBps,
        min_deposit_minor: DEMO_REFERRAL_RULE.minDepositMinor,
        cap_minor: DEMO_REFERRAL_RULE.capMinor,
      })
      .onConflict((conflict) => conflict.column('brand_id').doNothing())
      .execute(),
  );
  return added;
}
