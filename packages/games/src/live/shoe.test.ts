import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../fair.ts';
import { chiSquareCritical99, chiSquareFits99 } from './chi-square.ts';
import { dealCard, openShoe, pastCutCard, shuffleShoe, verifyShoe } from './shoe.ts';

const seed = sha256Hex('live-shoe-test');

describe('shoe', () => {
  it('is a permutation of 8 decks, fixed by its seed', () => {
    const cards = shuffleShoe(seed, 8);
    expect(cards).toHaveLength(416);
    const counts = new Map<string, number>();
    for (const c of cards) counts.set(`${c.rank}/${c.suit}`, (counts.get(`${c.rank}/${c.suit}`) ?? 0) + 1);
    expect(counts.size).toBe(52);
    expect([...counts.values()].every((n) => n === 8)).toBe(true);
    expect(shuffleShoe(seed, 8)).toEqual(cards);
    expect(shuffleShoe(sha256Hex('another'), 8)).not.toEqual(cards);
    // Pinned: a change of the shuffle would break every published shoe's verification.
    expect(
      cards
        .slice(0, 10)
        .map((c) => `${c.rank}.${c.suit}`)
        .join(' '),
    ).toMatchInlineSnapshot(`"3.2 2.2 7.0 12.2 11.2 6.3 2.1 7.1 12.3 3.1"`);
  });

  it('commits to the seed and verifies the cards dealt', () => {
    const shoe = openShoe(seed, 8);
    expect(shoe.commitment).toBe(sha256Hex(seed));
    const dealt = Array.from({ length: 30 }, () => dealCard(shoe));
    expect(verifyShoe(seed, shoe.commitment, dealt)).toBe(true);
    expect(verifyShoe(seed, shoe.commitment, shoe.cards)).toBe(true);
    expect(verifyShoe(sha256Hex('other'), shoe.commitment, dealt)).toBe(false);
    expect(verifyShoe(seed, sha256Hex('other'), dealt)).toBe(false);
    const swapped = [dealt[1], dealt[0], ...dealt.slice(2)].filter((c) => c !== undefined);
    expect(dealt[0]).not.toEqual(dealt[1]);
    expect(verifyShoe(seed, shoe.commitment, swapped)).toBe(false);
    expect(verifyShoe(seed, shoe.commitment, dealt, 1)).toBe(false);
  });

  it('ends after the cut card, 14 cards before the end', () => {
    const shoe = openShoe(seed, 8);
    expect(shoe.cutIndex).toBe(402);
    while (shoe.position < 402) dealCard(shoe);
    expect(pastCutCard(shoe)).toBe(false);
    dealCard(shoe); // card 402: the first after the cut card
    expect(pastCutCard(shoe)).toBe(true);
    const deck = openShoe(seed, 1);
    expect(deck.cutIndex).toBe(52);
    for (let i = 0; i < 52; i++) dealCard(deck);
    expect(() => dealCard(deck)).toThrow(RangeError);
    expect(() => openShoe(seed, 0)).toThrow(RangeError);
  });

  it('puts any card anywhere equally often (χ² at 99 %)', () => {
    // Where the ace of spades lands in 20 000 one-deck shuffles: 52 equally likely positions.
    const counts = new Array<number>(52).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const cards = shuffleShoe(`chi-shoe-${i}`, 1);
      const at = cards.findIndex((c) => c.rank === 1 && c.suit === 0);
      counts[at] = (counts[at] ?? 0) + 1;
    }
    const fit = chiSquareFits99('ace of spades position', counts, new Array(52).fill(1 / 52));
    expect(fit.ok, fit.report).toBe(true);
  });
});

describe('chi-square', () => {
  it('critical values match the tables (1 df 6.635, 36 df 58.619, 51 df 77.386)', () => {
    expect(chiSquareCritical99(36)).toBeCloseTo(58.619, 1);
    expect(chiSquareCritical99(51)).toBeCloseTo(77.386, 1);
    expect(Math.abs(chiSquareCritical99(1) - 6.635)).toBeLessThan(0.2);
    expect(() => chiSquareCritical99(0)).toThrow(RangeError);
  });

  it('rejects a biased sample', () => {
    expect(chiSquareFits99('fair', [5050, 4950], [0.5, 0.5]).ok).toBe(true);
    expect(chiSquareFits99('biased', [5300, 4700], [0.5, 0.5]).ok).toBe(false);
  });
});
