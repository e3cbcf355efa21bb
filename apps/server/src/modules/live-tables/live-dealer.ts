import { dragonTigerBetReturn } from '@lotus/games/dragon-tiger';
import { createDraws, sha256Hex } from '@lotus/games/fair';
import {
  andarBaharBetReturn,
  BACCARAT_DECKS,
  type BaccaratBetKind,
  baccaratBetReturn,
  DEFAULT_CUT_CARDS,
  dealAndarBahar,
  dealBaccarat,
  dealDragonTiger,
  pastCutCard,
  rollSicBo,
  type Shoe,
  type SicBoBetKind,
  shuffleShoe,
  sicBoBetReturn,
  validSicBoBet,
} from '@lotus/games/live/index';
import { rouletteBetReturn, rouletteColour, validateRouletteBet } from '@lotus/games/roulette';
import type { Card, RouletteBetKind } from '@lotus/games/types';
import {
  LIVE_BET_KINDS,
  type LiveOutcome,
  type LiveTableKind,
  parseLiveSpot,
} from '@lotus/shared/live.schema';

/**
 * The live tables' dealing and paying (docs/live-tables.md "Server"): the maths of packages/games/src/live
 * applied to a table's shoe row. Pure: the cycle service reads the shoe, calls `dealRound`, writes back.
 *
 * Where a round's outcome comes from, per kind:
 * - baccarat, baccarat-nc, dragon tiger: the table's 8-deck shoe (cut card 14 from the end), from the card
 *   after the last one dealt; the shoe ends with the round that dealt past the cut card;
 * - Andar Bahar: a 1-deck shoe of its own per round (it ends with the round);
 * - roulette, sic bo: the shoe's seed for SEED_ROUNDS rounds: round n's pocket is int(37), its dice three
 *   1 + int(6), of createDraws(seed, table code, n).
 */

/** Rounds one roulette or sic bo seed serves before it is revealed and replaced. */
export const SEED_ROUNDS = 100;

export function decksOf(kind: LiveTableKind): number {
  if (kind === 'andar-bahar') return 1;
  return kind === 'roulette' || kind === 'sic-bo' ? 0 : BACCARAT_DECKS;
}

/** Index of the first card at or past the cut card (the shoe's length when it has none). */
export function cutIndexOf(kind: LiveTableKind): number {
  const decks = decksOf(kind);
  return decks === BACCARAT_DECKS ? decks * 52 - DEFAULT_CUT_CARDS : decks * 52;
}

/** A new shoe's seed (32 random bytes, hex) and its commitment. */
export function commitmentOf(seed: string): string {
  return sha256Hex(seed);
}

/** Shuffled orders by seed: a shoe is shuffled once per process, not once per round (416 HMACs each). */
const orders = new Map<string, Card[]>();
const ORDERS_KEPT = 64;

export function shoeOrder(seed: string, decks: number): Card[] {
  if (decks === 0) return [];
  const key = `${decks}:${seed}`;
  let order = orders.get(key);
  if (!order) {
    order = shuffleShoe(seed, decks);
    if (orders.size >= ORDERS_KEPT) orders.delete(orders.keys().next().value ?? '');
    orders.set(key, order);
  }
  return order;
}

export type ShoeState = { seed: string; decks: number; cutIndex: number; cardsDealt: number; rounds: number };

export type DealtRound = {
  outcome: LiveOutcome;
  firstCard: number | null;
  cardCount: number | null;
  /** The shoe's cards dealt after this round. */
  cardsDealt: number;
  /** Whether the shoe ends with this round (its seed is revealed when the round's result is in). */
  shoeEnds: boolean;
};

