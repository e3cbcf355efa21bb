import { useEffect } from 'react';

/**
 * The fallback to the live pushes: when the soonest of `times` (draws' closesAt / drawsAt) passes, call
 * `refetch` so the page moves to the next draw and shows the result even without the WebSocket.
 */
export function useRefetchAtClose(
  times: readonly (string | null | undefined)[],
  refetch: () => unknown,
): void {
  const key = times.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `times`.
  useEffect(() => {
    const now = Date.now();
    const next = times
      .map((time) => (time ? Date.parse(time) : Number.NaN))
      .filter((at) => Number.isFinite(at) && at > now)
      .reduce((soonest, at) => Math.min(soonest, at), Number.POSITIVE_INFINITY);
    if (!Number.isFinite(next)) return;
    // A moment after the time, so the server has moved too; capped so a far daily draw sets no huge timer.
    const timer = window.setTimeout(() => void refetch(), Math.min(next - now + 1000, 3_600_000));
    return () => window.clearTimeout(timer);
  }, [key, refetch]);
}
