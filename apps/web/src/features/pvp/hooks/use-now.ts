import { useEffect, useState } from 'react';

/** The time, re-read every `everyMs` while `running` (the turn clock's ring); frozen otherwise. */
export function useTicking(running: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [running, everyMs]);
  return now;
}
