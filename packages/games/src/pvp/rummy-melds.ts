import type { Card } from '../types.ts';
import { deckCard } from './teen-patti-hands.ts';

/**
 * Indian Rummy melds and points (docs/pvp.md "Rummy"). Two 52-card decks and two printed jokers: 106
 * cards, each an id 0..105. Ids 0..103 are deck cards (`deckCard(id mod 52)`: suit ⌊i/13⌋ ♠♥♦♣, rank
 * (i mod 13) + 1, A = 1 … K = 13; the two decks' copies of a card are equal in play), 104 and 105 the
 * printed jokers. Ids rather than {rank, suit} because a hand can hold both copies of a card, and a
 * declaration must name exactly the cards held.
 *
 * A joker is a printed joker or any card of the wild rank (the rank of the cut card; a cut printed joker
 * makes aces wild). Melds:
 * - pure sequence: 3+ cards of one suit in consecutive ranks at face value, no printed joker. A wild-rank
 *   card in its own place (5♥ in 4♥ 5♥ 6♥ with fives wild) keeps it pure.
 * - sequence (impure): 3+ cards, the non-jokers of one suit with distinct ranks, the jokers filling the gaps
 *   or extending the ends.
 * - set: 3 or 4 cards of one rank in distinct suits; jokers may stand in for the missing suits.
 * A sequence runs A-2-3 … or … Q-K-A, never round the corner (K-A-2), so it has at most 13 cards. A group
 * must hold at least one non-joker, unless it is a pure sequence or a set at face value (5♠ 5♥ 5♦ with
 * fives wild is a set). A group that is both a sequence and a set (one card and two jokers) counts as a
 * sequence.
 */

export const RUMMY_DECK_SIZE = 106;
export const PRINTED_JOKERS = [104, 105] as const;
/** Points are capped here: a wrong declaration costs the cap, and no count is worse. */
export const MAX_POINTS = 80;

export type MeldKind = 'pure-sequence' | 'sequence' | 'set';

export function isPrintedJoker(id: number): boolean {
  return id >= 104;
}

/** The face of a card id; null for a printed joker. */
export function rummyCard(id: number): Card | null {
  if (!Number.isInteger(id) || id < 0 || id >= RUMMY_DECK_SIZE) throw new RangeError(`no card ${id}`);
  return isPrintedJoker(id) ? null : deckCard(id % 52);
}

/** The wild rank a cut card makes: its rank, or aces when the cut card is a printed joker. */
export function wildRankOf(cutCard: number): number {
  return rummyCard(cutCard)?.rank ?? 1;
}

export function isJoker(id: number, wildRank: number): boolean {
  return isPrintedJoker(id) || rummyCard(id)?.rank === wildRank;
}

/** A card's points when left ungrouped: jokers 0; A, K, Q, J and 10 score 10; the others their rank. */
export function cardPoints(id: number, wildRank: number): number {
  if (isJoker(id, wildRank)) return 0;
  const rank = rummyCard(id)?.rank ?? 0;
  return rank === 1 || rank >= 10 ? 10 : rank;
}

/** Distinct ranks (an ace as `ace`) in one suit, fitting in `length` consecutive ranks. */
function fitsRun(faces: Card[], length: number, ace: 1 | 14): boolean {
  const ranks = faces.map((c) => (c.rank === 1 ? ace : c.rank));
  if (new Set(ranks).size !== ranks.length) return false;
  return Math.max(...ranks) - Math.min(...ranks) + 1 <= length;
}

function oneSuitRun(faces: Card[], length: number): boolean {
  if (length > 13 || faces.some((c) => c.suit !== faces[0]?.suit)) return false;
  return fitsRun(faces, length, 1) || fitsRun(faces, length, 14);
}

/** Distinct suits of one rank, 3 or 4 cards in all. */
function oneRankSet(faces: Card[], length: number): boolean {
  if (length < 3 || length > 4) return false;
  if (faces.some((c) => c.rank !== faces[0]?.rank)) return false;
  return new Set(faces.map((c) => c.suit)).size === faces.length;
}

