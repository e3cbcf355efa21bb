import { add, type Fraction, fraction, mul } from '../rational.ts';
import type { Card } from '../types.ts';
import { dealCard, type Shoe } from './shoe.ts';

/**
 * Andar Bahar (docs/live-tables.md "Andar Bahar"), the variant that always deals Andar first.
 * Each round uses its own shuffled single 52-card deck (a 1-deck `Shoe` without a cut card). The first
 * card is the joker (the "game card"); cards are then dealt alternately to Andar, Bahar, Andar … until one
 * matches the joker's rank (suits never matter); that side wins.
 * Pays: Andar 0.9:1 (it gets the first card, so it wins more often), Bahar 1:1; the win is rounded down to
 * a whole minor unit.
 */

export type AndarBaharSide = 'andar' | 'bahar';
export type AndarBaharBet = { side: AndarBaharSide; amountMinor: string };
export type AndarBaharRound = { joker: Card; andar: Card[]; bahar: Card[]; winner: AndarBaharSide };

/** Win per unit staked as (numerator, denominator): Andar 9/10, Bahar 1. */
export const ANDAR_BAHAR_PAYS: Record<AndarBaharSide, [bigint, bigint]> = {
  andar: [9n, 10n],
  bahar: [1n, 1n],
};

/** Deals a round from a fresh 1-deck shoe. */
export function dealAndarBahar(shoe: Shoe): AndarBaharRound {
  const joker = dealCard(shoe);
  const andar: Card[] = [];
  const bahar: Card[] = [];
  for (let k = 0; ; k++) {
    const card = dealCard(shoe);
    const side = k % 2 === 0 ? andar : bahar;
    side.push(card);
    if (card.rank === joker.rank) return { joker, andar, bahar, winner: k % 2 === 0 ? 'andar' : 'bahar' };
  }
}

export function andarBaharBetReturn(side: AndarBaharSide, amount: bigint, winner: AndarBaharSide): bigint {
  if (side !== winner) return 0n;
  const [num, den] = ANDAR_BAHAR_PAYS[side];
  return amount + (amount * num) / den;
}

export function settleAndarBahar(
  bets: readonly AndarBaharBet[],
  round: AndarBaharRound,
): { bets: (AndarBaharBet & { payMinor: string })[]; stakeMinor: string; totalPayMinor: string } {
  let stake = 0n;
  let total = 0n;
  const settled = bets.map((bet) => {
    const amount = BigInt(bet.amountMinor);
    const pay = andarBaharBetReturn(bet.side, amount, round.winner);
    stake += amount;
    total += pay;
    return { side: bet.side, amountMinor: amount.toString(), payMinor: pay.toString() };
  });
  return { bets: settled, stakeMinor: stake.toString(), totalPayMinor: total.toString() };
}

function choose2(n: number): bigint {
  return n < 2 ? 0n : BigInt((n * (n - 1)) / 2);
}

/**
 * Exact odds: after the joker, 51 cards remain with 3 of its rank. The first of them is at position k
 * (1-based) with probability C(51 − k, 2) / C(51, 3) (the other two lie among the 51 − k cards after it);
 * odd positions are Andar's.
 */
export function andarBaharOdds(): Record<AndarBaharSide, Fraction> {
  const all = BigInt((51 * 50 * 49) / 6);
  let andar = 0n;
  for (let k = 1; k <= 49; k += 2) andar += choose2(51 - k);
  const pAndar = fraction(andar, all);
  return { andar: pAndar, bahar: fraction(all - andar, all) };
}

/** Exact RTP of each side (return per unit staked, stake included; before rounding down). */
export function andarBaharExactRtp(): Record<AndarBaharSide, Fraction> {
  const odds = andarBaharOdds();
  const rtp = (side: AndarBaharSide) => {
    const [num, den] = ANDAR_BAHAR_PAYS[side];
    return mul(odds[side], add(fraction(1n), fraction(num, den)));
  };
  return { andar: rtp('andar'), bahar: rtp('bahar') };
}
