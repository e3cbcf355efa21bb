import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestGrouping,
  cardPoints,
  checkDeclaration,
  groupingPoints,
  isJoker,
  meldKind,
  RUMMY_DECK_SIZE,
  rummyCard,
  wildRankOf,
} from './rummy-melds.ts';
import { rummyIds } from './test-kit.ts';

const ids = rummyIds;

/** Wild rank 2 unless a test says otherwise: no twos appear where a joker is not meant. */
const W = 2;

describe('rummy cards', () => {
  it('numbers 106 cards: two decks and two printed jokers', () => {
    expect(rummyCard(0)).toEqual({ rank: 1, suit: 0 });
    expect(rummyCard(52)).toEqual({ rank: 1, suit: 0 });
    expect(rummyCard(103)).toEqual({ rank: 13, suit: 3 });
    expect(rummyCard(104)).toBeNull();
    expect(() => rummyCard(RUMMY_DECK_SIZE)).toThrow(RangeError);
    expect(wildRankOf(104)).toBe(1);
    expect(wildRankOf(ids('7d')[0] ?? -1)).toBe(7);
    expect(isJoker(ids('2h')[0] ?? -1, W)).toBe(true);
  });

  it('scores A K Q J T at 10, the others their rank, jokers 0', () => {
    expect(ids('As Ks Qs Js Ts 9s 3s 2s PJ').map((id) => cardPoints(id, W))).toEqual([
      10, 10, 10, 10, 10, 9, 3, 0, 0,
    ]);
  });
});

describe('rummy melds', () => {
  it('knows pure sequences, ace low or high, never round the corner', () => {
    expect(meldKind(ids('3h 4h 5h'), W)).toBe('pure-sequence');
    expect(meldKind(ids('As 2s 3s'), 9)).toBe('pure-sequence');
    expect(meldKind(ids('Qs Ks As'), W)).toBe('pure-sequence');
    expect(meldKind(ids('9c Tc Jc Qc Kc Ac'), W)).toBe('pure-sequence');
    expect(meldKind(ids('Ks As 2s'), 9)).toBeNull();
    expect(meldKind(ids('3h 4h 6h'), W)).toBeNull();
    expect(meldKind(ids('3h 4h 5d'), W)).toBeNull();
    expect(meldKind(ids('3h 4h'), W)).toBeNull();
    expect(meldKind(ids("3h 4h 4h'"), W)).toBeNull();
  });

  it('keeps a wild-rank card in its own place pure, and uses it as a joker elsewhere', () => {
    expect(meldKind(ids('4h 5h 6h'), 5)).toBe('pure-sequence');
    expect(meldKind(ids('4h 5s 6h'), 5)).toBe('sequence');
    expect(meldKind(ids('7h 5h 9h'), 5)).toBe('sequence'); // 5♥ stands for 8♥
    expect(meldKind(ids('4h 5h 6h 8h'), 5)).toBeNull(); // in its place or a joker, not both
  });

  it('knows impure sequences: jokers fill gaps and ends, never a 14th rank', () => {
    expect(meldKind(ids('3h PJ 5h'), W)).toBe('sequence');
    expect(meldKind(ids('3h 4h PJ'), W)).toBe('sequence');
    expect(meldKind(ids('Qd PJ 2c'), W)).toBe('sequence'); // Q, (K), A with the 2 as a joker
    expect(meldKind(ids("3h PJ PJ' 6h"), W)).toBe('sequence');
    expect(meldKind(ids('3h PJ 7h'), W)).toBeNull();
    expect(meldKind(ids('3h PJ 5s'), W)).toBeNull();
    expect(meldKind(ids("PJ PJ' 2s"), W)).toBeNull(); // no non-joker, and not a meld at face value
    // 13 ranks is the longest run: A..K with a joker is fine, a joker more can't fit.
    const aceToKing = ids('As 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks');
    expect(meldKind([...aceToKing, 104], W)).toBe('sequence');
    expect(meldKind([...aceToKing, 104, 105], W)).toBeNull();
  });

  it('knows sets of 3–4 distinct suits, jokers standing in', () => {
    expect(meldKind(ids('7s 7h 7d'), W)).toBe('set');
    expect(meldKind(ids('7s 7h 7d 7c'), W)).toBe('set');
    expect(meldKind(ids('7s 7h PJ'), W)).toBe('set');
    expect(meldKind(ids('7s 7h 7d PJ'), W)).toBe('set');
    expect(meldKind(ids('7s 7h 7d 7c PJ'), W)).toBeNull();
    expect(meldKind(ids("7s 7s' 7d"), W)).toBeNull();
    expect(meldKind(ids('7s 7h 8d'), W)).toBeNull();
    // The wild rank's own set at face value.
    expect(meldKind(ids('5s 5h 5d'), 5)).toBe('set');
    // One card and two jokers is both: it counts as a sequence.
    expect(meldKind(ids("7s PJ PJ'"), W)).toBe('sequence');
  });

  it('takes a declaration only with two sequences, one of them pure', () => {
    const pure = ids('3h 4h 5h');
    const impure = ids('9c PJ Jc');
    const set = ids('7s 7h 7d');
    const set2 = ids('Ks Kh Kd Kc');
    expect(checkDeclaration([pure, impure, set, set2], W)).toEqual({ valid: true });
    expect(checkDeclaration([pure, ids('9s Ts Js'), set, set2], W)).toEqual({ valid: true });
    expect(checkDeclaration([impure, ids("9d PJ' Jd"), set, set2], W)).toEqual({
      valid: false,
      reason: 'no-pure-sequence',
    });
    expect(checkDeclaration([pure, set, set2, ids('Qs Qh Qd')], W)).toEqual({
      valid: false,
      reason: 'two-sequences-needed',
    });
    expect(checkDeclaration([pure, impure, set, ids('Ks Kh Qd Kc')], W)).toEqual({
      valid: false,
      reason: 'meld-invalid',
    });
  });

  it('counts a grouping by the three-regime rule, capped at 80', () => {
    const pure = ids('3h 4h 5h');
    const loose = ids('Ks 9d');
    // Two sequences (one pure): only the loose cards count.
    expect(groupingPoints([pure, ids('9c PJ Jc'), ids('7s 7h 7d'), loose], W)).toBe(19);
    // A pure sequence alone: the set counts too.
    expect(groupingPoints([pure, ids('7s 7h 7d'), loose], W)).toBe(40);
    // No pure sequence: everything counts (the joker 0).
    expect(groupingPoints([ids('9c PJ Jc'), ids('3h 4h 5s')], W)).toBe(9 + 10 + 12);
    expect(groupingPoints([ids('As Ks Qs Jd Td 9c 9d 8c 8d')], W)).toBe(80);
  });
});

