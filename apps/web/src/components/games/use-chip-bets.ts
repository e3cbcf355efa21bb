import { useState } from 'react';
import { chipValues } from './chip-selector.tsx';

export type ChipBets<B> = {
  chips: string[];
  chip: string;
  setChip: (chip: string) => void;
  /** The bets on the table now: nothing is placed until the screen plays them (spin, deal). */
  bets: B[];
  /** The bets of the last round played, for rebet (empty before the first round). */
  lastBets: B[];
  canUndo: boolean;
  change: (next: (current: B[]) => B[]) => void;
  undoLast: () => void;
  clear: () => void;
  /** Puts the last round's bets back on the table (an empty table only), marked as repeated. */
  rebet: () => void;
  /** Whether a bet on the table is one rebet put there, untouched since (drawn as "repeated"). */
  isRepeated: (bet: B) => boolean;
  /** The round was played: its bets become the last round's, and the table is empty again. */
  settle: () => void;
};

type Slip<B> = { bets: B[]; undo: B[][]; last: B[]; repeated: B[] };

const sameBet = (a: { amountMinor: string }, b: { amountMinor: string }) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Sum of minor-unit strings. */
export function sumMinor(values: readonly string[]): bigint {
  return values.reduce((total, value) => total + BigInt(value), 0n);
}

/**
 * The chips and the bet slip of a table game (the studio's roulette and dragon tiger, the live tables): the chip the next click places, the
 * bets on the table, the earlier slips for undo, and the last round's bets for rebet. A round's bets are
 * never carried into the next one silently: after a round the table is empty until the player places chips
 * or presses Rebet.
 */
export function useChipBets<B extends { amountMinor: string }>(session: {
  minBetMinor: string;
  maxBetMinor: string;
}): ChipBets<B> {
  const chips = chipValues(session.minBetMinor, session.maxBetMinor);
  const [chip, setChip] = useState(chips[0] ?? session.minBetMinor);
  // One state, so a change, its undo entry and the rebet marks always move together.
  const [slip, setSlip] = useState<Slip<B>>({ bets: [], undo: [], last: [], repeated: [] });

  /** Changes the table, keeping the one before it for undo. */
  const change = (next: (current: B[]) => B[]) =>
    setSlip((s) => ({ ...s, bets: next(s.bets), undo: [...s.undo, s.bets] }));
  const undoLast = () =>
    setSlip((s) => ({ ...s, bets: s.undo[s.undo.length - 1] ?? [], undo: s.undo.slice(0, -1) }));
  const clear = () => change(() => []);
  const rebet = () =>
    setSlip((s) =>
      s.bets.length > 0 || s.last.length === 0
        ? s
        : { ...s, bets: s.last, undo: [...s.undo, s.bets], repeated: s.last },
    );
  const settle = () => setSlip((s) => ({ bets: [], undo: [], last: s.bets, repeated: [] }));
  const isRepeated = (bet: B) => slip.repeated.some((r) => sameBet(r, bet));

  return {
    chips,
    chip,
    setChip,
    bets: slip.bets,
    lastBets: slip.last,
    canUndo: slip.undo.length > 0,
    change,
    undoLast,
    clear,
    rebet,
    isRepeated,
    settle,
  };
}
