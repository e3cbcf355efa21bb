import { describe, expect, it } from 'vitest';
import { toNumber } from '../rational.ts';
import type { Card } from '../types.ts';
import { andarBaharExactRtp, andarBaharOdds, dealAndarBahar, settleAndarBahar } from './andar-bahar.ts';
import { chiSquareFits99 } from './chi-square.ts';
import { openShoe, type Shoe } from './shoe.ts';

function stacked(ranks: number[]): Shoe {
  const cards: Card[] = ranks.map((rank, i) => ({ rank, suit: i % 4 }));
  return { decks: 1, commitment: '', cards, position: 0, cutIndex: cards.length };
}

describe('andar bahar', () => {
  it('deals Andar first until the joker rank comes, and pays Andar 0.9:1, Bahar 1:1', () => {
    const bets = [
      { side: 'andar', amountMinor: '105' },
      { side: 'bahar', amountMinor: '105' },
    ] as const;
    const first = dealAndarBahar(stacked([7, 7, 1, 2]));
    expect(first).toMatchObject({ winner: 'andar', andar: [{ rank: 7 }], bahar: [] });
    expect(settleAndarBahar([...bets], first).bets.map((b) => b.payMinor)).toEqual(['199', '0']);
    const second = dealAndarBahar(stacked([7, 3, 7, 2]));
    expect(second).toMatchObject({ winner: 'bahar', andar: [{ rank: 3 }], bahar: [{ rank: 7 }] });
    expect(settleAndarBahar([...bets], second).bets.map((b) => b.payMinor)).toEqual(['0', '210']);
  });

  it('exact odds: Andar 429/833, Bahar 404/833; RTP Andar 97.85 %, Bahar 97.00 %', () => {
    const odds = andarBaharOdds();
    const rtp = andarBaharExactRtp();
    expect(odds.andar).toEqual({ numerator: 429n, denominator: 833n });
    expect(odds.bahar).toEqual({ numerator: 404n, denominator: 833n });
    expect(rtp.andar).toEqual({ numerator: 8151n, denominator: 8330n });
    expect(rtp.bahar).toEqual({ numerator: 808n, denominator: 833n });
    expect(toNumber(rtp.andar)).toBeCloseTo(0.978511, 6);
    expect(toNumber(rtp.bahar)).toBeCloseTo(0.969988, 6);
  });

  it('100 000 rounds fit the exact distribution of the matching card position (χ² at 99 %)', () => {
    // The first card of the joker's rank is card k (1-based) after the joker with probability
    // C(51 − k, 2) / C(51, 3); positions 41–49 are pooled (expected counts under 5 % of the rest).
    const all = (51 * 50 * 49) / 6;
    const p = Array.from({ length: 41 }, (_, i) => ((51 - (i + 1)) * (50 - (i + 1))) / 2 / all);
    p[40] = 1 - p.slice(0, 40).reduce((a, b) => a + b, 0);
    const counts = new Array<number>(41).fill(0);
    let andar = 0;
    for (let i = 0; i < 100_000; i++) {
      const round = dealAndarBahar(openShoe(`andar-bahar-chi:${i}`, 1));
      const k = round.andar.length + round.bahar.length;
      const slot = Math.min(k, 41) - 1;
      counts[slot] = (counts[slot] ?? 0) + 1;
      if (round.winner === 'andar') andar++;
    }
    const position = chiSquareFits99('matching card position', counts, p);
    expect(position.ok, position.report).toBe(true);
    const sides = chiSquareFits99('winner', [andar, 100_000 - andar], [429 / 833, 404 / 833]);
    expect(sides.ok, sides.report).toBe(true);
  });
});
