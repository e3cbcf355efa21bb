import { describe, expect, it } from 'vitest';
import { chiSquareCritical99, chiSquareFits99 } from '../live/chi-square.ts';
import { toNumber } from '../rational.ts';
import {
  captureProbability,
  FISH_SPECIES,
  FISHING_RTP,
  type FishSpecies,
  fishSpecies,
  GOLDEN_MULTIPLIERS,
  shotReturnVariance,
} from './fish.ts';
import { FISHING_BULLETS_MINOR, type FishingShot, resolveShot } from './shot.ts';

/**
 * 10^6 shots from real fair inputs (fixed seeds: deterministic), cycling through every species and three
 * bomb blasts. Mean return per bullet: z = (Σ x − n·RTP) / √(Σ Var), the variances exact from the table,
 * must lie within ±2.576 (99 %). Captures per kind of shot: Σ (k − n·p)² / (n·p·(1 − p)) against χ² with one
 * degree of freedom per kind. The golden carp's drawn multipliers: χ² against their weights.
 */
const N = 1_000_000;
const code = (s: FishSpecies) => s.code;
const byCode = (c: string): FishSpecies => {
  const s = fishSpecies(c);
  if (!s) throw new Error(c);
  return s;
};
const KINDS: FishingShot[] = [
  ...FISH_SPECIES.map((s) => ({ bulletMinor: '0', target: code(s) })),
  { bulletMinor: '0', target: 'bomb-crab', caught: ['minnow', 'clownfish'] },
  { bulletMinor: '0', target: 'bomb-crab', caught: ['golden-carp', 'shark', 'turtle'] },
  { bulletMinor: '0', target: 'bomb-crab', caught: new Array<string>(12).fill('killer-whale') },
];

describe('fishing: 10^6 shots', () => {
  it('mean return within the 99 % band of the RTP; captures and golden multipliers pass χ²', () => {
    const stats = KINDS.map((shot) => {
      const target = byCode(shot.target);
      const caught = (shot.caught ?? []).map(byCode);
      return {
        p: toNumber(captureProbability(target, caught)),
        variance: toNumber(shotReturnVariance(target, caught)),
        shots: 0,
        captures: 0,
      };
    });
    const golden = new Map(GOLDEN_MULTIPLIERS.map((m) => [m.multiplier, 0]));
    let sum = 0;
    let variance = 0;
    const started = performance.now();
    for (let nonce = 0; nonce < N; nonce++) {
      const k = nonce % KINDS.length;
      const kind = KINDS[k];
      const s = stats[k];
      if (!kind || !s) throw new Error('kind');
      const bullet = FISHING_BULLETS_MINOR[nonce % FISHING_BULLETS_MINOR.length] ?? 10n;
      const outcome = resolveShot(
        { ...kind, bulletMinor: bullet.toString() },
        { serverSeed: 'f15h'.repeat(16), clientSeed: 'sim-fishing', nonce },
      );
      sum += Number(BigInt(outcome.payoutMinor) / bullet);
      variance += s.variance;
      s.shots++;
      if (outcome.captured) s.captures++;
      for (const c of outcome.catches) {
        if (c.species === 'golden-carp') golden.set(c.multiplier, (golden.get(c.multiplier) ?? 0) + 1);
      }
    }
    const ms = performance.now() - started;
    const rtp = toNumber(FISHING_RTP);
    const z = (sum - N * rtp) / Math.sqrt(variance);
    const mean = sum / N;
    const report = `mean ${mean.toFixed(5)} vs ${rtp}, ±${((2.576 * Math.sqrt(variance)) / N).toFixed(5)} (z = ${z.toFixed(3)}), ${((ms / N) * 1000).toFixed(1)} µs a shot`;
    console.log(report);
    expect(Math.abs(z) < 2.576, report).toBe(true);

    let chi = 0;
    for (const s of stats) chi += (s.captures - s.shots * s.p) ** 2 / (s.shots * s.p * (1 - s.p));
    const critical = chiSquareCritical99(stats.length);
    const capturesReport = `captures: χ²=${chi.toFixed(2)} with ${stats.length} df, 99 % critical ${critical.toFixed(2)}`;
    console.log(capturesReport);
    expect(chi < critical, capturesReport).toBe(true);

    const total = GOLDEN_MULTIPLIERS.reduce((t, m) => t + m.weight, 0);
    const fit = chiSquareFits99(
      'golden multipliers',
      GOLDEN_MULTIPLIERS.map((m) => golden.get(m.multiplier) ?? 0),
      GOLDEN_MULTIPLIERS.map((m) => m.weight / total),
    );
    console.log(fit.report);
    expect(fit.ok, fit.report).toBe(true);
  }, 120_000);
});
