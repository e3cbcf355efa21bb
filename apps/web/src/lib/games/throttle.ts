/**
 * A gate that opens at most once per `intervalMs` (SPEC §4/§9: favourite toggles throttled to 1 per
 * second). `tryPass()` answers whether this call may go ahead; a refused call does nothing and does not
 * push the next opening back. `now` is injectable for tests.
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    tryPass(): boolean {
      const at = now();
      if (at - last < intervalMs) return false;
      last = at;
      return true;
    },
  };
}
