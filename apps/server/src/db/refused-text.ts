/**
 * Whether PostgreSQL refused a text value the client sent: `22021` (character_not_in_repertoire: a NUL in
 * `text`, bytes that are not UTF-8) or `22P05` (untranslatable_character: `\u0000` in `jsonb`). The input
 * hook (plugins/input-text.ts) refuses these characters before any query; this is the last line of
 * defence for a path it does not see, so that such input is still the client's 400 and not a 500. The
 * error handler logs it as a warning: it means an input path escaped the edge check.
 */

const REFUSED_TEXT_SQLSTATES = new Set(['22021', '22P05']);

export function isRefusedText(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && REFUSED_TEXT_SQLSTATES.has(code)) return true;
    current = cause;
  }
  return false;
}
