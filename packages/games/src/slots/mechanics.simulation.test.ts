import { describe, expect, it } from 'vitest';
import { inBand99, Stats } from '../lottery/test-kit.ts';
import type { FairInputs, SlotTitle } from '../types.ts';
import { MECHANIC_SLOT_TITLES } from './mechanic-titles.ts';
import { mechanicBetUnits, mechanicExactRtp, mechanicRoundUnits } from './mechanics.ts';

/**
 * Monte Carlo checks of the new titles: 10^5 rounds each in the unit suite (about 1.5 s a title), 10^6
 * under `npm run test:reliability` (RELIABILITY_FULL=1, about 2 min for the six).
 * - Ways and hold-and-win: the mean must fall in the 99 % band mean ± 2.576·s/√n around the exact RTP.
 * - Cascades: the declared RTP is the mean of 10^6 rounds at DECLARATION seeds (nonces 0 … 10^6 − 1); a
 *   separate run (other client seed) must fall within 2.576·s·√(1/n + 1/10^6) of it (both are estimates).
 *   The full run also replays the declaration and checks it still rounds to declaredRtp.
 * Each run logs the figures of packages/games/src/README.md (hit rate, SD, share ≥ 10×, largest win).
 */
const FULL = process.env.RELIABILITY_FULL === '1';
const N = FULL ? 1_000_000 : 100_000;
const DECLARATION_N = 1_000_000;
const DECLARATION = { serverSeed: 'ab'.repeat(32), clientSeed: 'tune' };
const serverSeed = '5eed'.repeat(16);

function simulate(title: SlotTitle, inputs: Omit<FairInputs, 'nonce'>, n: number) {
  const units = mechanicBetUnits(title);
  const s = new Stats();
  let hits = 0;
  let big = 0;
  let largest = 0;
  for (let nonce = 0; nonce < n; nonce++) {
    const x = mechanicRoundUnits(title, { ...inputs, nonce }) / units;
    s.add(x);
    if (x > 0) hits++;
    if (x >= 10) big++;
    if (x > largest) largest = x;
  }
  const figures = `${title.code}: n=${n} mean=${s.mean.toFixed(4)} hit=${((100 * hits) / n).toFixed(1)} % sd=${s.sd.toFixed(2)} ≥10×=${((100 * big) / n).toFixed(2)} % largest=${largest}×`;
  return { s, figures };
}

describe(`new slot titles: ${N} simulated rounds within the 99 % band`, () => {
  it.each(Object.values(MECHANIC_SLOT_TITLES).map((t) => [t.code, t] as const))(
    '%s',
    (code, title) => {
      const { s, figures } = simulate(title, { serverSeed, clientSeed: `sim-${code}` }, N);
      console.info(figures);
      if (title.mechanic === 'cascade') {
        const half = 2.576 * s.sd * Math.sqrt(1 / N + 1 / DECLARATION_N);
        const report = `${figures} declared=${title.declaredRtp} ±${half.toFixed(5)}`;
        expect(Math.abs(s.mean - title.declaredRtp) <= half, report).toBe(true);
        if (FULL) {
          const declared = simulate(title, DECLARATION, DECLARATION_N).s.mean;
          expect(Math.round(declared * 10_000) / 10_000, `declaration run ${declared}`).toBe(
            title.declaredRtp,
          );
        }
      } else {
        const fit = inBand99(code, s, mechanicExactRtp(title).value);
        expect(fit.ok, fit.report).toBe(true);
      }
    },
    FULL ? 300_000 : 60_000,
  );
});
