import { useEffect, useState } from 'react';
import { jackpotValueMinor, msUntilNextStep } from '../utils/jackpot-value.ts';

/**
 * The display counter's current value, in hundredths. Each timer is set to the next step boundary of the
 * shared clock (not a free-running 3000 ms interval), so the figure never drifts from what another visitor
 * sees and catches up at once after the tab was in the background.
 */
export function useJackpotValue(): number {
  const [value, setValue] = useState(() => jackpotValueMinor(Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setValue(jackpotValueMinor(Date.now()));
        schedule();
      }, msUntilNextStep(Date.now()));
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return value;
}
