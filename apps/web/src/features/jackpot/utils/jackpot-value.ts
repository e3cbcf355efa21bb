/**
 * The home jackpot counter's figures (SPEC §2; issue 19: the real pot of the brand's jackpot, docs/jackpot.md).
 * Values are minor units (hundredths) as numbers: exact for any pot below 2^53.
 */

/** Steps of one roll towards a new pot, and the time between them (the digit columns' transition). */
export const ROLL_STEPS = 4;
export const ROLL_STEP_MS = 750;

/** The figure after `step` of ROLL_STEPS steps from `from` to `to` (the last step lands on `to`). */
export function rolledValue(from: number, to: number, step: number): number {
  if (step >= ROLL_STEPS) return to;
  return from + Math.floor(((to - from) * step) / ROLL_STEPS);
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
