import type { Card } from '../types.ts';

const SUITS = 'shdc';
const RANKS = 'A23456789TJQK';

/** Cards from text for hand-written tests: 'As Kh Qd Tc' (suits ♠♥♦♣ = s h d c, T = ten). */
export function cards(text: string): Card[] {
  return text
    .split(' ')
    .map((t) => ({ rank: RANKS.indexOf(t[0] ?? '') + 1, suit: SUITS.indexOf(t[1] ?? '') }));
}

/**
 * Rummy card ids from text (rummy-melds.ts): 'As Kh Qd Tc'; a trailing ' marks the second deck's copy
 * (As' = 52); PJ and PJ' are the two printed jokers (104, 105).
 */
export function rummyIds(text: string): number[] {
  return text.split(' ').map((t) => {
    if (t.startsWith('PJ')) return t.endsWith("'") ? 105 : 104;
    const id = SUITS.indexOf(t[1] ?? '') * 13 + RANKS.indexOf(t[0] ?? '');
    return t.endsWith("'") ? id + 52 : id;
  });
}
