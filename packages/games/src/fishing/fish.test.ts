import { describe, expect, it } from 'vitest';
import { equals, type Fraction, toNumber } from '../rational.ts';
import {
  BOMB_MAX_CATCH,
  bombCanCatch,
  captureProbability,
  exactShotRtp,
  expectedMultiplier,
  FISH_SPECIES,
  FISHING_DECLARED_RTP,
  FISHING_RTP,
  type FishSpecies,
  fishSpecies,
  shotReturnVariance,
} from './fish.ts';

const show = (f: Fraction) => `${f.numerator}/${f.denominator}`;
const species = (code: string): FishSpecies => {
  const s = fishSpecies(code);
  if (!s) throw new Error(code);
  return s;
};

describe('fish table', () => {
  it('has 15–20 species in the ranges of the brief, weights adding up to 1,000', () => {
    expect(FISH_SPECIES.length).toBeGreaterThanOrEqual(15);
    expect(FISH_SPECIES.length).toBeLessThanOrEqual(20);
    const ranges: Record<string, [number, number]> = {
      small: [2, 5],
      medium: [8, 30],
      large: [40, 100],
      boss: [150, 500],
      golden: [30, 300],
    };
    for (const s of FISH_SPECIES) {
      const range = ranges[s.kind];
      for (const m of s.multipliers) {
        expect(Number.isInteger(m.multiplier) && m.weight > 0).toBe(true);
        if (range) expect(m.multiplier >= range[0] && m.multiplier <= range[1], s.code).toBe(true);
      }
    }
    expect(new Set(FISH_SPECIES.map((s) => s.code)).size).toBe(FISH_SPECIES.length);
    expect(FISH_SPECIES.reduce((sum, s) => sum + s.spawnWeight, 0)).toBe(1000);
    expect(toNumber(FISHING_RTP)).toBe(FISHING_DECLARED_RTP);
  });

  it('every species returns exactly the declared RTP per shot; the capture odds docs/fishing.md quotes', () => {
    const lines = FISH_SPECIES.map((s) => {
      expect(equals(exactShotRtp(s), FISHING_RTP), s.code).toBe(true);
      const p = captureProbability(s);
      const sd = Math.sqrt(toNumber(shotReturnVariance(s)));
      return `${s.code} (${s.kind}): E[m] ${show(expectedMultiplier(s))}, p ${show(p)} = ${(toNumber(p) * 100).toFixed(4)} %, SD ${sd.toFixed(3)}`;
    });
    expect(lines.join('\n')).toMatchInlineSnapshot(`
      "minnow (small): E[m] 2/1, p 12/25 = 48.0000 %, SD 0.999
      clownfish (small): E[m] 3/1, p 8/25 = 32.0000 %, SD 1.399
      angelfish (small): E[m] 4/1, p 6/25 = 24.0000 %, SD 1.708
      pufferfish (small): E[m] 5/1, p 24/125 = 19.2000 %, SD 1.969
      lionfish (medium): E[m] 8/1, p 3/25 = 12.0000 %, SD 2.600
      seahorse (medium): E[m] 10/1, p 12/125 = 9.6000 %, SD 2.946
      turtle (medium): E[m] 15/1, p 8/125 = 6.4000 %, SD 3.671
      stingray (medium): E[m] 20/1, p 6/125 = 4.8000 %, SD 4.275
      octopus (medium): E[m] 30/1, p 4/125 = 3.2000 %, SD 5.280
      swordfish (large): E[m] 40/1, p 3/125 = 2.4000 %, SD 6.122
      shark (large): E[m] 60/1, p 2/125 = 1.6000 %, SD 7.529
      manta (large): E[m] 80/1, p 3/250 = 1.2000 %, SD 8.711
      killer-whale (large): E[m] 100/1, p 6/625 = 0.9600 %, SD 9.751
      sea-serpent (boss): E[m] 150/1, p 4/625 = 0.6400 %, SD 11.962
      kraken (boss): E[m] 300/1, p 2/625 = 0.3200 %, SD 16.943
      dragon-king (boss): E[m] 500/1, p 6/3125 = 0.1920 %, SD 21.888
      bomb-crab (bomb): E[m] 10/1, p 12/125 = 9.6000 %, SD 2.946
      golden-carp (golden): E[m] 66/1, p 4/275 = 1.4545 %, SD 10.095"
    `);
  });

  it('a bomb returns the RTP whatever its blast takes; odds fall as the blast grows', () => {
    const bomb = species('bomb-crab');
    const catchable = FISH_SPECIES.filter(bombCanCatch);
    expect(catchable.map((s) => s.kind)).not.toContain('boss');
    const blasts: FishSpecies[][] = [
      [],
      [species('minnow')],
      [species('golden-carp'), species('shark')],
      catchable.slice(0, BOMB_MAX_CATCH),
      new Array<FishSpecies>(BOMB_MAX_CATCH).fill(species('killer-whale')),
    ];
    const lines = blasts.map((caught) => {
      expect(equals(exactShotRtp(bomb, caught), FISHING_RTP)).toBe(true);
      const p = captureProbability(bomb, caught);
      return `${caught.length} fish: p ${show(p)}, SD ${Math.sqrt(toNumber(shotReturnVariance(bomb, caught))).toFixed(3)}`;
    });
    expect(lines.join('\n')).toMatchInlineSnapshot(`
      "0 fish: p 12/125, SD 2.946
      1 fish: p 2/25, SD 3.256
      2 fish: p 3/425, SD 12.198
      12 fish: p 24/7175, SD 16.571
      12 fish: p 12/15125, SD 34.069"
    `);
    // The largest denominator of any shot (24 / (25 × 1,210) = 12/15,125) fits one draw (int(n) takes n ≤ 2^32).
    expect(captureProbability(bomb, blasts[4]).denominator).toBe(15125n);
  });

  it('the variance formula matches a direct sum for the golden carp', () => {
    const golden = species('golden-carp');
    const p = toNumber(captureProbability(golden));
    const total = golden.multipliers.reduce((sum, m) => sum + m.weight, 0);
    const direct = golden.multipliers.reduce(
      (sum, m) => sum + ((p * m.weight) / total) * m.multiplier ** 2,
      0,
    );
    expect(toNumber(shotReturnVariance(golden))).toBeCloseTo(direct - 0.96 ** 2, 9);
  });
});
