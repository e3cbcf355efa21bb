import { ApiError } from '../../../lib/api-client.ts';
import type { TFunction } from '../../../lib/i18n.ts';

type Line = { betType: string; selection: string };

/** Which line a refusal names: `{ lineNo }` (1-based) or `{ betType, selection }` in its details. */
function namedLine(error: ApiError, lines: readonly Line[]): Line | null {
  const value = error.value ?? {};
  const lineNo = Number(value.lineNo ?? value.line);
  if (Number.isInteger(lineNo) && lineNo >= 1 && lineNo <= lines.length) return lines[lineNo - 1] ?? null;
  if (typeof value.betType === 'string' && typeof value.selection === 'string') {
    return { betType: value.betType, selection: value.selection };
  }
  return null;
}

/**
 * The bet slip's text for a failed placement: the error code's own text (lottery_draw_closed,
 * insufficient_funds, limit_reached, …), and for a refusal about one line (liability, an invalid bet, a
 * stake out of range) which line it is.
 */
export function slipErrorText(t: TFunction, error: unknown, lines: readonly Line[]): string {
  if (!(error instanceof ApiError)) return t('errors:unknown_error');
  const text = t(`errors:${error.code}`);
  const line = namedLine(error, lines);
  if (!line) return text;
  return `${text} (${t('lottery:slip.lineOf', { line: lineText(t, line) })})`;
}

/** A canonical selection in words: 'p3:big' → 'Position 3 Big'; numbers stay as they are. */
export function selectionText(t: TFunction, selection: string): string {
  const [head, rest] = selection.includes(':') ? selection.split(':', 2) : [null, selection];
  const value = /^[0-9-]+$/.test(rest ?? '')
    ? (rest ?? '')
    : t(`lottery:choices.${rest}`, { defaultValue: rest });
  return head ? `${t('lottery:bet.position', { n: head.slice(1) })} ${value}` : value;
}

/** A line in words: its bet type's name and its selection. */
export function lineText(t: TFunction, line: Line): string {
  return `${t(`lottery:betTypes.${line.betType}`, { defaultValue: line.betType })} ${selectionText(t, line.selection)}`;
}
