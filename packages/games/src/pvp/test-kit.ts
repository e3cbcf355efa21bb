import type { Card } from '../types.ts';

const SUITS = 'shdc';
const RANKS = 'A23456789TJQK';

/** Cards from text for hand-written tests: 'As Kh Qd Tc' (suits ♠♥♦♣ = s h d c, T = ten). */
export function cards(text: string): Card[] {
  return text
    .split(' ')
    .map((t) => ({ rank: RANKS.indexOf(t[0] ?? '') + 1, suit: SUITS.indexOf(t[1] ?? '') }));
}
