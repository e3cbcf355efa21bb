import { add, type Fraction, fraction, mul, toNumber } from '../rational.ts';
import type { Card } from '../types.ts';
import { dealCard, type Shoe } from './shoe.ts';

/**
 * Punto Banco from the shared 8-deck shoe (docs/live-tables.md "Baccarat").
 *
 * Card values: ace 1, 2–9 face value, 10/J/Q/K 0; a hand's points are its values' sum mod 10. Cards come
 * out player, banker, player, banker. A natural (8 or 9 on either first two cards) ends the coup. Otherwise
 * the player draws on 0–5 and stands on 6–7. If the player stood, the banker draws on 0–5; if the player drew
 * a third card worth p, the banker draws on 0–2, on 3 unless p = 8, on 4 if p is 2–7, on 5 if p is 4–7,
 * on 6 if p is 6–7, and stands on 7.
 * A pair is the hand's first two cards of the same rank (10 and K are not a pair).
 */

export type BaccaratVariant = 'commission' | 'no-commission';
export type BaccaratWinner = 'player' | 'banker' | 'tie';
export const BACCARAT_BET_KINDS = ['player', 'banker', 'tie', 'player-pair', 'banker-pair'] as const;
export type BaccaratBetKind = (typeof BACCARAT_BET_KINDS)[number];
export type BaccaratBet = { kind: BaccaratBetKind; amountMinor: string };

export type BaccaratCoup = {
  player: Card[];
  banker: Card[];
  playerPoints: number;
  bankerPoints: number;
  winner: BaccaratWinner;
  playerPair: boolean;
  bankerPair: boolean;
  /** Either hand's first two cards made 8 or 9. */
  natural: boolean;
};

export type BaccaratSettlement = {
  bets: (BaccaratBet & { payMinor: string })[];
  stakeMinor: string;
  totalPayMinor: string;
};

/** Pays as "n to 1" (the stake comes back with the win). */
export const BACCARAT_PAYS = {
  player: 1,
  /** Commission variant: 1:1 less 5 % of the win. */
  bankerCommission: 0.95,
  /** No-commission variant: 1:1, but 1:2 when the banker wins with 6 points. */
  banker: 1,
  bankerOnSix: 0.5,
  tie: 8,
  pair: 11,
} as const;

export function baccaratCardValue(rank: number): number {
  return rank >= 10 ? 0 : rank;
}

function points(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) % 10;
}

/** Whether the banker draws, given its two-card points and the player's third card value (null: stood). */
export function bankerDraws(bankerPoints: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerPoints <= 5;
  switch (bankerPoints) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

function winnerOf(playerPoints: number, bankerPoints: number): BaccaratWinner {
  if (playerPoints === bankerPoints) return 'tie';
  return playerPoints > bankerPoints ? 'player' : 'banker';
}

/** Deals one coup from the shoe (4 to 6 cards). */
export function dealBaccarat(shoe: Shoe): BaccaratCoup {
  const p1 = dealCard(shoe);
  const b1 = dealCard(shoe);
  const p2 = dealCard(shoe);
  const b2 = dealCard(shoe);
  const player = [p1, p2];
  const banker = [b1, b2];
  const value = (c: Card) => baccaratCardValue(c.rank);
  const p = points(player.map(value));
  const b = points(banker.map(value));
  const natural = p >= 8 || b >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (p <= 5) {
      const card = dealCard(shoe);
      player.push(card);
      playerThird = value(card);
    }
    if (bankerDraws(b, playerThird)) banker.push(dealCard(shoe));
  }
  const playerPoints = points(player.map(value));
  const bankerPoints = points(banker.map(value));
  return {
    player,
    banker,
    playerPoints,
    bankerPoints,
    winner: winnerOf(playerPoints, bankerPoints),
    playerPair: p1.rank === p2.rank,
    bankerPair: b1.rank === b2.rank,
    natural,
  };
}

/** What a bet returns, stake included, in minor units rounded down. */
export function baccaratBetReturn(
  kind: BaccaratBetKind,
  amount: bigint,
  coup: Pick<BaccaratCoup, 'winner' | 'bankerPoints' | 'playerPair' | 'bankerPair'>,
  variant: BaccaratVariant,
): bigint {
  switch (kind) {
    case 'player':
      if (coup.winner === 'tie') return amount;
      return coup.winner === 'player' ? amount * 2n : 0n;
    case 'banker':
      if (coup.winner === 'tie') return amount;
      if (coup.winner !== 'banker') return 0n;
      if (variant === 'commission') return amount + (amount * 95n) / 100n;
      return coup.bankerPoints === 6 ? amount + amount / 2n : amount * 2n;
    case 'tie':
      return coup.winner === 'tie' ? amount * BigInt(BACCARAT_PAYS.tie + 1) : 0n;
    case 'player-pair':
      return coup.playerPair ? amount * BigInt(BACCARAT_PAYS.pair + 1) : 0n;
    case 'banker-pair':
      return coup.bankerPair ? amount * BigInt(BACCARAT_PAYS.pair + 1) : 0n;
  }
}

/** Settles a list of bets on a dealt coup. Bets must already be valid (kinds, limits). */
export function settleBaccarat(
  bets: readonly BaccaratBet[],
  coup: BaccaratCoup,
  variant: BaccaratVariant,
): BaccaratSettlement {
  let stake = 0n;
  let total = 0n;
  const settled = bets.map((bet) => {
    const amount = BigInt(bet.amountMinor);
    const pay = baccaratBetReturn(bet.kind, amount, coup, variant);
    stake += amount;
    total += pay;
    return { kind: bet.kind, amountMinor: amount.toString(), payMinor: pay.toString() };
  });
  return { bets: settled, stakeMinor: stake.toString(), totalPayMinor: total.toString() };
}

