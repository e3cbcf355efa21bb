import { z } from 'zod';

/**
 * Control characters in user text (issue 14, finding 6). PostgreSQL refuses NUL (0x00) in `text` and
 * `\u0000` in `jsonb` outright, so a NUL that reaches a query is a 500; the other C0 controls and DEL are
 * stored, but no one types them, and they break logs, CSV exports and the screens that show the text.
 *
 * A lone UTF-16 surrogate (half of an emoji, `"\ud83d"` in JSON) is no character at all: PostgreSQL refuses
 * it in `jsonb` (22P02), and it cannot be stored as UTF-8. It is refused with the control characters.
 *
 * Two rules, each applied once:
 * - No text anywhere may carry a control character other than tab, line feed and carriage return: the
 *   server refuses it at the edge for every route (apps/server/src/plugins/input-text.ts).
 * - A single-line field (a name, a title, a search, an amount) may not carry those three either: its
 *   schema is built from `singleLineText()` below.
 */

/** C0 controls and DEL, except tab, line feed and carriage return: never valid in any text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Every C0 control and DEL: not valid in a single-line field. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const FORBIDDEN_IN_SINGLE_LINE = /[\u0000-\u001f\u007f]/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `value` holds a character no text may hold (a control but tab / LF / CR, DEL, a lone surrogate). */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_IN_TEXT.test(value) || LONE_SURROGATE.test(value);
}

/** Whether `value` is fit for a single-line field: no control character at all, no lone surrogate. */
export function isSingleLine(value: string): boolean {
  return !FORBIDDEN_IN_SINGLE_LINE.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * The issue code both rules report (`value.issues[].code` of an `invalid_request`), so a client tells
 * "remove the control characters" from other input errors.
 */
export const INVALID_CHARACTERS = 'invalid_characters';

/**
 * The code to report for a zod issue: the text rules' refinements are zod `custom` issues carrying
 * `invalid_characters` as their message, reported as that code (the one the server's input hook uses);
 * every other issue keeps its own code. Used wherever zod issues become `value.issues` of an error.
 */
export function issueCodeOf(issue: { code: string; message?: string | undefined }): string {
  return issue.code === 'custom' && issue.message === INVALID_CHARACTERS ? INVALID_CHARACTERS : issue.code;
}

/**
 * A string schema for single-line text: any printable text, no control characters. Chain the usual
 * checks after it (`singleLineText().trim().max(64)`); the check runs before `trim()`, so a pasted
 * trailing line break is refused rather than silently cut, as it would be in any other position.
 */
export function singleLineText() {
  return z.string().refine(isSingleLine, { message: INVALID_CHARACTERS });
}

/** A string schema for multi-line text (a message body, a reason): tab and line breaks allowed. */
export function multiLineText() {
  return z.string().refine((value) => !hasForbiddenCharacters(value), { message: INVALID_CHARACTERS });
}
