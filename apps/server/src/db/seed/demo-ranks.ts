import { VIP_SERVICE_FROM_LEVEL } from '@lotus/shared/ranks.schema';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The demo brand's VIP ladder (SPEC §1 "VIP ranks"; docs/loyalty.md), levels 0–9, with what each level asks
 * and gives (issue 19): the valid turnover over the rolling 30 days or the lifetime deposits that reach it
 * (the brand's rule is `any`: either one), a one-off upgrade bonus, a monthly reward and daily rebate rates
 * per game type. The rank page writes those numbers out as the level's first benefits; the lines here are
 * only what no number says: the customer-service line (from level 5 the VIP line, SPEC §9 "VIP rank above
 * 4"). Names match the demo accounts' club labels (Bronze at 1, Silver at 2, Gold at 3).
 */
type DemoRank = {
  level: number;
  en: string;
  hi: string;
  benefitsEn: string[];
  benefitsHi: string[];
  /** Rupees (₹), whole; null: not asked. */
  turnover30d: number | null;
  deposits: number | null;
  upgradeBonus: number;
  monthlyReward: number;
  /** Basis points of valid turnover per game type (50 = 0.50 %). */
  rebates: Partial<Record<'RNG' | 'TG' | 'PVP' | 'LIVE' | 'FISH' | 'SPORTS', number>>;
};

const CHAT_EN = ['Live-chat customer service'];
const CHAT_HI = ['लाइव-चैट ग्राहक सेवा'];
const VIP_EN = ['VIP customer-service line instead of the general live chat'];
const VIP_HI = ['सामान्य लाइव चैट के बजाय VIP ग्राहक-सेवा लाइन'];

/** [EN, HI, 30-day turnover ₹, lifetime deposits ₹, upgrade bonus ₹, monthly reward ₹, slots rebate bp]. */
const LADDER: [string, string, number | null, number | null, number, number, number][] = [
  ['Starter', 'स्टार्टर', null, null, 0, 0, 10],
  ['Bronze', 'ब्रॉन्ज़', 5_000, 2_000, 50, 0, 20],
  ['Silver', 'सिल्वर', 20_000, 10_000, 150, 50, 30],
  ['Gold', 'गोल्ड', 50_000, 25_000, 300, 100, 40],
  ['Platinum', 'प्लैटिनम', 100_000, 50_000, 500, 200, 50],
  ['Ruby', 'रूबी', 250_000, 100_000, 1_000, 400, 60],
  ['Sapphire', 'सफ़ायर', 500_000, 250_000, 2_000, 800, 70],
  ['Emerald', 'एमराल्ड', 1_000_000, 500_000, 4_000, 1_500, 80],
  ['Diamond', 'डायमंड', 2_500_000, 1_000_000, 8_000, 3_000, 90],
  ['Black Diamond', 'ब्लैक डायमंड', 5_000_000, 2_500_000, 15_000, 6_000, 100],
];

/**
 * Each level's rates: slots at the level's rate, table and card games a little less, live casino, fishing
 * and sports from Bronze, Silver and Gold up — so every level's list differs from the one below it.
 */
function rebatesOf(levelNo: number, slotsBp: number): DemoRank['rebates'] {
  return {
    RNG: slotsBp,
    TG: slotsBp - 5,
    PVP: slotsBp - 5,
    ...(levelNo >= 1 ? { LIVE: slotsBp - 10 } : {}),
    ...(levelNo >= 2 ? { FISH: slotsBp - 10 } : {}),
    ...(levelNo >= 3 ? { SPORTS: slotsBp - 20 } : {}),
  };
}

export const DEMO_RANKS: readonly DemoRank[] = LADDER.map(
  ([en, hi, turnover30d, deposits, upgradeBonus, monthlyReward, slotsBp], levelNo) => {
    const vip = levelNo >= VIP_SERVICE_FROM_LEVEL;
    return {
      level: levelNo,
      en,
      hi,
      benefitsEn: vip ? VIP_EN : CHAT_EN,
      benefitsHi: vip ? VIP_HI : CHAT_HI,
      turnover30d,
      deposits,
      upgradeBonus,
      monthlyReward,
      rebates: rebatesOf(levelNo, slotsBp),
    };
  },
);

const minor = (rupees: number | null) => (rupees === null ? null : BigInt(rupees) * 100n);

/**
 * Inserts the levels, rates and rule the brand lacks; a level an operator has edited is never overwritten.
 * A level seeded before issue 19 (no terms at all) gets the terms.
 */
export async function seedDemoRanks(trx: Kysely<Database>, brandId: bigint): Promise<number> {
  const result = await trx
    .insertInto('vip_ranks')
    .values(
      DEMO_RANKS.map((rank) => ({
        brand_id: brandId,
        level: rank.level,
        name_en: rank.en,
        name_hi: rank.hi,
        benefits_en: rank.benefitsEn.join('\n'),
        benefits_hi: rank.benefitsHi.join('\n'),
        turnover_30d_minor: minor(rank.turnover30d),
        deposits_minor: minor(rank.deposits),
        upgrade_bonus_minor: minor(rank.upgradeBonus) ?? 0n,
        monthly_reward_minor: minor(rank.monthlyReward) ?? 0n,
      })),
    )
    .onConflict((conflict) => conflict.columns(['brand_id', 'level']).doNothing())
    .executeTakeFirst();
  let added = Number(result.numInsertedOrUpdatedRows ?? 0n);
  for (const rank of DEMO_RANKS) {
    if (rank.turnover30d === null && rank.deposits === null) continue;
    const updated = await trx
      .updateTable('vip_ranks')
      .set({
        turnover_30d_minor: minor(rank.turnover30d),
        deposits_minor: minor(rank.deposits),
        upgrade_bonus_minor: minor(rank.upgradeBonus) ?? 0n,
        monthly_reward_minor: minor(rank.monthlyReward) ?? 0n,
      })
      .where('brand_id', '=', brandId)
      .where('level', '=', rank.level)
      .where('turnover_30d_minor', 'is', null)
      .where('deposits_minor', 'is', null)
      .where('upgrade_bonus_minor', '=', 0n)
      .where('monthly_reward_minor', '=', 0n)
      .executeTakeFirst();
    added += Number(updated.numUpdatedRows ?? 0n);
  }
  const rates = DEMO_RANKS.flatMap((rank) =>
    Object.entries(rank.rebates).map(([gameType, rateBp]) => ({
      brand_id: brandId,
      level: rank.level,
      game_type: gameType,
      rate_bp: rateBp,
    })),
  );
  const inserted = await trx
    .insertInto('vip_rebate_rates')
    .values(rates)
    .onConflict((conflict) => conflict.columns(['brand_id', 'level', 'game_type']).doNothing())
    .executeTakeFirst();
  added += Number(inserted.numInsertedOrUpdatedRows ?? 0n);
  const settings = await trx
    .insertInto('loyalty_settings')
    .values({ brand_id: brandId, vip_requirement: 'any', rebates_enabled: true })
    .onConflict((conflict) => conflict.column('brand_id').doNothing())
    .executeTakeFirst();
  added += Number(settings.numInsertedOrUpdatedRows ?? 0n);
  return added;
}