/** What meld a group of card ids makes, or null when it makes none. */
export function meldKind(ids: readonly number[], wildRank: number): MeldKind | null {
  if (ids.length < 3 || new Set(ids).size !== ids.length) return null;
  const faces = ids.map(rummyCard);
  const atFace = faces.every((c) => c !== null) ? (faces as Card[]) : null;
  if (atFace && oneSuitRun(atFace, ids.length)) return 'pure-sequence';
  const naturals = ids.filter((id) => !isJoker(id, wildRank)).map((id) => rummyCard(id) as Card);
  if (naturals.length > 0 && oneSuitRun(naturals, ids.length)) return 'sequence';
  if (atFace && oneRankSet(atFace, ids.length)) return 'set';
  if (naturals.length > 0 && oneRankSet(naturals, ids.length)) return 'set';
  return null;
}

export const isSequence = (kind: MeldKind | null) => kind === 'pure-sequence' || kind === 'sequence';

export type DeclarationCheck =
  | { valid: true }
  | { valid: false; reason: 'meld-invalid' | 'no-pure-sequence' | 'two-sequences-needed' };

/**
 * Whether groups make a winning declaration: every group a meld, at least two sequences, at least one of
 * them pure. (That the groups hold exactly the player's 13 cards is the table's check.)
 */
export function checkDeclaration(groups: readonly (readonly number[])[], wildRank: number): DeclarationCheck {
  const kinds = groups.map((g) => meldKind(g, wildRank));
  if (kinds.some((k) => k === null)) return { valid: false, reason: 'meld-invalid' };
  if (!kinds.includes('pure-sequence')) return { valid: false, reason: 'no-pure-sequence' };
  if (kinds.filter(isSequence).length < 2) return { valid: false, reason: 'two-sequences-needed' };
  return { valid: true };
}

const sumPoints = (ids: readonly number[], wildRank: number) =>
  ids.reduce((s, id) => s + cardPoints(id, wildRank), 0);

/**
 * The count of a loser's hand as grouped (docs/pvp.md "Rummy", the usual Indian rule): without a pure
 * sequence every card counts; with a pure sequence but fewer than two sequences, every card outside the
 * pure sequences counts; with two sequences (one pure), the cards outside valid melds count. Capped at 80.
 * Cards in groups that are not melds count as ungrouped.
 */
export function groupingPoints(groups: readonly (readonly number[])[], wildRank: number): number {
  const kinds = groups.map((g) => meldKind(g, wildRank));
  const all = groups.flat();
  let counted: readonly number[] = all;
  if (kinds.includes('pure-sequence')) {
    const twoSequences = kinds.filter(isSequence).length >= 2;
    counted = groups
      .filter((_, i) => (twoSequences ? kinds[i] === null : kinds[i] !== 'pure-sequence'))
      .flat();
  }
  return Math.min(MAX_POINTS, sumPoints(counted, wildRank));
}

export type BestGrouping = {
  /** Valid melds. */
  melds: number[][];
  /** The cards outside them (jokers among them score 0). */
  ungrouped: number[];
  /** Uncapped sum of the counted cards' points under the rule of `groupingPoints`. */
  deadwood: number;
  /** `deadwood` capped at 80: what the hand would lose if someone declared now. */
  points: number;
};

/** A candidate meld: a set of non-printed cards (bit mask over the hand's list) plus printed jokers. */
type Candidate = { mask: number; printed: number; kind: MeldKind };

const INF = 1e9;
/** Needs: [pure sequences still needed 0..1][sequences still needed 0..2], flattened. */
const NEED = (pure: number, seqs: number) => pure * 3 + seqs;

/**
 * The grouping of a hand with the fewest points (the minimum deadwood), for the time-out's discard, for
 * losers' counts and for the UI's hint. Exact: every meld of the hand's cards is listed (the search stops
 * growing a group once its non-jokers can neither run in one suit nor share a rank), then a search over
 * the cards still free, remembered by (cards left, printed jokers left), finds the least deadwood with one
 * pure sequence and two sequences; it is compared with the two cheaper regimes (no pure sequence: all
 * count; one pure sequence alone: the rest count). Up to 14 cards.
 */
