import type { MarketType } from '@lotus/shared/sportsbook.schema';
import { oddsWithMargin } from './bet-maths.ts';
import type { MarketKey, PricedMarket, SelectionResult } from './types.ts';

/**
 * What every sport model shares about markets: selection names (EN, HI), building priced markets, the
 * settlement of lines (over/under, handicaps, Asian quarter lines), and odds from a priced market.
 */

export type Names = { EN: string; HI: string };
export type PricedSelection = PricedMarket['selections'][number];

export const NAMES = {
  home: { EN: 'Home', HI: 'घरेलू' },
  away: { EN: 'Away', HI: 'मेहमान' },
  draw: { EN: 'Draw', HI: 'ड्रॉ' },
  home_draw: { EN: 'Home or draw', HI: 'घरेलू या ड्रॉ' },
  home_away: { EN: 'Home or away', HI: 'घरेलू या मेहमान' },
  draw_away: { EN: 'Draw or away', HI: 'ड्रॉ या मेहमान' },
  over: { EN: 'Over', HI: 'अधिक' },
  under: { EN: 'Under', HI: 'कम' },
  yes: { EN: 'Yes', HI: 'हाँ' },
  no: { EN: 'No', HI: 'नहीं' },
  none: { EN: 'No goal', HI: 'कोई गोल नहीं' },
  caught: { EN: 'Caught', HI: 'कैच' },
  bowled: { EN: 'Bowled', HI: 'बोल्ड' },
  lbw: { EN: 'LBW', HI: 'एलबीडब्ल्यू' },
  run_out: { EN: 'Run out', HI: 'रन आउट' },
  other: { EN: 'Other', HI: 'अन्य' },
  meron: { EN: 'Meron', HI: 'मेरोन' },
  wala: { EN: 'Wala', HI: 'वाला' },
} as const satisfies Record<string, Names>;

export type NamedKey = keyof typeof NAMES;

export function sel(key: NamedKey, prob: number): PricedSelection {
  return { key, name: NAMES[key], prob };
}

export function market(
  type: MarketType,
  selections: PricedSelection[],
  param = '',
  lineMilli = 0,
): PricedMarket {
  return { type, param, lineMilli, selections };
}

/** Every selection of a market with one result each. */
export function results(
  keys: readonly string[],
  outcomeOf: (key: string) => SelectionResult['outcome'],
): SelectionResult[] {
  return keys.map((key) => ({ key, outcome: outcomeOf(key), deadHeatMilli: null }));
}

export function allVoid(keys: readonly string[]): SelectionResult[] {
  return results(keys, () => 'void');
}

/** The winner takes `win`, every other selection loses. */
export function winnerIs(keys: readonly string[], winner: string): SelectionResult[] {
  return results(keys, (key) => (key === winner ? 'win' : 'lose'));
}

/** Over/under a half line (`lineMilli` = x.5 × 1000): never a push. */
export function overUnderResult(total: number, lineMilli: number): SelectionResult[] {
  return winnerIs(['over', 'under'], total * 1000 > lineMilli ? 'over' : 'under');
}

/** Over/under priced from P(total > line). */
export function overUnderMarket(
  type: MarketType,
  pOver: number,
  lineMilli: number,
  param = '',
): PricedMarket {
  return market(type, [sel('over', pOver), sel('under', 1 - pOver)], param, lineMilli);
}

type Half = 'win' | 'lose' | 'push';

function halfResult(diffMilli: number): Half {
  return diffMilli > 0 ? 'win' : diffMilli < 0 ? 'lose' : 'push';
}

/**
 * The home side's result on a handicap line (`lineMilli`, the home side's handicap × 1000; the away side
 * holds −line), from the final margin `diff` = home − away. Half lines win or lose; whole lines push (void);
 * quarter lines (±0.25, ±0.75 …) are two bets on the neighbouring half and whole lines, so a push on one
 * half makes a half win or a half loss.
 */
export function handicapResult(diff: number, lineMilli: number): SelectionResult[] {
  const quarter = Math.abs(lineMilli) % 500 === 250;
  const halves = quarter ? [lineMilli - 250, lineMilli + 250] : [lineMilli, lineMilli];
  const home = halves.map((line) => halfResult(diff * 1000 + line));
  const away = home.map((h): Half => (h === 'win' ? 'lose' : h === 'lose' ? 'win' : 'push'));
  return [
    { key: 'home', outcome: combine(home), deadHeatMilli: null },
    { key: 'away', outcome: combine(away), deadHeatMilli: null },
  ];
}

function combine(halves: Half[]): SelectionResult['outcome'] {
  const [a, b] = halves;
  if (a === b) return a === 'push' ? 'void' : (a as 'win' | 'lose');
  if (a === 'win' || b === 'win') return b === 'lose' || a === 'lose' ? 'void' : 'half_win';
  return 'half_lose';
}

/**
 * A handicap market priced from the distribution of the final margin (`diffProbs`: margin → probability):
 * each selection's effective probability W / (1 − V), W its expected winning fraction and V the expected
 * returned fraction (pushes), the same V for both sides — so the two sum to 1 and 1 / prob is fair odds.
 */
export function handicapMarket(
  type: MarketType,
  diffProbs: ReadonlyMap<number, number>,
  lineMilli: number,
  param = '',
): PricedMarket {
  let wHome = 0;
  let wAway = 0;
  let returned = 0;
  for (const [diff, p] of diffProbs) {
    for (const r of handicapResult(diff, lineMilli)) {
      const [win, back] = FRACTIONS[r.outcome];
      if (r.key === 'home') {
        wHome += p * win;
        returned += p * back;
      } else wAway += p * win;
    }
  }
  const rest = 1 - returned;
  const pHome = rest > 1e-12 ? wHome / rest : 0.5;
  const pAway = rest > 1e-12 ? wAway / rest : 0.5;
  return market(type, [sel('home', pHome), sel('away', pAway)], param, lineMilli);
}

/** [winning fraction, returned fraction] of the stake for each outcome (the W and V of an effective prob). */
export const FRACTIONS: Record<SelectionResult['outcome'], [number, number]> = {
  win: [1, 0],
  lose: [0, 0],
  void: [0, 1],
  half_win: [0.5, 0.5],
  half_lose: [0, 0.5],
};

/**
 * The odds the book quotes for a priced market with the market's margin: `oddsWithMargin` over the
 * selections the margin prices, a selection's `fixedOddsMilli` as it is (the cockfight draw's 9.00).
 */
export function marketOdds(priced: PricedMarket, marginBp: number): { oddsMilli: number; active: boolean }[] {
  const free = priced.selections.filter((s) => s.fixedOddsMilli === undefined);
  const odds = oddsWithMargin(
    free.map((s) => s.prob),
    marginBp,
  );
  let i = 0;
  return priced.selections.map((s) => {
    if (s.fixedOddsMilli !== undefined) return { oddsMilli: s.fixedOddsMilli, active: true };
    const o = odds[i++];
    return o ?? { oddsMilli: 1001, active: false };
  });
}

/** The probability of an outcome as parts per million (what `sb_selections.prob_ppm` stores). */
export function probPpm(prob: number): number {
  return Math.max(0, Math.min(1_000_000, Math.round(prob * 1_000_000)));
}

/** A market's key as a string, to match priced markets against stored ones. */
export function marketKeyOf(key: MarketKey): string {
  return `${key.type}|${key.param}|${key.lineMilli}`;
}

/** "2.5" from 2500, "-0.25" from -250: a line for names and logs. */
export function lineText(lineMilli: number): string {
  return String(lineMilli / 1000);
}
