import { rateBpText } from '@lotus/shared/loyalty.schema';
import { formatMoney } from '@lotus/shared/money';
import type { RankLanguage, VipRequirementRule } from '@lotus/shared/ranks.schema';
import type { RungTerms, StandingFigures } from './ranks.repository.ts';

/** Game types by name in the two languages the ladder is written in (the agent centre's names). */
const GAME_TYPE_NAMES: Record<string, { EN: string; HI: string }> = {
  LIVE: { EN: 'Live casino', HI: 'लाइव कैसीनो' },
  RNG: { EN: 'Slots', HI: 'स्लॉट्स' },
  FISH: { EN: 'Fishing', HI: 'फ़िशिंग' },
  PVP: { EN: 'Cards', HI: 'कार्ड' },
  TG: { EN: 'Table games', HI: 'टेबल गेम्स' },
  SPORTS: { EN: 'Sports', HI: 'स्पोर्ट्स' },
  ESPORTS: { EN: 'E-sports', HI: 'ई-स्पोर्ट्स' },
  LOTT: { EN: 'Lottery', HI: 'लॉटरी' },
  ELOTT: { EN: 'E-lottery', HI: 'ई-लॉटरी' },
  COCKFIGHT: { EN: 'Cockfight', HI: 'मुर्गा लड़ाई' },
  JP: { EN: 'Jackpot', HI: 'जैकपॉट' },
  AC: { EN: 'Arcade', HI: 'आर्केड' },
  BG: { EN: 'Bingo', HI: 'बिंगो' },
  OTHER: { EN: 'Other games', HI: 'अन्य गेम' },
};

export function gameTypeName(gameType: string, language: RankLanguage): string {
  return GAME_TYPE_NAMES[gameType]?.[language] ?? gameType;
}

/**
 * The benefits a level's numbers give, written out (issue 19: each level's list says what it really gives):
 * its daily rebate rates, its upgrade bonus and its monthly reward. The operator's own lines (e.g. the VIP
 * line) follow them on the page; a level with no numbers gets none of these lines.
 */
export function termBenefits(terms: RungTerms, language: RankLanguage, symbol: string): string[] {
  const money = (minor: bigint) => formatMoney(minor, symbol);
  const lines: string[] = [];
  if (terms.rebateRates.length > 0) {
    const rates = terms.rebateRates
      .map((rate) => `${gameTypeName(rate.gameType, language)} ${rateBpText(rate.rateBp)}%`)
      .join(', ');
    lines.push(
      language === 'HI' ? `दैनिक रिबेट (वैध टर्नओवर पर): ${rates}` : `Daily rebate on valid turnover: ${rates}`,
    );
  }
  if (terms.upgradeBonusMinor > 0n) {
    lines.push(
      language === 'HI'
        ? `यह स्तर पाने पर एक बार ${money(terms.upgradeBonusMinor)} अपग्रेड बोनस`
        : `${money(terms.upgradeBonusMinor)} upgrade bonus, once, when you reach this level`,
    );
  }
  if (terms.monthlyRewardMinor > 0n) {
    lines.push(
      language === 'HI'
        ? `इस स्तर पर रहते हुए हर महीने ${money(terms.monthlyRewardMinor)} मासिक इनाम`
        : `${money(terms.monthlyRewardMinor)} monthly reward every month at this level`,
    );
  }
  return lines;
}

/** Whether a level asks for anything at all; one that asks nothing is given by an operator only. */
export function asksAnything(terms: Pick<RungTerms, 'turnover30dMinor' | 'depositsMinor'>): boolean {
  return terms.turnover30dMinor !== null || terms.depositsMinor !== null;
}

/** Whether the figures reach a level under the brand's rule (`any`: one requirement; `all`: every one). */
export function reaches(
  terms: Pick<RungTerms, 'turnover30dMinor' | 'depositsMinor'>,
  rule: VipRequirementRule,
  figures: StandingFigures,
): boolean {
  const checks: boolean[] = [];
  if (terms.turnover30dMinor !== null) checks.push(figures.turnover30dMinor >= terms.turnover30dMinor);
  if (terms.depositsMinor !== null) checks.push(figures.depositsMinor >= terms.depositsMinor);
  if (checks.length === 0) return false;
  return rule === 'any' ? checks.some(Boolean) : checks.every(Boolean);
}

/** The highest level the figures reach (0 when none): the level the job raises a member to. */
export function earnedLevel(
  ladder: readonly (Pick<RungTerms, 'turnover30dMinor' | 'depositsMinor'> & { level: number })[],
  rule: VipRequirementRule,
  figures: StandingFigures,
): number {
  let best = 0;
  for (const rung of ladder) {
    if (rung.level > best && reaches(rung, rule, figures)) best = rung.level;
  }
  return best;
}
