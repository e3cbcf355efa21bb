import { useEffect, useState } from 'react';

/**
 * The time, renewed every second, for countdowns. One interval per component that shows one; the time
 * comes from the browser clock (the server's offset is the live hook's business once it lands).
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
