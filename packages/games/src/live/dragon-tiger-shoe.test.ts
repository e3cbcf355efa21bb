import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../fair.ts';
import { chiSquareFits99 } from './chi-square.ts';
import { dealDragonTiger } from './dragon-tiger-shoe.ts';
import { openShoe, pastCutCard, verifyShoe } from './shoe.ts';

describe('dragon tiger from a shared shoe', () => {
  it('deals two cards a round with the pays of dragon-tiger.ts, and the shoe verifies', () => {
    const seed = sha256Hex('dragon-tiger-shoe');
    const shoe = openShoe(seed, 8);
    const bets = [
      { side: 'dragon', amountMinor: '101' },
      { side: 'tiger', amountMinor: '101' },
      { side: 'tie', amountMinor: '10' },
    ] as const;
    let rounds = 0;
    const dealt = [];
    while (!pastCutCard(shoe)) {
      const r = dealDragonTiger(shoe, [...bets]);
      dealt.push(r.dragon, r.tiger);
      rounds++;
      const pays = r.bets.map((b) => b.payMinor);
      if (r.winner === 'tie') expect(pays).toEqual(['50', '50', '90']);
      else if (r.winner === 'dragon') expect(pays).toEqual(['202', '0', '0']);
      else expect(pays).toEqual(['0', '202', '0']);
    }
    // 402 cards before the cut card: the round that takes cards 402–403 is the last.
    expect(rounds).toBe(202);
    expect(verifyShoe(seed, shoe.commitment, dealt)).toBe(true);
  });

  it('100 000 rounds fit the exact odds, dragon = tiger = 192/415, tie = 31/415 (χ² at 99 %)', () => {
    const counts = [0, 0, 0];
    let rounds = 0;
    for (let s = 0; rounds < 100_000; s++) {
      const shoe = openShoe(sha256Hex(`dragon-tiger-chi:${s}`), 8);
      while (!pastCutCard(shoe) && rounds < 100_000) {
        const w = dealDragonTiger(shoe).winner;
        const i = w === 'dragon' ? 0 : w === 'tiger' ? 1 : 2;
        counts[i] = (counts[i] ?? 0) + 1;
        rounds++;
      }
    }
    const fit = chiSquareFits99('dragon tiger winner', counts, [192 / 415, 192 / 415, 31 / 415]);
    expect(fit.ok, fit.report).toBe(true);
  });
});
