import type { Card } from '../types.ts';

/**
 * Teen Patti hand ranking, Indian rules (docs/pvp.md "Teen Patti (rules and table)").
 *
 * Categories, best first: trail (three of a kind) > pure sequence (straight flush) > sequence (run) >
 * colour (flush) > pair > high card. Aces are high, except in runs: A-K-Q is the highest run and A-2-3 the
 * second highest (the common rule; some tables play A-2-3 lowest), then K-Q-J down to 4-3-2. Suits never
 * rank: two hands of the same strength are equal and split the pot.
 *
 * A deck card is an index 0..51: suit ⌊i/13⌋ (♠♥♦♣), rank (i mod 13) + 1 (A = 1 … K = 13), as the studio's
 * other card games number them.
 */

export const TEEN_PATTI_CATEGORIES = [
  'high-card',
  'pair',
  'colour',
  'sequence',
  'pure-sequence',
  'trail',
] as const;
export type TeenPattiCategory = (typeof TEEN_PATTI_CATEGORIES)[number];

export type TeenPattiHand = {
  category: TeenPattiCategory;
  /** Higher is better; equal scores are equal hands. Comparable across categories. */
  score: number;
};

export function deckCard(index: number): Card {
  return { rank: (index % 13) + 1, suit: Math.floor(index / 13) };
}

/** A = 14 outside runs. */
function high(rank: number): number {
  return rank === 1 ? 14 : rank;
}

/**
 * The run's strength (1 = 4-3-2 … 10 = K-Q-J, 11 = A-2-3, 12 = A-K-Q), or 0 when the ranks (sorted high
 * first, aces as 14) are not consecutive.
 */
function runStrength(a: number, b: number, c: number): number {
  if (a === 14 && b === 13 && c === 12) return 12;
  if (a === 14 && b === 3 && c === 2) return 11;
  if (a === b + 1 && b === c + 1) return a - 3;
  return 0;
}

function score(category: number, a: number, b = 0, c = 0): number {
  return ((category * 16 + a) * 16 + b) * 16 + c;
}

export function rankHand(cards: readonly Card[]): TeenPattiHand {
  if (cards.length !== 3) throw new RangeError('a Teen Patti hand has 3 cards');
  const [a, b, c] = cards.map((card) => high(card.rank)).sort((x, y) => y - x) as [number, number, number];
  const flush = cards[0]?.suit === cards[1]?.suit && cards[1]?.suit === cards[2]?.suit;
  const hand = (category: TeenPattiCategory, s: number): TeenPattiHand => ({ category, score: s });
  if (a === c) return hand('trail', score(5, a));
  const run = runStrength(a, b, c);
  if (run > 0) return flush ? hand('pure-sequence', score(4, run)) : hand('sequence', score(3, run));
  if (flush) return hand('colour', score(2, a, b, c));
  if (a === b) return hand('pair', score(1, a, c));
  if (b === c) return hand('pair', score(1, b, a));
  return hand('high-card', score(0, a, b, c));
}

/** > 0 when `x` beats `y`, < 0 when it loses, 0 for equal hands (a split). */
export function compareHands(x: readonly Card[], y: readonly Card[]): number {
  return Math.sign(rankHand(x).score - rankHand(y).score);
}
