import { createHash } from 'node:crypto';
import { allSicBoRolls, baccaratOdds, chiSquareFits99 } from '@lotus/games/live/index';
import { toNumber } from '@lotus/games/rational';
import type { LiveOutcome } from '@lotus/shared/live.schema';
import { describe, expect, it } from 'vitest';
import { canonicalSpot, cutIndexOf, dealRound, decksOf, type ShoeState, spotReturn } from './live-dealer.ts';

/**
 * The server's deal path (`dealRound`, what the cycle calls on the move to dealing) against the exact
 * odds at 99 % (issue 22's Done-when): baccarat player / banker / tie over whole shoes dealt to their cut
 * card, and sic bo's sixteen totals over rounds of committed seeds. Seeds are fixed, so the test is
 * repeatable.
 */

const seedOf = (label: string, n: number) => createHash('sha256').update(`${label}:${n}`).digest('hex');

/** Deals whole shoes of the table kind as the cycle does: round after round until the shoe ends. */
function dealShoes(
  kind: 'baccarat' | 'sic-bo',
  rounds: number,
  each: (outcome: ReturnType<typeof dealRound>['outcome']) => void,
) {
  let shoeNo = 0;
  let state: ShoeState | null = null;
  for (let roundNo = 1; roundNo <= rounds; roundNo++) {
    if (state === null) {
      shoeNo += 1;
      state = {
        seed: seedOf(kind, shoeNo),
        decks: decksOf(kind),
        cutIndex: cutIndexOf(kind),
        cardsDealt: 0,
        rounds: 0,
      };
    }
    const dealt = dealRound(kind, `${kind}-table`, roundNo, state);
    each(dealt.outcome);
    state = dealt.shoeEnds ? null : { ...state, cardsDealt: dealt.cardsDealt, rounds: state.rounds + 1 };
  }
  return shoeNo;
}

describe('the live deal path', () => {
  it('deals baccarat whose player / banker / tie frequencies fit the exact odds (60 000 coups, χ² 99 %)', () => {
    const wins = { player: 0, banker: 0, tie: 0 };
    const shoes = dealShoes('baccarat', 60_000, (outcome) => {
      if (outcome.game !== 'baccarat') throw new Error(outcome.game);
      wins[outcome.winner] += 1;
    });
    const counts = [wins.player, wins.banker, wins.tie];
    expect(shoes).toBeGreaterThan(700);
    const odds = baccaratOdds(8);
    const fit = chiSquareFits99(
      'live baccarat P/B/T',
      counts,
      [odds.player, odds.banker, odds.tie].map(toNumber),
    );
    expect(fit.ok, fit.report).toBe(true);
  });

  it('rolls sic bo whose totals fit the exact odds (50 000 rounds over 500 seeds, χ² 99 %)', () => {
    const ways = new Array<number>(19).fill(0);
    for (const [a, b, c] of allSicBoRolls()) ways[a + b + c] = (ways[a + b + c] ?? 0) + 1;
    const counts = new Array<number>(19).fill(0);
    const seeds = dealShoes('sic-bo', 50_000, (outcome) => {
      if (outcome.game !== 'sic-bo') throw new Error(outcome.game);
      counts[outcome.total] = (counts[outcome.total] ?? 0) + 1;
    });
    expect(seeds).toBe(500);
    const fit = chiSquareFits99(
      'live sic bo totals',
      counts.slice(3),
      ways.slice(3).map((w) => w / 216),
    );
    expect(fit.ok, fit.report).toBe(true);
  });

  it('ends a baccarat shoe with the round that dealt past the cut card, and Andar Bahar every round', () => {
    let state: ShoeState = {
      seed: seedOf('cut', 1),
      decks: 8,
      cutIndex: cutIndexOf('baccarat'),
      cardsDealt: 0,
      rounds: 0,
    };
    for (;;) {
      const dealt = dealRound('baccarat', 't', state.rounds + 1, state);
      if (dealt.shoeEnds) {
        expect(dealt.cardsDealt).toBeGreaterThan(402);
        expect(dealt.cardsDealt).toBeLessThanOrEqual(416);
        break;
      }
      expect(dealt.cardsDealt).toBeLessThanOrEqual(402);
      state = { ...state, cardsDealt: dealt.cardsDealt, rounds: state.rounds + 1 };
    }
    const ab = dealRound('andar-bahar', 't', 1, {
      seed: seedOf('ab', 1),
      decks: 1,
      cutIndex: 52,
      cardsDealt: 0,
      rounds: 0,
    });
    expect(ab.shoeEnds).toBe(true);
  });

  it('writes spots one way and pays them with the tables maths', () => {
    expect(canonicalSpot('roulette', 'corner:5-4-2-1')).toBe('corner:1-2-4-5');
    expect(canonicalSpot('roulette', 'red')).toBe('red');
    expect(canonicalSpot('roulette', 'red:1-3')).toBeNull();
    expect(canonicalSpot('sic-bo', 'combination:2-1')).toBe('combination:1-2');
    expect(canonicalSpot('sic-bo', 'total:3')).toBeNull();
    expect(canonicalSpot('baccarat', 'banker:1')).toBeNull();
    expect(canonicalSpot('dragon-tiger', 'player')).toBeNull();
    const roulette = { game: 'roulette', pocket: 17, colour: 'black' } as const;
    expect(spotReturn('roulette', 'straight:17', 1000n, roulette)).toBe(36_000n);
    expect(spotReturn('roulette', 'split:17-20', 1000n, roulette)).toBe(18_000n);
    expect(spotReturn('roulette', 'red', 1000n, roulette)).toBe(0n);
    const dice: LiveOutcome = { game: 'sic-bo', dice: [2, 2, 5], total: 9 };
    expect(spotReturn('sic-bo', 'double:2', 1000n, dice)).toBe(11_000n);
    expect(spotReturn('sic-bo', 'total:9', 1000n, dice)).toBe(7_000n);
    expect(spotReturn('sic-bo', 'single:2', 1000n, dice)).toBe(3_000n);
  });
});