export function bestGrouping(hand: readonly number[], wildRank: number): BestGrouping {
  if (hand.length > 14) throw new RangeError('a rummy hand has at most 14 cards');
  const printed = hand.filter(isPrintedJoker);
  const cards = hand.filter((id) => !isPrintedJoker(id));
  const points = cards.map((id) => cardPoints(id, wildRank));
  const total = points.reduce((a, b) => a + b, 0);
  const candidates = listMelds(cards, printed.length, wildRank);
  const byLowest: Candidate[][] = cards.map(() => []);
  for (const c of candidates) byLowest[31 - Math.clz32(c.mask & -c.mask)]?.push(c);

  const memo = new Map<number, Int32Array>();
  const solve = (mask: number, left: number): Int32Array => {
    const key = mask * 4 + left;
    const known = memo.get(key);
    if (known) return known;
    const out = new Int32Array(6).fill(INF);
    if (mask === 0) out[0] = 0;
    else {
      const low = 31 - Math.clz32(mask & -mask);
      const rest = solve(mask & ~(1 << low), left);
      for (let n = 0; n < 6; n++) out[n] = Math.min(INF, (rest[n] ?? INF) + (points[low] ?? 0));
      for (const c of byLowest[low] ?? []) {
        if ((c.mask & mask) !== c.mask || c.printed > left) continue;
        const after = solve(mask & ~c.mask, left - c.printed);
        const pure = c.kind === 'pure-sequence' ? 1 : 0;
        const seq = isSequence(c.kind) ? 1 : 0;
        for (let p = 0; p < 2; p++)
          for (let s = 0; s < 3; s++) {
            const v = after[NEED(Math.max(0, p - pure), Math.max(0, s - seq))] ?? INF;
            if (v < (out[NEED(p, s)] ?? INF)) out[NEED(p, s)] = v;
          }
      }
    }
    memo.set(key, out);
    return out;
  };

  const full = (1 << cards.length) - 1;
  const declared = solve(full, printed.length)[NEED(1, 2)] ?? INF;
  const pures = candidates.filter((c) => c.kind === 'pure-sequence' && c.printed === 0);
  const bestPure = pures.reduce<Candidate | null>(
    (best, c) => (best && maskPoints(best.mask, points) >= maskPoints(c.mask, points) ? best : c),
    null,
  );
  const pureOnly = bestPure ? total - maskPoints(bestPure.mask, points) : INF;
  const pick = (mask: number) => cards.filter((_, i) => mask & (1 << i));

  let melds: number[][] = [];
  let deadwood = total;
  if (declared <= pureOnly && declared < total) {
    deadwood = declared;
    melds = rebuild(full, printed.length, NEED(1, 2), solve, byLowest).map((c, i, all) => [
      ...pick(c.mask),
      ...printed.slice(printedBefore(all, i), printedBefore(all, i) + c.printed),
    ]);
  } else if (bestPure && pureOnly < total) {
    deadwood = pureOnly;
    melds = [pick(bestPure.mask)];
  }
  const used = new Set(melds.flat());
  return {
    melds,
    ungrouped: hand.filter((id) => !used.has(id)),
    deadwood,
    points: Math.min(MAX_POINTS, deadwood),
  };
}

function maskPoints(mask: number, points: number[]): number {
  return points.reduce((s, p, i) => (mask & (1 << i) ? s + p : s), 0);
}

function printedBefore(melds: Candidate[], index: number): number {
  return melds.slice(0, index).reduce((s, c) => s + c.printed, 0);
}

/** Follows the remembered optimum back down to the melds that reach it (a meld first where one does). */
function rebuild(
  full: number,
  printed: number,
  need: number,
  solve: (mask: number, left: number) => Int32Array,
  byLowest: Candidate[][],
): Candidate[] {
  const out: Candidate[] = [];
  let mask = full;
  let left = printed;
  let n = need;
  while (mask !== 0) {
    const target = solve(mask, left)[n];
    const low = 31 - Math.clz32(mask & -mask);
    const meld = (byLowest[low] ?? []).find(
      (c) =>
        (c.mask & mask) === c.mask &&
        c.printed <= left &&
        solve(mask & ~c.mask, left - c.printed)[nextNeed(n, c.kind)] === target,
    );
    if (meld) {
      out.push(meld);
      n = nextNeed(n, meld.kind);
      mask &= ~meld.mask;
      left -= meld.printed;
    } else mask &= ~(1 << low);
  }
  return out;
}

function nextNeed(n: number, kind: MeldKind): number {
  const p = Math.floor(n / 3);
  const s = n % 3;
  return NEED(
    Math.max(0, p - (kind === 'pure-sequence' ? 1 : 0)),
    Math.max(0, s - (isSequence(kind) ? 1 : 0)),
  );
}