export type BaccaratOdds = {
  player: Fraction;
  banker: Fraction;
  /** Banker wins with 6 points (the no-commission variant pays these 1:2). */
  bankerOnSix: Fraction;
  tie: Fraction;
  playerPair: Fraction;
  bankerPair: Fraction;
};

/**
 * Exact probabilities of a coup dealt from the top of a full shoe of `decks` decks, by enumerating card
 * values 0–9 (value 0 has the four ranks 10–K) weighted by how many cards of each are left, without
 * replacement. Every path is counted over the same six card positions (the undealt positions contribute
 * the falling factorial of the rest), so all weights share the denominator N·(N−1)…(N−5).
 * For 8 decks this total is ≈ 5.08·10^15 < 2^53: the sums are exact in doubles; checked at the end.
 */
export function baccaratOdds(decks: number = 8): BaccaratOdds {
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * decks);
  const n = 52 * decks;
  const fill = [1, 1, 1, 1, 1, 1, 1]; // fill[k]: ways to fill the 6 − k positions a k-card coup leaves.
  for (let k = 5; k >= 0; k--) fill[k] = (fill[k + 1] ?? 1) * (n - k);
  const tally = { player: 0, banker: 0, bankerOnSix: 0, tie: 0 };
  const take = (v: number): number => {
    const c = counts[v] ?? 0;
    counts[v] = c - 1;
    return c;
  };
  const put = (v: number): void => {
    counts[v] = (counts[v] ?? 0) + 1;
  };
  const record = (p: number, b: number, weight: number): void => {
    if (p === b) tally.tie += weight;
    else if (p > b) tally.player += weight;
    else {
      tally.banker += weight;
      if (b === 6) tally.bankerOnSix += weight;
    }
  };
  // The banker's optional third card, after `dealt` cards with weight w.
  const bankerThird = (p: number, b: number, dealt: number, w: number): void => {
    for (let v = 0; v < 10; v++) {
      const c = counts[v] ?? 0;
      if (c > 0) record(p, (b + v) % 10, w * c * (fill[dealt + 1] ?? 1));
    }
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = take(p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = w1 * take(b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = w2 * take(p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = w3 * take(b2);
          if (w4 > 0) {
            const p = (p1 + p2) % 10;
            const b = (b1 + b2) % 10;
            if (p >= 8 || b >= 8 || (p >= 6 && b >= 6)) record(p, b, w4 * (fill[4] ?? 1));
            else if (p >= 6)
              bankerThird(p, b, 4, w4); // player stands on 6–7, banker (0–5) draws
            else {
              for (let p3 = 0; p3 < 10; p3++) {
                const w5 = w4 * take(p3);
                if (w5 > 0) {
                  const pp = (p + p3) % 10;
                  if (bankerDraws(b, p3)) bankerThird(pp, b, 5, w5);
                  else record(pp, b, w5 * (fill[5] ?? 1));
                }
                put(p3);
              }
            }
          }
          put(b2);
        }
        put(p2);
      }
      put(b1);
    }
    put(p1);
  }
  const total = fill[0] ?? 1;
  const sum = tally.player + tally.banker + tally.tie;
  if (sum !== total || !Number.isSafeInteger(total))
    throw new RangeError('baccarat enumeration lost exactness');
  const f = (x: number) => fraction(BigInt(x), BigInt(total));
  // A pair: the second card of a hand has the first's rank among the n − 1 left: (4·decks − 1)/(n − 1).
  const pair = fraction(BigInt(4 * decks - 1), BigInt(n - 1));
  return {
    player: f(tally.player),
    banker: f(tally.banker),
    bankerOnSix: f(tally.bankerOnSix),
    tie: f(tally.tie),
    playerPair: pair,
    bankerPair: pair,
  };
}

export type BetEdge = { rtp: Fraction; houseEdge: number };

function edge(rtp: Fraction): BetEdge {
  return { rtp, houseEdge: 1 - toNumber(rtp) };
}

/**
 * Exact RTP (return per unit staked, stake included; ties return player/banker stakes) and house edge of
 * every bet, before rounding down to minor units (which only ever costs the player under one minor unit).
 */
export function baccaratBetEdges(decks: number = 8): Record<string, BetEdge> {
  const o = baccaratOdds(decks);
  // Σ probability · return.
  const r = (terms: [Fraction, Fraction][]): Fraction =>
    terms.reduce((acc, [p, ret]) => add(acc, mul(p, ret)), fraction(0n));
  const bankerNotSix = add(o.banker, mul(o.bankerOnSix, fraction(-1n)));
  return {
    player: edge(
      r([
        [o.player, fraction(2n)],
        [o.tie, fraction(1n)],
      ]),
    ),
    'banker (commission)': edge(
      r([
        [o.banker, fraction(195n, 100n)],
        [o.tie, fraction(1n)],
      ]),
    ),
    'banker (no commission)': edge(
      r([
        [bankerNotSix, fraction(2n)],
        [o.bankerOnSix, fraction(3n, 2n)],
        [o.tie, fraction(1n)],
      ]),
    ),
    tie: edge(r([[o.tie, fraction(9n)]])),
    'player pair': edge(r([[o.playerPair, fraction(12n)]])),
    'banker pair': edge(r([[o.bankerPair, fraction(12n)]])),
  };
}
