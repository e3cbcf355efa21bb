import { useEffect, useState } from 'react';

/**
 * A win amount that counts up from 0 to `target` (bigint minor units, exact at every step). `key` restarts
 * the count for a new result of the same size; with reduced motion the amount shows at once.
 */
export function useCountUp(target: bigint, key: number, reducedMotion: boolean, durationMs = 900): bigint {
  const [value, setValue] = useState(target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` restarts the count on purpose.
  useEffect(() => {
    if (reducedMotion || target <= 0n) {
      setValue(target);
      return;
    }
    const started = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, (now - started) / durationMs);
      const permille = BigInt(Math.round(progress * 1000));
      setValue((target * permille) / 1000n);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    setValue(0n);
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, key, reducedMotion, durationMs]);
  return value;
}
