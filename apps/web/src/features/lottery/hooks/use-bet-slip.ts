import type { LotteryGameDetail } from '@lotus/shared/lottery.schema';
import { useCallback, useMemo, useState } from 'react';
import { type AmountCheck, checkAmount } from '../../../lib/money/money.ts';

export type SlipLine = { betType: string; selection: string };

const sameLine = (a: SlipLine, b: SlipLine) => a.betType === b.betType && a.selection === b.selection;

/** Pay units ×10^4 per unit stake at best for a line: its own table entry (dice sums) or the bet type's most. */
export function lineMaxUnits(game: Pick<LotteryGameDetail, 'odds'>, line: SlipLine): bigint {
  const odds = game.odds.find((entry) => entry.betType === line.betType);
  if (!odds) return 0n;
  const own = odds.table?.[line.selection];
  return BigInt(own ?? odds.maxUnits);
}

export type SlipTotals = { stake: AmountCheck; totalMinor: bigint; maxReturnMinor: bigint };

/** The slip's sums: the stake per line checked against the game's limits, the total and the best return. */
export function slipTotals(
  game: Pick<LotteryGameDetail, 'odds' | 'limits'>,
  lines: readonly SlipLine[],
  stakeText: string,
): SlipTotals {
  const stake = checkAmount(stakeText, {
    minMinor: BigInt(game.limits.minStakeMinor),
    maxMinor: BigInt(game.limits.maxStakeMinor),
  });
  if (!stake.ok) return { stake, totalMinor: 0n, maxReturnMinor: 0n };
  const totalMinor = stake.minor * BigInt(lines.length);
  // Each line is rounded down on its own, as the server pays it (docs/lottery.md "Odds").
  const maxReturnMinor = lines.reduce(
    (sum, line) => sum + (stake.minor * lineMaxUnits(game, line)) / 10_000n,
    0n,
  );
  return { stake, totalMinor, maxReturnMinor };
}

/**
 * The bet slip's lines (bet type + canonical selection) and the stake per line. Adding a line already there
 * removes it (a second tap on a number un-picks it); `full` says the game's line limit is reached.
 */
export function useBetSlip(maxLines: number) {
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [stakeText, setStakeText] = useState('10');
  const [full, setFull] = useState(false);

  const toggle = useCallback(
    (line: SlipLine) => {
      setLines((current) => {
        if (current.some((entry) => sameLine(entry, line))) {
          setFull(false);
          return current.filter((entry) => !sameLine(entry, line));
        }
        if (current.length >= maxLines) {
          setFull(true);
          return current;
        }
        return [...current, line];
      });
    },
    [maxLines],
  );
  const remove = useCallback((line: SlipLine) => {
    setFull(false);
    setLines((current) => current.filter((entry) => !sameLine(entry, line)));
  }, []);
  const clear = useCallback(() => {
    setFull(false);
    setLines([]);
  }, []);
  const has = useCallback((line: SlipLine) => lines.some((entry) => sameLine(entry, line)), [lines]);

  return useMemo(
    () => ({ lines, stakeText, setStakeText, toggle, remove, clear, has, full }),
    [lines, stakeText, toggle, remove, clear, has, full],
  );
}

export type BetSlipState = ReturnType<typeof useBetSlip>;
