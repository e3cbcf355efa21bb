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
