import type { Rng } from './types.ts';

/** Small numeric helpers the sport models share: Poisson, weighted picks, distributions as arrays. */

/** Poisson probabilities P(0) … P(n) for mean `mean`, n the first count past which the tail is < 1e-12. */
export function poissonPmf(mean: number, cap = 60): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  let cumulative = 0;
  for (let k = 0; k <= cap; k++) {
    out.push(p);
    cumulative += p;
    if (k >= mean && 1 - cumulative < 1e-12) break;
    p = (p * mean) / (k + 1);
  }
  return out;
}

/** A Poisson count by inversion (the means the models use are small: a minute's goals, a raid's points). */
export function drawPoisson(rng: Rng, mean: number): number {
  const u = rng.next();
  let p = Math.exp(-mean);
  let cumulative = p;
  let k = 0;
  while (u >= cumulative && k < 100) {
    k++;
    p = (p * mean) / k;
    cumulative += p;
  }
  return k;
}

/** An index drawn with the given weights (they need not sum to 1). */
export function pickWeighted(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let u = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    u -= weights[i] ?? 0;
    if (u < 0) return i;
  }
  return weights.length - 1;
}

/** A value drawn around `mean` with spread `sd` (a sum of uniforms, clipped to [lo, hi]). */
export function drawAround(rng: Rng, mean: number, sd: number, lo: number, hi: number): number {
  // Irwin–Hall with 4 uniforms: variance 4/12, so scale by sd / sqrt(1/3).
  const z = (rng.next() + rng.next() + rng.next() + rng.next() - 2) * Math.sqrt(3);
  return Math.min(hi, Math.max(lo, mean + sd * z));
}

/** Round to 3 decimals (parameters stored in JSON stay short and replay the same). */
export function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** The logistic function. */
export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** The two sides of a two-sided event (home bats first in cricket, serves first in tennis, is meron). */
export type Side = 'home' | 'away';

export function other(side: Side): Side {
  return side === 'home' ? 'away' : 'home';
}

/** A final score's 1X2 result. */
export function resultOf(home: number, away: number): Side | 'draw' {
  return home > away ? 'home' : home < away ? 'away' : 'draw';
}

/** The smallest value whose cumulative probability reaches ½ (`fallback` when none does). */
export function medianOf(dist: ReadonlyMap<number, number>, fallback: number): number {
  let acc = 0;
  for (const x of [...dist.keys()].sort((a, b) => a - b)) {
    acc += dist.get(x) ?? 0;
    if (acc >= 0.5) return x;
  }
  return fallback;
}

/** Three lines (× 1000) at the median and `spread` either side, `offsetMilli` off the whole count. */
export function threeLines(median: number, spread: number, offsetMilli: number): number[] {
  return [median - spread, median, median + spread].map((x) => x * 1000 + offsetMilli);
}

/** P(already + remaining > line): the over of a total whose remaining count has distribution `dist`. */
export function probOver(dist: ReadonlyMap<number, number>, lineMilli: number, already = 0): number {
  let over = 0;
  for (const [k, p] of dist) if ((already + k) * 1000 > lineMilli) over += p;
  return over;
}

/**
 * The handicap line (× 1000) from `from` to `to` by `stepMilli` whose home price is nearest even (the first
 * of equals): a fixture's main line.
 */
export function evenLine(
  from: number,
  to: number,
  stepMilli: number,
  homeProb: (line: number) => number,
): number {
  let best = from;
  let bestGap = 2;
  for (let line = from; line <= to; line += stepMilli) {
    const gap = Math.abs(homeProb(line) - 0.5);
    if (gap < bestGap) {
      bestGap = gap;
      best = line;
    }
  }
  return best;
}

export type { SportsScore } from '@lotus/shared/sportsbook.schema';
// What every model file builds from, from one place: the market helpers and the model's types.
export {
  allVoid,
  handicapMarket,
  handicapResult,
  market,
  NAMES,
  overUnderMarket,
  overUnderResult,
  results,
  sel,
  winnerIs,
} from './markets.ts';
export type {
  FixtureParams,
  Happening,
  MarketKey,
  PricedMarket,
  Rng,
  SelectionResult,
  SportModel,
} from './types.ts';
