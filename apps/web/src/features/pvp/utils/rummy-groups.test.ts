import { describe, expect, it } from 'vitest';
import { declarationOf, groupCards, groupKind, sortLoose, syncArrangement, ungroup } from './rummy-groups.ts';

/** Card ids: suit ⌊id/13⌋ ♠♥♦♣, rank id mod 13 + 1. */
const card = (suit: number, rank: number) => suit * 13 + rank - 1;

describe('the Rummy hand arrangement', () => {
  it('keeps groups in step with the cards held: discards leave, draws join the loose cards', () => {
    const groups = [
      [5, 6],
      [1, 2, 3],
    ];
    expect(syncArrangement(groups, [1, 2, 3, 5, 6])).toEqual([
      [5, 6],
      [1, 2, 3],
    ]);
    expect(syncArrangement(groups, [1, 2, 5, 6, 40])).toEqual([
      [5, 6, 40],
      [1, 2],
    ]);
    expect(syncArrangement([[5], [1]], [5, 9])).toEqual([[5, 9]]);
    expect(syncArrangement([], [3, 1])).toEqual([[3, 1]]);
  });

  it('groups the selected cards, ungroups a group, sorts the loose cards with jokers last', () => {
    const grouped = groupCards(
      [
        [1, 2, 3, 4],
        [7, 8, 9],
      ],
      [2, 8],
    );
    expect(grouped).toEqual([
      [1, 3, 4],
      [7, 9],
      [2, 8],
    ]);
    expect(ungroup(grouped, 1)).toEqual([
      [1, 3, 4, 7, 9],
      [2, 8],
    ]);
    expect(ungroup(grouped, 0)).toBe(grouped);
    // Fives wild: 5♣ and the printed joker go last (by id); the rest by suit, then rank.
    expect(sortLoose([[card(1, 2), 104, card(3, 5), card(0, 9), card(0, 1)]], 5)).toEqual([
      [card(0, 1), card(0, 9), card(1, 2), card(3, 5), 104],
    ]);
  });

  it('names each group as a meld and checks the declaration the arrangement makes', () => {
    const pure = [card(0, 1), card(0, 2), card(0, 3)];
    const impure = [card(1, 5), 104, card(1, 7)];
    const set = [card(0, 13), card(1, 13), card(2, 13)];
    const run = [card(2, 9), card(2, 10), card(2, 11), card(2, 12)];
    expect(groupKind(pure, 6)).toBe('pure-sequence');
    expect(groupKind(impure, 6)).toBe('sequence');
    expect(groupKind(set, 6)).toBe('set');
    expect(groupKind([card(0, 1), card(1, 9)], 6)).toBeNull();
    expect(groupKind(pure, null)).toBeNull();
    const discard = card(3, 2);
    const valid = declarationOf([[discard], pure, impure, set, run], discard, 6);
    expect(valid.groups).toEqual([pure, impure, set, run]);
    expect(valid.check).toEqual({ valid: true });
    expect(declarationOf([[discard, ...pure], impure, set, run], card(0, 1), 6).check).toEqual({
      valid: false,
      reason: 'meld-invalid',
    });
    expect(declarationOf([[discard], impure, set, [card(3, 8), card(3, 9), 105]], discard, 6).check).toEqual({
      valid: false,
      reason: 'no-pure-sequence',
    });
  });
});
