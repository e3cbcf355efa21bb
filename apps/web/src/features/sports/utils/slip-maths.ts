import { combinedOddsMilli, potentialReturnMinor } from '@lotus/games/sports/bet-maths';
import { SPORTSBOOK_MAX_LEGS } from '@lotus/shared/sportsbook.schema';
import { type AmountCheck, checkAmount } from '../../../lib/money/money.ts';

/** One selection on the slip, with what the player saw of it. */
export type SlipPick = {
  selectionId: string;
  eventId: string;
  sport: string;
  home: { EN: string; HI: string };
  away: { EN: string; HI: string };
  marketId: string;
  marketType: string;
  param: string;
  lineMilli: number;
  selectionKey: string;
  selectionName: { EN: string; HI: string };
  /** The price on the slip: what a bet sends as the odds the player saw. */
  oddsMilli: number;
  /** The price before the last move the slip saw (old → new), null once the player accepted it. */
  previousOddsMilli: number | null;
  /** False when the selection or its market stopped taking bets (suspended, closed, inactive). */
  open: boolean;
  inPlay: boolean;
  maxStakeMinor: string;
};

export type SlipLineTotals = { selectionId: string; stake: AmountCheck | null; returnMinor: bigint };

/** Singles: each line's stake checked (an empty stake skips the line), the total and the potential return. */
export function singlesTotals(picks: readonly SlipPick[], stakes: Readonly<Record<string, string>>) {
  const lines: SlipLineTotals[] = picks.map((pick) => {
    const text = stakes[pick.selectionId] ?? '';
    if (text.trim() === '') return { selectionId: pick.selectionId, stake: null, returnMinor: 0n };
    const stake = checkAmount(text, { minMinor: 1n, maxMinor: BigInt(pick.maxStakeMinor) });
    const returnMinor = stake.ok ? potentialReturnMinor(stake.minor, [pick.oddsMilli]) : 0n;
    return { selectionId: pick.selectionId, stake, returnMinor };
  });
  const staked = lines.filter((line) => line.stake !== null);
  const valid = staked.length > 0 && staked.every((line) => line.stake?.ok);
  const totalMinor = staked.reduce((sum, line) => sum + (line.stake?.ok ? line.stake.minor : 0n), 0n);
  const returnMinor = lines.reduce((sum, line) => sum + line.returnMinor, 0n);
  return { lines, valid, totalMinor, returnMinor };
}

/** Why the picks cannot make an accumulator, or null when they can. */
export function multiProblem(picks: readonly SlipPick[]): 'tooFew' | 'tooMany' | 'sameEvent' | null {
  if (picks.length < 2) return 'tooFew';
  if (picks.length > SPORTSBOOK_MAX_LEGS) return 'tooMany';
  return new Set(picks.map((pick) => pick.eventId)).size === picks.length ? null : 'sameEvent';
}

/** The accumulator: combined odds (rounded down, as the bet stores them), the stake and the potential return. */
export function multiTotals(picks: readonly SlipPick[], stakeText: string) {
  const odds = picks.map((pick) => pick.oddsMilli);
  const combined = picks.length > 0 ? Number(combinedOddsMilli(odds)) : 0;
  const maxMinor = picks.reduce<bigint | null>((least, pick) => {
    const max = BigInt(pick.maxStakeMinor);
    return least === null || max < least ? max : least;
  }, null);
  const stake = checkAmount(stakeText, { minMinor: 1n, maxMinor });
  const returnMinor = stake.ok && picks.length > 0 ? potentialReturnMinor(stake.minor, odds) : 0n;
  return { combinedOddsMilli: combined, stake, returnMinor };
}
