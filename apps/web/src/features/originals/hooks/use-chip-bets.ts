import type { OriginalsSession } from '@lotus/shared/originals.schema';
import { useState } from 'react';
import { chipValues } from '../components/chip-selector.tsx';

export type ChipBets<B> = {
  chips: string[];
  chip: string;
  setChip: (chip: string) => void;
  bets: B[];
  canUndo: boolean;
  change: (next: (current: B[]) => B[]) => void;
  undoLast: () => void;
  clear: () => void;
};

/**
 * The chips and the bet slip of a table game (roulette, dragon tiger): the chip the next click places, the
 * bets placed, and the earlier slips for undo.
 */
export function useChipBets<B extends { amountMinor: string }>(
  session: Pick<OriginalsSession, 'minBetMinor' | 'maxBetMinor'>,
): ChipBets<B> {
  const chips = chipValues(session.minBetMinor, session.maxBetMinor);
  const [chip, setChip] = useState(chips[0] ?? session.minBetMinor);
  const [bets, setBets] = useState<B[]>([]);
  const [undo, setUndo] = useState<B[][]>([]);

  /** Changes the slip, keeping the one before it for undo. */
  const change = (next: (current: B[]) => B[]) => {
    setUndo((stack) => [...stack, bets]);
    setBets(next);
  };
  const undoLast = () => {
    setBets(undo[undo.length - 1] ?? []);
    setUndo((stack) => stack.slice(0, -1));
  };
  const clear = () => change(() => []);

  return { chips, chip, setChip, bets, canUndo: undo.length > 0, change, undoLast, clear };
}
