import { createDraws, type Hmac, hmacSha256 } from './fair.ts';
import { type Fraction, fraction } from './rational.ts';
import type { FairInputs, RouletteBet, RouletteBetKind, RouletteOutcome } from './types.ts';

/**
 * European single-zero roulette (docs/games-contract.md "roulette.ts"). The pocket is `int(37)`.
 *
 * Layout: 1..36 in 12 rows (streets) of three, row i = 3i+1, 3i+2, 3i+3; column 1 = 1, 4, … 34,
 * column 2 = 2, 5, … 35, column 3 = 3, 6, … 36; 0 sits above the first row, touching 1, 2 and 3.
 * A bet's `numbers` must be exactly the pockets of one real bet of its kind, in any order (a dozen is its
 * 12 numbers, a column its 12, red its 18 …). The six even chances (red, black, odd, even, low, high) also
 * accept an empty list, as they cover one fixed set. The outcome always carries the sorted covered pockets.
 */

/** Winnings per unit staked (the stake is returned on top). */
export const ROULETTE_PAYS: Record<RouletteBetKind, number> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  line: 5,
  basket: 8,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

export const ROULETTE_RED: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];
const RED = new Set(ROULETTE_RED);

export function rouletteColour(pocket: number): 'red' | 'black' | 'green' {
  if (pocket === 0) return 'green';
  return RED.has(pocket) ? 'red' : 'black';
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The 12 rows (streets) of the layout, top (1-2-3) to bottom (34-35-36). */
export const ROULETTE_ROWS: readonly number[][] = Array.from({ length: 12 }, (_, i) => [
  3 * i + 1,
  3 * i + 2,
  3 * i + 3,
]);
export const ROULETTE_DOZENS: readonly number[][] = [range(1, 12), range(13, 24), range(25, 36)];
export const ROULETTE_COLUMNS: readonly number[][] = [1, 2, 3].map((c) => range(0, 11).map((i) => 3 * i + c));

/** Every valid pocket set of each bet kind, sorted ascending (the whole layout, for validation and the UI). */
export const ROULETTE_BETS: Readonly<Record<RouletteBetKind, readonly number[][]>> = (() => {
  const splits: number[][] = [
    [0, 1],
    [0, 2],
    [0, 3],
  ];
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) splits.push([n, n + 1]); // side by side in a row
    if (n <= 33) splits.push([n, n + 3]); // one above the other
  }
  const corners: number[][] = [];
  for (let n = 1; n <= 32; n++) if (n % 3 !== 0) corners.push([n, n + 1, n + 3, n + 4]);
  return {
    straight: range(0, 36).map((n) => [n]),
    split: splits,
    // The 12 rows, plus the two trios with zero (0-1-2, 0-2-3) that European tables take as streets.
    street: [...ROULETTE_ROWS.map((r) => [...r]), [0, 1, 2], [0, 2, 3]],
    corner: corners,
    line: range(0, 10).map((i) => range(3 * i + 1, 3 * i + 6)),
    basket: [[0, 1, 2, 3]],
    dozen: ROULETTE_DOZENS.map((d) => [...d]),
    column: ROULETTE_COLUMNS.map((c) => [...c]),
    red: [[...ROULETTE_RED]],
    black: [range(1, 36).filter((n) => !RED.has(n))],
    odd: [range(1, 36).filter((n) => n % 2 === 1)],
    even: [range(1, 36).filter((n) => n % 2 === 0)],
    low: [range(1, 18)],
    high: [range(19, 36)],
  };
})();

const EVEN_CHANCES = new Set<RouletteBetKind>(['red', 'black', 'odd', 'even', 'low', 'high']);
/** `${kind}:${sorted pockets}` → pockets, for every position of the layout. */
const VALID = new Map(
  (Object.entries(ROULETTE_BETS) as [RouletteBetKind, readonly number[][]][]).flatMap(([kind, options]) =>
    options.map((pockets) => [`${kind}:${pockets.join(',')}`, pockets] as const),
  ),
);

/**
 * The sorted pockets of a bet if `numbers` form a real bet of `kind`, else null (no amount checks here:
 * limits are play.ts's).
 */
export function validateRouletteBet(bet: Pick<RouletteBet, 'kind' | 'numbers'>): number[] | null {
  if (!Object.hasOwn(ROULETTE_BETS, bet.kind) || !Array.isArray(bet.numbers)) return null;
  if (bet.numbers.length === 0 && EVEN_CHANCES.has(bet.kind)) return [...(ROULETTE_BETS[bet.kind][0] ?? [])];
  const match = VALID.get(`${bet.kind}:${[...bet.numbers].sort((a, b) => a - b).join(',')}`);
  return match ? [...match] : null;
}

/** What one bet returns (stake included) when `pocket` comes up; the bet must be valid. */
export function rouletteBetReturn(
  kind: RouletteBetKind,
  pockets: readonly number[],
  amount: bigint,
  pocket: number,
): bigint {
  return pockets.includes(pocket) ? amount * BigInt(ROULETTE_PAYS[kind] + 1) : 0n;
}

/** Settles valid bets on a known pocket (no randomness): used by play and by the exact RTP. */
export function settleRoulette(bets: RouletteBet[], pocket: number): RouletteOutcome {
  let stake = 0n;
  let total = 0n;
  const settled = bets.map((bet) => {
    const pockets = validateRouletteBet(bet);
    if (!pockets) throw new RangeError(`not a ${bet.kind} bet: ${bet.numbers.join('-')}`);
    const amount = BigInt(bet.amountMinor);
    const pay = rouletteBetReturn(bet.kind, pockets, amount, pocket);
    stake += amount;
    total += pay;
    return { kind: bet.kind, numbers: pockets, amountMinor: amount.toString(), payMinor: pay.toString() };
  });
  return {
    game: 'roulette',
    pocket,
    colour: rouletteColour(pocket),
    bets: settled,
    stakeMinor: stake.toString(),
    totalPayMinor: total.toString(),
  };
}

/** Plays one spin. Bets must already be valid (play.ts checks shape and limits and says why). */
export function playRoulette(
  bets: RouletteBet[],
  inputs: FairInputs,
  hmac: Hmac = hmacSha256,
): RouletteOutcome {
  const pocket = createDraws(inputs, hmac).int(37);
  return settleRoulette(bets, pocket);
}

/** Exact RTP of a set of bets: total return over all 37 pockets / (37 · stake). 36/37 for any valid set. */
export function rouletteExactRtp(bets: RouletteBet[]): Fraction & { value: number } {
  let returned = 0n;
  let stake = 0n;
  for (let pocket = 0; pocket < 37; pocket++) {
    const o = settleRoulette(bets, pocket);
    returned += BigInt(o.totalPayMinor);
    stake += BigInt(o.stakeMinor);
  }
  const f = fraction(returned, stake);
  return { ...f, value: Number(f.numerator) / Number(f.denominator) };
}
