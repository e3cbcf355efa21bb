import { shoeCard } from '../dragon-tiger.ts';
import { createDraws, type Hmac, hmacSha256, sha256Hex } from '../fair.ts';
import type { Card } from '../types.ts';

/**
 * The shared shoe of a live card table (docs/live-tables.md "The shoe").
 *
 * Before shuffling, card i of an N-deck shoe is deck ⌊i/52⌋, suit ⌊(i mod 52)/13⌋, rank (i mod 13) + 1 —
 * the order dragon-tiger.ts uses. The shuffle is Fisher–Yates from the front: for i = 0 … n−2, swap card i
 * with card i + int(n − i), where int() is `createDraws` of fair.ts keyed by the shoe seed
 * (serverSeed = shoe seed, clientSeed = "shoe", nonce = 0): HMAC-SHA256 words with rejection, so every one
 * of the n! orders is equally likely. The table publishes sha256Hex(shoe seed) before the shoe's first
 * round and reveals the seed when the shoe ends; anyone can then reshuffle and compare with the cards dealt.
 *
 * Cut card: it lies `cutCards` cards before the end (14 by default on the 8-deck tables, as in a casino
 * shoe, enough for one more coup of at most 6 cards). Once a card at or past it has been dealt, the shoe
 * ends at the end of that round. Andar Bahar uses one 52-card deck per round, without a cut card.
 */

export const BACCARAT_DECKS = 8;
export const ANDAR_BAHAR_DECKS = 1;
export const DEFAULT_CUT_CARDS = 14;
/** The shuffle's fixed client seed: the shoe seed alone decides the order. */
const SHOE_CLIENT_SEED = 'shoe';

export type Shoe = {
  decks: number;
  /** sha256Hex(shoe seed): published before the first round. */
  commitment: string;
  /** The whole shuffled order (secret on the server until the shoe ends). */
  cards: Card[];
  /** How many cards have been dealt. */
  position: number;
  /** Index of the first card at or after the cut card; `cards.length` when there is none. */
  cutIndex: number;
};

/** The shoe's cards in the order the seed shuffles them. */
export function shuffleShoe(seed: string, decks: number, hmac: Hmac = hmacSha256): Card[] {
  if (!Number.isInteger(decks) || decks < 1)
    throw new RangeError(`a shoe needs 1 or more decks, got ${decks}`);
  const n = decks * 52;
  const order = Array.from({ length: n }, (_, i) => i);
  const draws = createDraws({ serverSeed: seed, clientSeed: SHOE_CLIENT_SEED, nonce: 0 }, hmac);
  for (let i = 0; i < n - 1; i++) {
    const j = i + draws.int(n - i);
    const t = order[i] ?? 0;
    order[i] = order[j] ?? 0;
    order[j] = t;
  }
  return order.map(shoeCard);
}

/** A new shoe from its seed; `cutCards` = 0 for no cut card. */
export function openShoe(
  seed: string,
  decks: number,
  cutCards: number = decks > 1 ? DEFAULT_CUT_CARDS : 0,
  hmac: Hmac = hmacSha256,
): Shoe {
  const cards = shuffleShoe(seed, decks, hmac);
  if (!Number.isInteger(cutCards) || cutCards < 0 || cutCards >= cards.length)
    throw new RangeError(`cut card ${cutCards} from the end of ${cards.length} cards`);
  return { decks, commitment: sha256Hex(seed), cards, position: 0, cutIndex: cards.length - cutCards };
}

/** Deals the next card (the shoe is the server's state: it moves on). */
export function dealCard(shoe: Shoe): Card {
  const card = shoe.cards[shoe.position];
  if (!card) throw new RangeError('the shoe is empty');
  shoe.position++;
  return card;
}

/** Whether the cut card has come out: the shoe ends when the current round ends. */
export function pastCutCard(shoe: Shoe): boolean {
  return shoe.position > shoe.cutIndex;
}

/**
 * Whether the revealed seed matches the commitment and the cards dealt (in order, from the first) are the
 * start of the order it shuffles.
 */
export function verifyShoe(
  seed: string,
  commitment: string,
  cards: readonly Card[],
  decks: number = BACCARAT_DECKS,
  hmac: Hmac = hmacSha256,
): boolean {
  if (sha256Hex(seed) !== commitment) return false;
  const order = shuffleShoe(seed, decks, hmac);
  if (cards.length > order.length) return false;
  return cards.every((c, i) => c.rank === order[i]?.rank && c.suit === order[i]?.suit);
}
