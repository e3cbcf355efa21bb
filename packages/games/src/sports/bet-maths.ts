import type { SelectionOutcome } from '@lotus/shared/sportsbook.schema';

/**
 * The money maths of a sports bet (docs/sportsbook.md "Settlement" and "Cash-out"). Odds are decimal odds
 * × 1000 (`oddsMilli`), money is bigint minor units, and every amount is rounded DOWN to the minor unit
 * once, at the end, from the exact product — so a bet never pays a fraction of a unit the maths did not owe.
 */

/** Lowest and highest odds the book quotes (1.001 and 1000.0). */
export const MIN_ODDS_MILLI = 1001;
export const MAX_ODDS_MILLI = 1_000_000;

/**
 * Odds from fair probabilities with the margin spread proportionally: `odds = 1 / (p × (1 + margin))`,
 * rounded DOWN to the thousandth, so the book's overround Σ 1/odds is the configured margin plus the
 * rounding (never less). A selection the margin would price at or under 1.001, or over 1000, is offered
 * inactive (no bet) at the bound.
 */
export function oddsWithMargin(
  probs: readonly number[],
  marginBp: number,
): { oddsMilli: number; active: boolean }[] {
  const scale = 1 + marginBp / 10_000;
  return probs.map((prob) => {
    if (!(prob > 0)) return { oddsMilli: MAX_ODDS_MILLI, active: false };
    const raw = Math.floor(1000 / (prob * scale) + 1e-9);
    if (raw <= MIN_ODDS_MILLI) return { oddsMilli: MIN_ODDS_MILLI, active: false };
    if (raw > MAX_ODDS_MILLI) return { oddsMilli: MAX_ODDS_MILLI, active: false };
    return { oddsMilli: raw, active: true };
  });
}

/** The book's margin implied by a market's odds: Σ 1/odds − 1 (0.05 for a 5 % overround). */
export function impliedMargin(oddsMilli: readonly number[]): number {
  return oddsMilli.reduce((sum, odds) => sum + 1000 / odds, 0) - 1;
}

/** Combined odds of an accumulator, × 1000, rounded down (what the slip shows and the bet stores). */
export function combinedOddsMilli(oddsMilli: readonly number[]): bigint {
  let numerator = 1n;
  let denominator = 1n;
  for (const odds of oddsMilli) {
    numerator *= BigInt(odds);
    denominator *= 1000n;
  }
  return (numerator * 1000n) / denominator;
}

/** Stake × combined odds, rounded down: what the bet returns if every leg wins in full. */
export function potentialReturnMinor(stakeMinor: bigint, oddsMilli: readonly number[]): bigint {
  let numerator = stakeMinor;
  let denominator = 1n;
  for (const odds of oddsMilli) {
    numerator *= BigInt(odds);
    denominator *= 1000n;
  }
  return numerator / denominator;
}

export type SettledLeg = { oddsMilli: number; outcome: SelectionOutcome; deadHeatMilli: number | null };

/**
 * What one leg multiplies the stake by, exactly, as numerator / denominator:
 * win: odds (× the dead-heat fraction when a tie shares the win); lose: 0; void: 1 (the leg drops out of an
 * accumulator); half_win (an Asian quarter line): half the stake wins, half is returned, (1 + odds) / 2;
 * half_lose: half the stake is returned, 1/2.
 */
export function legFactor(leg: SettledLeg): { numerator: bigint; denominator: bigint } {
  const odds = BigInt(leg.oddsMilli);
  switch (leg.outcome) {
    case 'win':
      return leg.deadHeatMilli === null
        ? { numerator: odds, denominator: 1000n }
        : { numerator: odds * BigInt(leg.deadHeatMilli), denominator: 1_000_000n };
    case 'lose':
      return { numerator: 0n, denominator: 1n };
    case 'void':
      return { numerator: 1n, denominator: 1n };
    case 'half_win':
      return { numerator: 1000n + odds, denominator: 2000n };
    case 'half_lose':
      return { numerator: 1n, denominator: 2n };
  }
}

/**
 * What a settled bet pays: stake × Π leg factors, rounded down once. A single is the one-leg case; an
 * accumulator with a void leg pays as the accumulator of the others; every leg void returns the stake.
 */
export function betReturnMinor(stakeMinor: bigint, legs: readonly SettledLeg[]): bigint {
  let numerator = stakeMinor;
  let denominator = 1n;
  for (const leg of legs) {
    const factor = legFactor(leg);
    numerator *= factor.numerator;
    denominator *= factor.denominator;
  }
  return numerator / denominator;
}

/** A leg of an open bet for cash-out: settled (its outcome) or open (the current fair probability, ppm). */
export type CashoutLeg = (SettledLeg & { open?: false }) | { open: true; oddsMilli: number; probPpm: number };

/**
 * The fair cash-out value of an open bet minus the book's cash-out margin: stake × Π settled factors ×
 * Π open (odds taken × current fair probability) × (1 − margin), rounded down. The fair part is what the
 * bet is worth now (its expected return at today's prices without the book's margin), so cashing out is
 * neither a gift nor a trap beyond the declared margin. 0 when a leg has lost.
 */
export function cashoutValueMinor(stakeMinor: bigint, legs: readonly CashoutLeg[], marginBp: number): bigint {
  let numerator = stakeMinor * BigInt(10_000 - marginBp);
  let denominator = 10_000n;
  for (const leg of legs) {
    if (leg.open) {
      numerator *= BigInt(leg.oddsMilli) * BigInt(leg.probPpm);
      denominator *= 1000n * 1_000_000n;
    } else {
      const factor = legFactor(leg);
      numerator *= factor.numerator;
      denominator *= factor.denominator;
    }
  }
  return numerator / denominator;
}
