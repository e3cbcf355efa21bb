/**
 * χ² goodness of fit, used by the simulation tests of the live tables (and the older simulation tests):
 * outcome counts against exact probabilities, accepted below the upper 1 % point.
 */

/** The normal distribution's upper 1 % point. */
const Z_99 = 2.3263478740408408;

/**
 * Upper 1 % point of χ² with `df` degrees of freedom by the Wilson–Hilferty approximation (within 0.1 of
 * the tables from 2 df up: 36 df 58.619, 51 df 77.386).
 */
export function chiSquareCritical99(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`χ² needs df ≥ 1, got ${df}`);
  const a = 2 / (9 * df);
  return df * (1 - a + Z_99 * Math.sqrt(a)) ** 3;
}

/** Pearson's statistic Σ (observed − expected)² / expected, expected = n · p for each category. */
export function chiSquareStatistic(counts: readonly number[], probabilities: readonly number[]): number {
  if (counts.length !== probabilities.length) throw new RangeError('one probability per category');
  const n = counts.reduce((a, b) => a + b, 0);
  let chi = 0;
  counts.forEach((observed, i) => {
    const expected = n * (probabilities[i] ?? 0);
    if (expected <= 0) throw new RangeError(`category ${i} has no expected count`);
    chi += (observed - expected) ** 2 / expected;
  });
  return chi;
}

/** Whether counts fit the probabilities at 99 %, with a line saying why (a test's failure message). */
export function chiSquareFits99(
  label: string,
  counts: readonly number[],
  probabilities: readonly number[],
): { ok: boolean; report: string } {
  const chi = chiSquareStatistic(counts, probabilities);
  const df = counts.length - 1;
  const critical = chiSquareCritical99(df);
  return {
    ok: chi < critical,
    report: `${label}: χ²=${chi.toFixed(2)} with ${df} df, 99 % critical ${critical.toFixed(2)}`,
  };
}
