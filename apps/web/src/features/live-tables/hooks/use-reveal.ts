import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** The time between two cards coming out while a round deals. */
export const REVEAL_STEP_MS = 700;

/**
 * How many of a round's `total` items (cards, dice) are shown: while the table deals they come out one by
 * one, each `REVEAL_STEP_MS` after the last, so a card flips as the snapshot reveals it; a page that opens
 * on a finished round (or asks for less motion) shows them all at once. `key` restarts it (a new round).
 */
export function useReveal(total: number, dealing: boolean, key: string): number {
  const reduced = useReducedMotion() ?? false;
  const instant = !dealing || reduced;
  const [shown, setShown] = useState(instant ? total : 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (`key`) restarts the deal
  useEffect(() => {
    if (instant) {
      setShown(total);
      return;
    }
    setShown(0);
    let count = 0;
    const timer = window.setInterval(() => {
      count += 1;
      setShown(count);
      if (count >= total) window.clearInterval(timer);
    }, REVEAL_STEP_MS);
    return () => window.clearInterval(timer);
  }, [instant, total, key]);
  return Math.min(shown, total);
}
