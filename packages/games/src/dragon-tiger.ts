import { createDraws, type Hmac, hmacSha256 } from './fair.ts';
import { type Fraction, fraction, toNumber } from './rational.ts';
import type { Card, DragonTigerBet, DragonTigerOutcome, DragonTigerSide, FairInputs } from './types.ts';

/**
 * Dragon Tiger (docs/games-contract.md "dragon-tiger.ts"). A fresh 8-deck shoe (416 cards) per round:
 * dragon's card is shoe[int(416)], tiger's is drawn from the 415 left (int(415)). Card i of the shoe is
 * deck ⌊i/52⌋, suit ⌊(i mod 52)/13⌋ (♠♥♦♣), rank (i mod 13) + 1 (A = 1 … K = 13; ace is low). Higher rank
 * wins, suits never matter; equal ranks are a tie.
 * Pays: dragon / tiger 1:1 (stake back plus as much); on a tie they lose half (half the stake comes back,
 * rounded down to a whole minor unit for an odd stake); tie pays 8:1.
 */
export const SHOE_SIZE = 416;

export const DRAGON_TIGER_PAYS = { side: 1, tie: 8 } as const;

export function shoeCard(index: number): Card {
  const j = index % 52;
  return { rank: (j % 13) + 1, suit: Math.floor(j / 13) };
}

export function dragonTigerWinner(dragon: Card, tiger: Card): DragonTigerSide {
  if (dragon.rank === tiger.rank) return 'tie';
  return dragon.rank > tiger.rank ? 'dragon' : 'tiger';
}

/** What a bet returns (stake included) given the winner. */
export function dragonTigerBetReturn(side: DragonTigerSide, amount: bigint, winner: DragonTigerSide): bigint {
  if (side === 'tie') return winner === 'tie' ? amount * BigInt(DRAGON_TIGER_PAYS.tie + 1) : 0n;
  if (winner === 'tie') return amount / 2n;
  return winner === side ? amount * BigInt(DRAGON_TIGER_PAYS.side + 1) : 0n;
}

/** Settles bets on two known shoe positions (the second among the 415 cards left). */
export function settleDragonTiger(
  bets: DragonTigerBet[],
  dragonIndex: number,
  tigerDraw: number,
): DragonTigerOutcome {
  const tigerIndex = tigerDraw >= dragonIndex ? tigerDraw + 1 : tigerDraw;
  return settleDragonTigerCards(bets, shoeCard(dragonIndex), shoeCard(tigerIndex));
}

/** Settles bets on the two cards dealt (also the live table's, dealt from its shared shoe). */
export function settleDragonTigerCards(
  bets: DragonTigerBet[],
  dragon: Card,
  tiger: Card,
): DragonTigerOutcome {
  const winner = dragonTigerWinner(dragon, tiger);
  let stake = 0n;
  let total = 0n;
  const settled = bets.map((bet) => {
    const amount = BigInt(bet.amountMinor);
    const pay = dragonTigerBetReturn(bet.side, amount, winner);
    stake += amount;
    total += pay;
    return { side: bet.side, amountMinor: amount.toString(), payMinor: pay.toString() };
  });
  return {
    game: 'dragon-tiger',
    dragon,
    tiger,
    winner,
    bets: settled,
    stakeMinor: stake.toString(),
    totalPayMinor: total.toString(),
  };
}

/** Plays one round. Bets must already be valid (play.ts checks sides and limits). */
export function playDragonTiger(
  bets: DragonTigerBet[],
  inputs: FairInputs,
  hmac: Hmac = hmacSha256,
): DragonTigerOutcome {
  const draws = createDraws(inputs, hmac);
  const first = draws.int(SHOE_SIZE);
  const second = draws.int(SHOE_SIZE - 1);
  return settleDragonTiger(bets, first, second);
}

/**
 * Exact RTP of a set of bets by enumerating all 416 × 415 ordered draws: total return / (draws · stake).
 * Dragon or tiger alone: 799/830 ≈ 0.962651; tie alone: 279/415 ≈ 0.672289.
 */
export function dragonTigerExactRtp(bets: DragonTigerBet[]): Fraction & { value: number } {
  const amounts = bets.map((b) => BigInt(b.amountMinor));
  const stake = amounts.reduce((a, b) => a + b, 0n);
  // Return per winner, then count the draws giving each winner.
  const ways = { dragon: 0n, tiger: 0n, tie: 0n };
  for (let d = 0; d < SHOE_SIZE; d++) {
    const dragon = shoeCard(d);
    for (let t = 0; t < SHOE_SIZE - 1; t++) {
      const tiger = shoeCard(t >= d ? t + 1 : t);
      ways[dragonTigerWinner(dragon, tiger)]++;
    }
  }
  let returned = 0n;
  for (const winner of ['dragon', 'tiger', 'tie'] as const) {
    let r = 0n;
    bets.forEach((b, i) => {
      r += dragonTigerBetReturn(b.side, amounts[i] ?? 0n, winner);
    });
    returned += r * ways[winner];
  }
  const f = fraction(returned, stake * BigInt(SHOE_SIZE * (SHOE_SIZE - 1)));
  return { ...f, value: toNumber(f) };
}
