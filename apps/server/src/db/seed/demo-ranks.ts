import { VIP_SERVICE_FROM_LEVEL } from '@lotus/shared/ranks.schema';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The demo brand's VIP ladder (SPEC §1 "VIP ranks"), levels 0–9. The benefits name only what the site
 * really does for a level: every member plays, deposits, withdraws and reaches live chat; from level 5
 * (SPEC §9 "VIP rank above 4") the customer-service button opens the VIP line instead. No cash amount or
 * rebate is promised, because nothing pays one by rank. Names match the demo accounts' club labels
 * (Bronze at 1, Silver at 2, Gold at 3).
 */
type DemoRank = { level: number; en: string; hi: string; benefitsEn: string[]; benefitsHi: string[] };

const BASE_EN = [
  'Every game in the lobby, in-house games included',
  'Deposits and withdrawals from your wallet',
  'Live-chat customer service',
];
const BASE_HI = ['लॉबी का हर गेम, इन-हाउस गेम सहित', 'आपके वॉलेट से जमा और निकासी', 'लाइव-चैट ग्राहक सेवा'];
const VIP_EN = ['VIP customer-service line instead of the general live chat'];
const VIP_HI = ['सामान्य लाइव चैट के बजाय VIP ग्राहक-सेवा लाइन'];

/** Each level lists all it brings (not "everything in the level below"), so a card reads on its own. */
function level(levelNo: number, en: string, hi: string): DemoRank {
  const vip = levelNo >= VIP_SERVICE_FROM_LEVEL;
  return {
    level: levelNo,
    en,
    hi,
    benefitsEn: vip ? [...BASE_EN.slice(0, 2), ...VIP_EN] : BASE_EN,
    benefitsHi: vip ? [...BASE_HI.slice(0, 2), ...VIP_HI] : BASE_HI,
  };
}

const NAMES: [string, string][] = [
  ['Starter', 'स्टार्टर'],
  ['Bronze', 'ब्रॉन्ज़'],
  ['Silver', 'सिल्वर'],
  ['Gold', 'गोल्ड'],
  ['Platinum', 'प्लैटिनम'],
  ['Ruby', 'रूबी'],
  ['Sapphire', 'सफ़ायर'],
  ['Emerald', 'एमराल्ड'],
  ['Diamond', 'डायमंड'],
  ['Black Diamond', 'ब्लैक डायमंड'],
];

export const DEMO_RANKS: readonly DemoRank[] = NAMES.map(([en, hi], index) => level(index, en, hi));

/** Inserts the levels the brand lacks; a level an operator has edited is never overwritten. */
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
      })),
    )
    .onConflict((conflict) => conflict.columns(['brand_id', 'level']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}