/** What a growing group knows of its cards, as bit masks: the same tests as `meldKind`, kept up as it grows. */
type Grown = {
  /** All its cards at face value (wild-rank ones included). */
  len: number;
  faceSuits: number;
  faceRanks: number;
  faceRankTwice: boolean;
  faceSuitTwice: boolean;
  /** Its non-jokers only. */
  count: number;
  suits: number;
  ranks: number;
  rankTwice: boolean;
  suitTwice: boolean;
};

const bits = (x: number) => {
  let n = 0;
  for (let v = x; v; v &= v - 1) n++;
  return n;
};
/** Ranks from lowest to highest held, an ace low or (the better of the two) high; masks use bit = rank. */
function span(ranks: number): number {
  const width = (m: number) => 31 - Math.clz32(m) - (31 - Math.clz32(m & -m)) + 1;
  return ranks & 2 ? Math.min(width(ranks), width((ranks & ~2) | (1 << 14))) : width(ranks);
}

function grownKind(g: Grown, printed: number): MeldKind | null {
  const length = g.len + printed;
  if (length < 3) return null;
  if (printed === 0 && bits(g.faceSuits) === 1 && !g.faceRankTwice && span(g.faceRanks) === length)
    return 'pure-sequence';
  if (g.count > 0 && length <= 13 && bits(g.suits) === 1 && !g.rankTwice && span(g.ranks) <= length)
    return 'sequence';
  if (length > 4) return null;
  if (printed === 0 && bits(g.faceRanks) === 1 && !g.faceSuitTwice) return 'set';
  if (g.count > 0 && bits(g.ranks) === 1 && !g.suitTwice) return 'set';
  return null;
}

/**
 * Every meld among `cards` (non-printed) with up to `printed` printed jokers, at the fewest printed jokers
 * for its kind. Grows groups in index order and stops when the group's non-jokers can neither make a run
 * of one suit nor a set of one rank (no larger group can then be a meld).
 */
function listMelds(cards: number[], printed: number, wildRank: number): Candidate[] {
  const out: Candidate[] = [];
  const faces = cards.map((id) => rummyCard(id) as Card);
  const jokers = cards.map((id) => isJoker(id, wildRank));
  const grow = (start: number, g: Grown, mask: number) => {
    if (mask !== 0) {
      const found = new Set<MeldKind>();
      for (let p = 0; p <= printed; p++) {
        const kind = grownKind(g, p);
        // More printed jokers only matter when they make a better kind; the fewest that do are enough.
        if (kind && !found.has(kind) && !(kind === 'sequence' && found.has('pure-sequence'))) {
          found.add(kind);
          out.push({ mask, printed: p, kind });
        }
      }
    }
    for (let i = start; i < cards.length; i++) {
      const f = faces[i] as Card;
      const suit = 1 << f.suit;
      const rank = 1 << f.rank;
      const next: Grown = {
        ...g,
        len: g.len + 1,
        faceSuits: g.faceSuits | suit,
        faceRanks: g.faceRanks | rank,
        faceRankTwice: g.faceRankTwice || (g.faceRanks & rank) !== 0,
        faceSuitTwice: g.faceSuitTwice || (g.faceSuits & suit) !== 0,
      };
      if (!jokers[i]) {
        next.count = g.count + 1;
        next.suits = g.suits | suit;
        next.ranks = g.ranks | rank;
        next.rankTwice = g.rankTwice || (g.ranks & rank) !== 0;
        next.suitTwice = g.suitTwice || (g.suits & suit) !== 0;
        const run = bits(next.suits) === 1 && !next.rankTwice;
        const set = bits(next.ranks) === 1 && !next.suitTwice && next.count <= 4;
        // A face-value pure sequence's non-jokers run in one suit; a face-value set of wild-rank cards
        // has no non-jokers: so a group failing both can't become a meld.
        if (!run && !set) continue;
      }
      grow(i + 1, next, mask | (1 << i));
    }
  };
  const none = { len: 0, faceSuits: 0, faceRanks: 0, faceRankTwice: false, faceSuitTwice: false };
  grow(0, { ...none, count: 0, suits: 0, ranks: 0, rankTwice: false, suitTwice: false }, 0);
  return out;
}
