import type { LotteryFamilyCode } from '@lotus/shared/lottery.schema';

/**
 * How the bet slip picks a selection for each bet type (packages/games/src/lottery/types.ts): a grid of
 * values (optionally per position), `pick` values combined into one line, or a free entry of `width`
 * digits. The canonical strings built here are exactly what the server's `validateLine` accepts.
 */
export type BetSpec =
  | { kind: 'grid'; values: string[]; pick: number; positions?: string[] }
  | { kind: 'entry'; width: number };

const range = (from: number, to: number, width = 0) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index).padStart(width, '0'));
const positions = (count: number) => range(1, count).map((n) => `p${n}`);
const BIG_SMALL = ['big', 'small'];
const ODD_EVEN = ['odd', 'even'];
const TWO_DIGITS = range(0, 99, 2);
const DIGITS = range(0, 9);

const single = (values: string[], at?: string[]): BetSpec =>
  at ? { kind: 'grid', values, pick: 1, positions: at } : { kind: 'grid', values, pick: 1 };
const several = (values: string[], pick: number): BetSpec => ({ kind: 'grid', values, pick });
const countIn = (betType: string, prefix: string) => Number(betType.slice(prefix.length));

function vnSpec(betType: string): BetSpec | null {
  if (betType === 'lo2' || betType === 'de') return single(TWO_DIGITS);
  if (betType === 'cang3') return { kind: 'entry', width: 3 };
  if (/^xien[234]$/.test(betType)) return several(TWO_DIGITS, countIn(betType, 'xien'));
  if (betType === 'head' || betType === 'tail') return single(DIGITS);
  return null;
}

function lott5dSpec(betType: string): BetSpec | null {
  if (betType === 'digit') return single(DIGITS, positions(5));
  if (betType === 'bigsmall') return single(BIG_SMALL, positions(5));
  if (betType === 'oddeven') return single(ODD_EVEN, positions(5));
  if (betType === 'sumbs') return single(BIG_SMALL);
  if (betType === 'sumoe') return single(ODD_EVEN);
  return null;
}

function dice3Spec(betType: string): BetSpec | null {
  if (betType === 'sum') return single(range(3, 18));
  if (betType === 'bigsmall') return single(BIG_SMALL);
  if (betType === 'anytriple') return single(['any']);
  if (betType === 'triple' || betType === 'pair') return single(range(1, 6));
  return null;
}

function race10Spec(betType: string): BetSpec | null {
  if (betType === 'position') return single(range(1, 10, 2), positions(10));
  if (betType === 'bigsmall') return single(BIG_SMALL, positions(10));
  if (betType === 'oddeven') return single(ODD_EVEN, positions(10));
  if (betType === 'dragon') return single(['dragon', 'tiger'], positions(5));
  return null;
}

/** The picker of `betType` in `family`; null for a bet type this browser does not know (not offered). */
export function betSpecOf(family: LotteryFamilyCode, betType: string): BetSpec | null {
  switch (family) {
    case 'vn':
      return vnSpec(betType);
    case 'sea4d':
      return betType === 'big' || betType === 'small' ? { kind: 'entry', width: 4 } : null;
    case 'sea6d': {
      const width = { front2: 2, back2: 2, front3: 3, back3: 3, exact6: 6 }[betType];
      return width ? { kind: 'entry', width } : null;
    }
    case 'lott5d':
      return lott5dSpec(betType);
    case 'dice3':
      return dice3Spec(betType);
    case 'pick11x5':
      if (betType === 'first') return single(range(1, 11, 2));
      return /^pick[1-5]$/.test(betType) ? several(range(1, 11, 2), countIn(betType, 'pick')) : null;
    case 'race10':
      return race10Spec(betType);
    case 'keno':
      return /^spot([1-9]|10)$/.test(betType) ? several(range(1, 80, 2), countIn(betType, 'spot')) : null;
    default:
      return null;
  }
}

/** The canonical selection of a grid pick: 'p3:big' for a position, several values sorted and joined by '-'. */
export function gridSelection(values: readonly string[], position?: string): string {
  const joined = [...values].sort().join('-');
  return position ? `${position}:${joined}` : joined;
}

/** A typed number of an entry bet: digits only, exactly `width` of them (leading zeros kept), else null. */
export function entrySelection(text: string, width: number): string | null {
  const trimmed = text.trim();
  return new RegExp(`^[0-9]{${width}}$`).test(trimmed) ? trimmed : null;
}

/** A random valid selection for the quick pick button; `random` is injectable for tests. */
export function quickPick(spec: BetSpec, random: () => number = Math.random): string {
  const pickOne = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  if (spec.kind === 'entry') {
    return Array.from({ length: spec.width }, () => pickOne(DIGITS)).join('');
  }
  const pool = [...spec.values];
  const chosen: string[] = [];
  while (chosen.length < spec.pick && pool.length > 0) {
    chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as string);
  }
  return gridSelection(chosen, spec.positions ? pickOne(spec.positions) : undefined);
}

/** `odds1e4` as decimal odds with two places, rounded down like the payout ('985000' → '98.50'). */
export function oddsText(odds1e4: string): string {
  const units = /^[0-9]+$/.test(odds1e4) ? BigInt(odds1e4) : 0n;
  return `${units / 10_000n}.${String((units % 10_000n) / 100n).padStart(2, '0')}`;
}
