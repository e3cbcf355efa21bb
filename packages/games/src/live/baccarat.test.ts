import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../fair.ts';
import { type Fraction, toNumber } from '../rational.ts';
import type { Card } from '../types.ts';
import {
  type BaccaratCoup,
  baccaratBetEdges,
  baccaratOdds,
  bankerDraws,
  dealBaccarat,
  settleBaccarat,
} from './baccarat.ts';
import { chiSquareFits99 } from './chi-square.ts';
import { openShoe, pastCutCard, type Shoe } from './shoe.ts';

/** A shoe holding exactly these ranks, in this order (suits cycle so that pairs are by rank alone). */
function stacked(ranks: number[]): Shoe {
  const cards: Card[] = ranks.map((rank, i) => ({ rank, suit: i % 4 }));
  return { decks: 1, commitment: '', cards, position: 0, cutIndex: cards.length };
}

/** Deals a coup from the ranks given as player 1, banker 1, player 2, banker 2, then third cards. */
function coup(ranks: number[]): BaccaratCoup & { used: number } {
  const shoe = stacked(ranks);
  return { ...dealBaccarat(shoe), used: shoe.position };
}

const pct = (f: Fraction) => (toNumber(f) * 100).toFixed(4);

describe('baccarat drawing rules', () => {
  it('the banker table: rows banker 0–7, columns player stood / third card 0–9 (D draws, S stands)', () => {
    const rows = Array.from({ length: 8 }, (_, b) =>
      [null, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((p) => (bankerDraws(b, p) ? 'D' : 'S')).join(''),
    );
    expect(rows).toEqual([
      'DDDDDDDDDDD',
      'DDDDDDDDDDD',
      'DDDDDDDDDDD',
      'DDDDDDDDDSD',
      'DSSDDDDDDSS',
      'DSSSSDDDDSS',
      'SSSSSSSDDSS',
      'SSSSSSSSSSS',
    ]);
  });

  it('deals naturals, player and banker third cards', () => {
    // Natural 8 against 5: four cards only.
    expect(coup([4, 13, 4, 5, 9, 9])).toMatchObject({
      playerPoints: 8,
      bankerPoints: 5,
      winner: 'player',
      used: 4,
    });
    expect(coup([4, 13, 4, 5, 9, 9]).natural).toBe(true);
    // Player 5 draws an 8 (3); banker 3 stands on a player's 8: tie.
    expect(coup([2, 10, 3, 3, 8, 9])).toMatchObject({
      playerPoints: 3,
      bankerPoints: 3,
      winner: 'tie',
      used: 5,
    });
    // Player stands on 6; banker 5 draws (2): 7 beats 6.
    expect(coup([3, 2, 3, 3, 2, 9])).toMatchObject({
      playerPoints: 6,
      bankerPoints: 7,
      winner: 'banker',
      used: 5,
    });
    // Player 4 draws a 7 (1); banker 6 draws on a 7 (a 10): banker wins with 6.
    expect(coup([2, 3, 2, 3, 7, 10])).toMatchObject({
      playerPoints: 1,
      bankerPoints: 6,
      winner: 'banker',
      used: 6,
    });
    // Banker 7 stands whatever the player drew.
    expect(coup([1, 3, 1, 4, 5, 9])).toMatchObject({
      playerPoints: 7,
      bankerPoints: 7,
      winner: 'tie',
      used: 5,
    });
    // Pairs by rank: 10 and K are no pair, Q and Q are.
    expect(coup([10, 12, 13, 12, 1, 1])).toMatchObject({ playerPair: false, bankerPair: true });
  });
});

describe('baccarat settlement', () => {
  const bets = [
    { kind: 'player', amountMinor: '101' },
    { kind: 'banker', amountMinor: '101' },
    { kind: 'tie', amountMinor: '101' },
    { kind: 'player-pair', amountMinor: '100' },
    { kind: 'banker-pair', amountMinor: '100' },
  ] as const;
  const bankerSix = coup([1, 2, 3, 4, 7, 10]); // player 4 draws a 7, banker 6 draws a 10: banker 6 to 1
  const tie = coup([2, 10, 3, 3, 8, 9]);

  it('pays banker 0.95:1 rounded down with commission, 1:2 on a banker 6 without', () => {
    const pays = (c: BaccaratCoup, v: 'commission' | 'no-commission') =>
      settleBaccarat([...bets], c, v).bets.map((b) => b.payMinor);
    expect(pays(bankerSix, 'commission')).toEqual(['0', '196', '0', '0', '0']);
    expect(pays(bankerSix, 'no-commission')).toEqual(['0', '151', '0', '0', '0']);
    const pairs = coup([10, 12, 10, 12, 1, 1]); // both pairs, 0 against 0 then draws
    expect(pays(pairs, 'commission').slice(3)).toEqual(['1200', '1200']);
  });

  it('pushes player and banker on a tie and pays the tie 8:1', () => {
    const s = settleBaccarat([...bets], tie, 'commission');
    expect(s.bets.map((b) => b.payMinor)).toEqual(['101', '101', '909', '0', '0']);
    expect(s.stakeMinor).toBe('503');
    expect(s.totalPayMinor).toBe('1111');
  });
});

describe('baccarat exact odds (8 decks, enumeration without replacement)', () => {
  it('match the published figures: banker 1.06 %, player 1.24 %, tie 14.36 %', () => {
    const edges = baccaratBetEdges(8);
    const table = Object.entries(edges).map(
      ([bet, e]) => `${bet}: RTP ${pct(e.rtp)} %, house edge ${(e.houseEdge * 100).toFixed(4)} %`,
    );
    const o = baccaratOdds(8);
    const odds = Object.entries(o).map(([k, f]) => `${k}: ${pct(f)} %`);
    // The figures docs/live-tables.md quotes.
    expect([...odds, ...table].join('\n')).toMatchInlineSnapshot(`
      "player: 44.6247 %
      banker: 45.8597 %
      bankerOnSix: 5.3864 %
      tie: 9.5156 %
      playerPair: 7.4699 %
      bankerPair: 7.4699 %
      player: RTP 98.7649 %, house edge 1.2351 %
      banker (commission): RTP 98.9421 %, house edge 1.0579 %
      banker (no commission): RTP 98.5419 %, house edge 1.4581 %
      tie: RTP 85.6404 %, house edge 14.3596 %
      player pair: RTP 89.6386 %, house edge 10.3614 %
      banker pair: RTP 89.6386 %, house edge 10.3614 %"
    `);
    expect(edges['banker (commission)']?.houseEdge).toBeCloseTo(0.010579, 6);
    expect(edges.player?.houseEdge).toBeCloseTo(0.012351, 6);
    expect(edges.tie?.houseEdge).toBeCloseTo(0.143596, 6);
    expect(edges['banker (no commission)']?.houseEdge).toBeCloseTo(0.014581, 5);
  });

  it('match the published single-deck figures (banker 1.01 %, player 1.29 %)', () => {
    const edges = baccaratBetEdges(1);
    expect(edges['banker (commission)']?.houseEdge).toBeCloseTo(0.0101, 4);
    expect(edges.player?.houseEdge).toBeCloseTo(0.0129, 4);
  });
});

describe('baccarat from shoes: 100 000 coups against the exact odds (χ² at 99 %)', () => {
  it('winner (banker split on 6) and pairs', () => {
    const o = baccaratOdds(8);
    const p = {
      player: toNumber(o.player),
      bankerOther: toNumber(o.banker) - toNumber(o.bankerOnSix),
      bankerSix: toNumber(o.bankerOnSix),
      tie: toNumber(o.tie),
    };
    const winners = [0, 0, 0, 0];
    const pairs = [0, 0];
    const bankerPairs = [0, 0];
    let coups = 0;
    let shoes = 0;
    while (coups < 100_000) {
      const shoe = openShoe(sha256Hex(`baccarat-chi:${shoes++}`), 8);
      while (!pastCutCard(shoe) && coups < 100_000) {
        const c = dealBaccarat(shoe);
        coups++;
        const w = c.winner === 'player' ? 0 : c.winner === 'tie' ? 3 : c.bankerPoints === 6 ? 2 : 1;
        winners[w] = (winners[w] ?? 0) + 1;
        pairs[c.playerPair ? 1 : 0] = (pairs[c.playerPair ? 1 : 0] ?? 0) + 1;
        bankerPairs[c.bankerPair ? 1 : 0] = (bankerPairs[c.bankerPair ? 1 : 0] ?? 0) + 1;
      }
    }
    const pair = toNumber(o.playerPair);
    for (const fit of [
      chiSquareFits99('winner', winners, [p.player, p.bankerOther, p.bankerSix, p.tie]),
      chiSquareFits99('player pair', pairs, [1 - pair, pair]),
      chiSquareFits99('banker pair', bankerPairs, [1 - pair, pair]),
    ])
      expect(fit.ok, fit.report).toBe(true);
    expect(shoes).toBeGreaterThan(1000);
  });
});
