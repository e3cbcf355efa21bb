import { useEffect, useState } from 'react';

/**
 * The browser's time, ticking every second while a countdown is on screen (pre-match, the arena's betting
 * window). Stops ticking when `running` is false, so a page of finished events costs nothing.
 */
export function useClock(running = true): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [running]);
  return now;
}

/** "1:05:09", "4:03", "0:07": the time left to `until`, never negative. */
export function timeLeftText(untilMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
