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
  const name = `${t(`lottery:betTypes.${line.betType}`, { defaultValue: line.betType })} ${line.selection}`;
  return `${text} (${t('lottery:slip.lineOf', { line: name })})`;
}
