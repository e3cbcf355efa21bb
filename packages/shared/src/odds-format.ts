import type { OddsFormat } from './sportsbook.schema.ts';

/**
 * Decimal odds × 1000 shown as the player prefers (docs/sportsbook.md "Odds formats"):
 * - decimal: "1.91" (two decimals; three when the thousandth matters, "1.333");
 * - fractional: the profit as a fraction, "10/11", "6/4", "Evs" for 2.00 (the nearest fraction with a
 *   denominator of at most 100, as UK books quote);
 * - indian: the profit per 100 staked, "91" for 1.91, "150" for 2.50 (as Indian books quote a rate);
 * - malay: the profit per 1 staked up to 2.00 ("0.91"), beyond it −1 / profit ("-0.67" for 2.50).
 */
export function formatOdds(oddsMilli: number, format: OddsFormat): string {
  const profitMilli = oddsMilli - 1000;
  switch (format) {
    case 'decimal':
      return oddsMilli % 10 === 0 ? (oddsMilli / 1000).toFixed(2) : (oddsMilli / 1000).toFixed(3);
    case 'fractional': {
      if (profitMilli === 1000) return 'Evs';
      const [numerator, denominator] = nearestFraction(profitMilli / 1000, 100);
      return `${numerator}/${denominator}`;
    }
    case 'indian':
      return Math.round(profitMilli / 10).toString();
    case 'malay': {
      if (profitMilli <= 1000) return (profitMilli / 1000).toFixed(2);
      return (-1000 / profitMilli).toFixed(2);
    }
  }
}

/** The fraction closest to `value` whose denominator is at most `maxDenominator` (Stern–Brocot search). */
function nearestFraction(value: number, maxDenominator: number): [number, number] {
  let best: [number, number] = [Math.round(value), 1];
  let bestError = Math.abs(value - best[0]);
  for (let denominator = 2; denominator <= maxDenominator; denominator += 1) {
    const numerator = Math.round(value * denominator);
    const error = Math.abs(value - numerator / denominator);
    if (error < bestError - 1e-12) {
      best = [numerator, denominator];
      bestError = error;
    }
  }
  return best;
}
