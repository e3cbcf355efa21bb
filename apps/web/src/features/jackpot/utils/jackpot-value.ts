import { JACKPOT_INTERVAL_MS, JACKPOT_STEP } from '@lotus/shared/constants';

/**
 * The home page's jackpot display counter (SPEC §2 "starts from a value derived from current time and adds
 * 165.11 every 3000 ms"). It is a display, not a prize: no pool stands behind it until the games issue
 * records real jackpots, and the page labels it as illustrative.
 *
 * Formula, in minor units (hundredths) so that the arithmetic is exact integer arithmetic:
 *
 *   elapsed = (now − JACKPOT_EPOCH_MS) mod JACKPOT_CYCLE_MS        (a week, counted from a fixed Monday)
 *   steps   = floor(elapsed / JACKPOT_INTERVAL_MS)
 *   value   = JACKPOT_BASE_MINOR + steps × JACKPOT_STEP_MINOR
 *
 * Deriving it from the clock alone means every visitor sees the same figure at the same moment, and a reload
 * does not restart it. The weekly cycle keeps the figure bounded (1,000,000.00 up to about 34,286,176) instead
 * of growing without end for as long as the site runs.
 */
export const JACKPOT_EPOCH_MS = Date.UTC(2025, 0, 6); // Monday 2025-01-06 00:00 UTC
export const JACKPOT_CYCLE_MS = 7 * 24 * 60 * 60 * 1000;
export const JACKPOT_BASE_MINOR = 100_000_000; // 1,000,000.00
export const JACKPOT_STEP_MINOR = Math.round(JACKPOT_STEP * 100); // 165.11 → 16511

function elapsedInCycle(nowMs: number): number {
  const offset = (nowMs - JACKPOT_EPOCH_MS) % JACKPOT_CYCLE_MS;
  // A clock set before the epoch still lands inside the cycle (JavaScript's % keeps the sign).
  return offset < 0 ? offset + JACKPOT_CYCLE_MS : offset;
}

/** The counter's value at `nowMs`, in hundredths. */
export function jackpotValueMinor(nowMs: number): number {
  const steps = Math.floor(elapsedInCycle(nowMs) / JACKPOT_INTERVAL_MS);
  return JACKPOT_BASE_MINOR + steps * JACKPOT_STEP_MINOR;
}

/** Milliseconds until the next step, so that every visitor's counter ticks at the same instant. */
export function msUntilNextStep(nowMs: number): number {
  return JACKPOT_INTERVAL_MS - (elapsedInCycle(nowMs) % JACKPOT_INTERVAL_MS);
}

export type JackpotPart = { kind: 'digit'; digit: number } | { kind: 'symbol'; text: string };

/**
 * Splits a value in hundredths into what the rolling display draws: one column per digit, the separators
 * between them. Grouping and the decimal mark follow the language (Hindi groups in lakhs: 3,42,86,176.11);
 * digits stay Latin because each column rolls through 0–9.
 */
export function jackpotParts(valueMinor: number, locale: string): JackpotPart[] {
  const whole = Math.floor(valueMinor / 100);
  const fraction = valueMinor % 100;
  const format = new Intl.NumberFormat(locale, {
    numberingSystem: 'latn',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // Formatting x.5 (exactly representable) yields the locale's decimal mark without rounding concerns.
  const decimalMark = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const parts: JackpotPart[] = [];
  const pushDigits = (digits: string) => {
    for (const character of digits) parts.push({ kind: 'digit', digit: Number(character) });
  };
  for (const part of new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).formatToParts(whole)) {
    if (part.type === 'integer') pushDigits(part.value);
    else parts.push({ kind: 'symbol', text: part.value });
  }
  parts.push({ kind: 'symbol', text: decimalMark });
  pushDigits(String(fraction).padStart(2, '0'));
  return parts;
}

/** The same value as one string, for the accessible label. */
export function formatJackpot(valueMinor: number, locale: string): string {
  return jackpotParts(valueMinor, locale)
    .map((part) => (part.kind === 'digit' ? String(part.digit) : part.text))
    .join('');
}