/** Deals round `roundNo` of a table from its shoe. */
export function dealRound(
  kind: LiveTableKind,
  tableCode: string,
  roundNo: number,
  state: ShoeState,
): DealtRound {
  if (kind === 'roulette' || kind === 'sic-bo') {
    const inputs = { serverSeed: state.seed, clientSeed: tableCode, nonce: roundNo };
    const shoeEnds = state.rounds + 1 >= SEED_ROUNDS;
    if (kind === 'roulette') {
      const pocket = createDraws(inputs).int(37);
      const outcome: LiveOutcome = { game: 'roulette', pocket, colour: rouletteColour(pocket) };
      return { outcome, firstCard: null, cardCount: null, cardsDealt: 0, shoeEnds };
    }
    const dice = rollSicBo(inputs);
    const outcome: LiveOutcome = { game: 'sic-bo', dice, total: dice[0] + dice[1] + dice[2] };
    return { outcome, firstCard: null, cardCount: null, cardsDealt: 0, shoeEnds };
  }
  const shoe: Shoe = {
    decks: state.decks,
    commitment: '',
    cards: shoeOrder(state.seed, state.decks),
    position: state.cardsDealt,
    cutIndex: state.cutIndex,
  };
  const first = shoe.position;
  let outcome: LiveOutcome;
  if (kind === 'baccarat' || kind === 'baccarat-nc') {
    outcome = { game: 'baccarat', ...dealBaccarat(shoe) };
  } else if (kind === 'dragon-tiger') {
    const { dragon, tiger, winner } = dealDragonTiger(shoe);
    outcome = { game: 'dragon-tiger', dragon, tiger, winner };
  } else {
    outcome = { game: 'andar-bahar', ...dealAndarBahar(shoe) };
  }
  return {
    outcome,
    firstCard: first,
    cardCount: shoe.position - first,
    cardsDealt: shoe.position,
    shoeEnds: kind === 'andar-bahar' || pastCutCard(shoe),
  };
}

const EVEN_CHANCES = new Set(['red', 'black', 'odd', 'even', 'low', 'high']);

/** The spot written the one way (numbers ascending), or null when it is not a bet of the table's kind. */
export function canonicalSpot(kind: LiveTableKind, spot: string): string | null {
  const { kind: betKind, numbers } = parseLiveSpot(spot);
  if (!(LIVE_BET_KINDS[kind] as readonly string[]).includes(betKind)) return null;
  if (numbers.some((n) => !Number.isInteger(n))) return null;
  const sorted = [...numbers].sort((a, b) => a - b);
  const written = sorted.length === 0 ? betKind : `${betKind}:${sorted.join('-')}`;
  if (kind === 'roulette') {
    // The six even chances are written without numbers (one spot each, whatever the client sent).
    if (EVEN_CHANCES.has(betKind) && sorted.length > 0) return null;
    const pockets = validateRouletteBet({ kind: betKind as RouletteBetKind, numbers: sorted });
    return pockets === null ? null : written;
  }
  if (kind === 'sic-bo') return validSicBoBet(betKind as SicBoBetKind, sorted) ? written : null;
  return numbers.length === 0 ? written : null;
}

/** What a spot returns (stake included) on the outcome; the spot must be canonical for the table. */
export function spotReturn(kind: LiveTableKind, spot: string, amount: bigint, outcome: LiveOutcome): bigint {
  const { kind: betKind, numbers } = parseLiveSpot(spot);
  switch (outcome.game) {
    case 'baccarat':
      return baccaratBetReturn(
        betKind as BaccaratBetKind,
        amount,
        outcome,
        kind === 'baccarat-nc' ? 'no-commission' : 'commission',
      );
    case 'dragon-tiger':
      return dragonTigerBetReturn(betKind as 'dragon' | 'tiger' | 'tie', amount, outcome.winner);
    case 'andar-bahar':
      return andarBaharBetReturn(betKind as 'andar' | 'bahar', amount, outcome.winner);
    case 'sic-bo':
      return sicBoBetReturn(
        { kind: betKind as SicBoBetKind, numbers, amountMinor: String(amount) },
        outcome.dice,
      );
    case 'roulette': {
      const pockets = validateRouletteBet({ kind: betKind as RouletteBetKind, numbers });
      return pockets === null
        ? 0n
        : rouletteBetReturn(betKind as RouletteBetKind, pockets, amount, outcome.pocket);
    }
  }
}
