/**
 * Exact fractions over bigint, enough for RTP arithmetic (never used on the money path: payouts are
 * integer minor units).
 */
export type Fraction = { numerator: bigint; denominator: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

export function fraction(numerator: bigint, denominator: bigint = 1n): Fraction {
  if (denominator === 0n) throw new RangeError('zero denominator');
  const sign = denominator < 0n ? -1n : 1n;
  const g = gcd(numerator, denominator) || 1n;
  return { numerator: (sign * numerator) / g, denominator: (sign * denominator) / g };
}

export function add(a: Fraction, b: Fraction): Fraction {
  return fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function sub(a: Fraction, b: Fraction): Fraction {
  return fraction(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator);
}

export function mul(a: Fraction, b: Fraction): Fraction {
  return fraction(a.numerator * b.numerator, a.denominator * b.denominator);
}

export function equals(a: Fraction, b: Fraction): boolean {
  return a.numerator * b.denominator === b.numerator * a.denominator;
}

/** The nearest double (to ~1e-18 relative), also for numerators and denominators far beyond 2^53. */
export function toNumber(f: Fraction): number {
  const scale = 10n ** 18n;
  const whole = f.numerator / f.denominator;
  const rest = f.numerator - whole * f.denominator;
  return Number(whole) + Number((rest * scale) / f.denominator) / 1e18;
}
