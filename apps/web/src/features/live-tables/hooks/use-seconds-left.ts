import { useEffect, useState } from 'react';

/**
 * Whole seconds until `endsAt` (never below 0), renewed each second while the time runs; the browser clock
 * is trusted (the server's phase push corrects the screen when the phase really moves).
 */
export function useSecondsLeft(endsAt: string): number {
  const end = Date.parse(endsAt);
  const left = () => Math.max(0, Math.ceil((end - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const tick = () => setSeconds(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 500);
    return () => window.clearInterval(timer);
  }, [end]);
  return seconds;
}
