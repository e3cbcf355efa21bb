/**
 * Numbers as the lottery writes them (zero-padded digits). Apart from common.ts, with no import, so the
 * pages that only show results (display.ts) load these lines and not the draw maths.
 */

export function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** A string of exactly `width` decimal digits. */
export function isDigits(text: string, width: number): boolean {
  return text.length === width && /^[0-9]+$/.test(text);
}
