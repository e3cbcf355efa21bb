import { useEffect, useRef, useState } from 'react';
import { ROLL_STEP_MS, ROLL_STEPS, rolledValue } from '../utils/jackpot-value.ts';

/**
 * The figure the counter shows, rolling towards the real pot (SPEC §2: the digit columns roll between
 * values): a rise is shown in ROLL_STEPS steps of ROLL_STEP_MS (the columns' transition), so a push reads as
 * the pot counting up; a fall (a win paid, the pot reseeded) is shown at once.
 */
export function useJackpotValue(target: number | null): number | null {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);
  shownRef.current = shown;
  useEffect(() => {
    const from = shownRef.current;
    if (target === null || from === null || target <= from) {
      setShown(target);
      return;
    }
    let step = 0;
    const timer = setInterval(() => {
      step += 1;
      setShown(rolledValue(from, target, step));
      if (step >= ROLL_STEPS) clearInterval(timer);
    }, ROLL_STEP_MS);
    return () => clearInterval(timer);
  }, [target]);
  return shown;
}