describe('best grouping', () => {
  it('finds the minimum deadwood of a scripted hand', () => {
    const hand = ids('3h 4h 5h 9c Jc 7s 7h 7d Ks Kh Kd 4c PJ');
    const best = bestGrouping(hand, W);
    expect(best.deadwood).toBe(4);
    expect(best.ungrouped).toEqual(ids('4c'));
    expect(checkDeclaration(best.melds, W).valid).toBe(true);
    // A winning hand: nothing left.
    const win = bestGrouping(ids('3h 4h 5h 9c Jc 7s 7h 7d Ks Kh Kd Kc PJ'), W);
    expect(win.deadwood).toBe(0);
    expect(win.ungrouped).toEqual([]);
    // No pure sequence: every card counts, capped at 80.
    const none = bestGrouping(ids('As Kh Qd Jc 9s 9h 9d 8c 6s 6h 4d 3c 7s'), W);
    expect(none).toMatchObject({ melds: [], deadwood: 10 * 4 + 27 + 8 + 12 + 7 + 7, points: 80 });
    // A pure sequence alone: the sets count, the pure sequence does not.
    const alone = bestGrouping(ids('3h 4h 5h 9s 9h 9d Kc Kh Kd 6c 8c Ts Qd'), W);
    expect(alone.melds).toEqual([ids('3h 4h 5h')]);
    expect(alone.deadwood).toBe(27 + 30 + 6 + 8 + 10 + 10);
  });

  it('never scores more than a random grouping of the same hand', () => {
    const hands = fc
      .uniqueArray(fc.integer({ min: 0, max: RUMMY_DECK_SIZE - 1 }), { minLength: 13, maxLength: 13 })
      .chain((hand) =>
        fc.tuple(
          fc.constant(hand),
          fc.integer({ min: 1, max: 13 }),
          fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 13, maxLength: 13 }),
        ),
      );
    fc.assert(
      fc.property(hands, ([hand, wild, labels]) => {
        const best = bestGrouping(hand, wild);
        // Its own grouping scores what it says, and it is made of melds.
        expect(groupingPoints([...best.melds, best.ungrouped], wild)).toBe(best.points);
        for (const m of best.melds) expect(meldKind(m, wild)).not.toBeNull();
        expect([...best.melds.flat(), ...best.ungrouped].sort((a, b) => a - b)).toEqual(
          [...hand].sort((a, b) => a - b),
        );
        const groups: number[][] = [[], [], [], [], [], []];
        hand.forEach((id, i) => {
          groups[labels[i] ?? 0]?.push(id);
        });
        expect(best.points).toBeLessThanOrEqual(groupingPoints(groups, wild));
      }),
      { numRuns: 2000, seed: 22 },
    );
  });

  it('beats or equals a grouping built from its own melds, on joker-rich hands', () => {
    // Hands dealt from a small pool so that melds and jokers are common.
    const pool = ids("3h 4h 5h 6h 7h 3h' 4h' 5h' 7s 7d 7c 2s 2h PJ PJ' 9c Tc Jc Qc");
    fc.assert(
      fc.property(
        fc.shuffledSubarray(pool, { minLength: 13, maxLength: 13 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 13, maxLength: 13 }),
        (hand, labels) => {
          const best = bestGrouping(hand, W);
          const groups: number[][] = [[], [], [], [], []];
          hand.forEach((id, i) => {
            groups[labels[i] ?? 0]?.push(id);
          });
          expect(best.points).toBeLessThanOrEqual(groupingPoints(groups, W));
          expect(groupingPoints([...best.melds, best.ungrouped], W)).toBe(best.points);
        },
      ),
      { numRuns: 500, seed: 22 },
    );
  });
});
