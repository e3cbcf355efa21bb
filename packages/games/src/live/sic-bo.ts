import { createDraws, type Hmac, hmacSha256 } from '../fair.ts';
import { type Fraction, fraction } from '../rational.ts';
import type { FairInputs } from '../types.ts';

/**
 * Sic Bo (docs/live-tables.md "Sic Bo"): three dice, each 1 + int(6) from `createDraws` of the round's
 * inputs (on a live table: serverSeed = the table's committed seed, clientSeed = the table's code,
 * nonce = the round number).
 *
 * Bets and pays ("n to 1", the stake comes back with the win):
 * - small (total 4–10) / big (11–17): 1:1, both lose on any triple;
 * - odd / even total: 1:1, both lose on any triple (as on the Macau layouts);
 * - a specific total 4–17: the Macau table of wizardofodds.com/games/sic-bo — 4/17 50:1, 5/16 18:1,
 *   6/15 14:1, 7/14 12:1, 8/13 8:1, 9/10/11/12 6:1;
 * - any triple 30:1; a specific triple 180:1; a specific double (at least two dice show it) 10:1;
 * - a two-dice combination (two different numbers, both shown) 5:1;
 * - a single number: 1:1, 2:1 or 3:1 as one, two or three dice show it.
 */

export const SIC_BO_BET_KINDS = [
  'small',
  'big',
  'odd',
  'even',
  'total',
  'any-triple',
  'triple',
  'double',
  'combination',
  'single',
] as const;
export type SicBoBetKind = (typeof SIC_BO_BET_KINDS)[number];
/** `numbers`: the total (one of 4–17), the face (triple, double, single), two different faces (combination), else []. */
export type SicBoBet = { kind: SicBoBetKind; numbers: number[]; amountMinor: string };
export type SicBoDice = [number, number, number];

export const SIC_BO_TOTAL_PAYS: Readonly<Record<number, number>> = {
  4: 50,
  5: 18,
  6: 14,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 14,
  16: 18,
  17: 50,
};

export const SIC_BO_PAYS = {
  even: 1,
  anyTriple: 30,
  triple: 180,
  double: 10,
  combination: 5,
} as const;

export function rollSicBo(inputs: FairInputs, hmac: Hmac = hmacSha256): SicBoDice {
  const draws = createDraws(inputs, hmac);
  return [1 + draws.int(6), 1 + draws.int(6), 1 + draws.int(6)];
}

const isFace = (n: number | undefined): boolean => n !== undefined && Number.isInteger(n) && n >= 1 && n <= 6;

/** Whether the bet's numbers fit its kind. */
export function validSicBoBet(kind: SicBoBetKind, numbers: readonly number[]): boolean {
  switch (kind) {
    case 'small':
    case 'big':
    case 'odd':
    case 'even':
    case 'any-triple':
      return numbers.length === 0;
    case 'total':
      return numbers.length === 1 && SIC_BO_TOTAL_PAYS[numbers[0] ?? 0] !== undefined;
    case 'triple':
    case 'double':
    case 'single':
      return numbers.length === 1 && isFace(numbers[0]);
    case 'combination':
      return numbers.length === 2 && isFace(numbers[0]) && isFace(numbers[1]) && numbers[0] !== numbers[1];
  }
}

/** The win as a multiple of the stake ("n to 1"), or −1 for a lost bet. */
export function sicBoWinMultiple(kind: SicBoBetKind, numbers: readonly number[], dice: SicBoDice): number {
  const [a, b, c] = dice;
  const total = a + b + c;
  const triple = a === b && b === c;
  const shows = (n: number | undefined) => dice.filter((d) => d === n).length;
  const one = (won: boolean, pays: number) => (won ? pays : -1);
  switch (kind) {
    case 'small':
      return one(!triple && total <= 10, SIC_BO_PAYS.even);
    case 'big':
      return one(!triple && total >= 11, SIC_BO_PAYS.even);
    case 'odd':
      return one(!triple && total % 2 === 1, SIC_BO_PAYS.even);
    case 'even':
      return one(!triple && total % 2 === 0, SIC_BO_PAYS.even);
    case 'total':
      return one(total === numbers[0], SIC_BO_TOTAL_PAYS[total] ?? 0);
    case 'any-triple':
      return one(triple, SIC_BO_PAYS.anyTriple);
    case 'triple':
      return one(triple && a === numbers[0], SIC_BO_PAYS.triple);
    case 'double':
      return one(shows(numbers[0]) >= 2, SIC_BO_PAYS.double);
    case 'combination':
      return one(shows(numbers[0]) >= 1 && shows(numbers[1]) >= 1, SIC_BO_PAYS.combination);
    case 'single': {
      const n = shows(numbers[0]);
      return n === 0 ? -1 : n;
    }
  }
}

/** What a bet returns, stake included, in minor units. */
export function sicBoBetReturn(bet: SicBoBet, dice: SicBoDice): bigint {
  const m = sicBoWinMultiple(bet.kind, bet.numbers, dice);
  const amount = BigInt(bet.amountMinor);
  return m < 0 ? 0n : amount * BigInt(m + 1);
}

export function settleSicBo(
  bets: readonly SicBoBet[],
  dice: SicBoDice,
): { bets: (SicBoBet & { payMinor: string })[]; stakeMinor: string; totalPayMinor: string } {
  let stake = 0n;
  let total = 0n;
  const settled = bets.map((bet) => {
    const pay = sicBoBetReturn(bet, dice);
    stake += BigInt(bet.amountMinor);
    total += pay;
    return { ...bet, numbers: [...bet.numbers], payMinor: pay.toString() };
  });
  return { bets: settled, stakeMinor: stake.toString(), totalPayMinor: total.toString() };
}

/** The 216 equally likely rolls. */
export function allSicBoRolls(): SicBoDice[] {
  const out: SicBoDice[] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) out.push([a, b, c]);
  return out;
}

/** Exact RTP of one bet (return per unit staked, stake included) over the 216 rolls. */
export function sicBoExactRtp(kind: SicBoBetKind, numbers: readonly number[]): Fraction {
  let units = 0n;
  for (const dice of allSicBoRolls()) {
    const m = sicBoWinMultiple(kind, numbers, dice);
    if (m >= 0) units += BigInt(m + 1);
  }
  return fraction(units, 216n);
}
