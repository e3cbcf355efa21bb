import type { FieldCheck } from '@lotus/shared/registration-rules';
import { ApiError } from '../api-client.ts';
import type { TFunction } from '../i18n.ts';
import { type FieldRuleText, fieldInvalidDetails, fieldMessage } from './validation.ts';

/**
 * A problem shown under one input. Kept as data, not text, so a language switch re-translates what is
 * already on screen.
 */
export type FieldError =
  | { kind: 'check'; rule: FieldRuleText; check: Exclude<FieldCheck, 'ok'> }
  | { kind: 'mismatch' }
  /** A server answer about this field: an ErrorCode of the `errors` namespace. */
  | { kind: 'code'; code: string };

export type FieldErrors = Record<string, FieldError | undefined>;

/**
 * A FieldError as a react-hook-form message (a form keeps one string per field): JSON of the data, so the
 * text is still chosen at render time in the language on show.
 */
export function fieldErrorMessage(error: FieldError): string {
  if (error.kind !== 'check') return JSON.stringify(error);
  const { patternId, minLength, maxLength } = error.rule;
  return JSON.stringify({ kind: 'check', check: error.check, rule: { patternId, minLength, maxLength } });
}

/** The FieldError a form message carries (see fieldErrorMessage); undefined for none. */
export function fieldErrorOfMessage(message: string | undefined): FieldError | undefined {
  if (!message) return undefined;
  try {
    return JSON.parse(message) as FieldError;
  } catch {
    return { kind: 'code', code: 'field_invalid' };
  }
}

export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | null {
  if (!error) return null;
  if (error.kind === 'mismatch') return t('errors:password_mismatch');
  if (error.kind === 'code') return t(`errors:${error.code}`);
  return fieldMessage(t, error.rule, error.check);
}

/** A failed call's error as a field error: the rule message for `field_invalid`, else its code's text. */
export function fieldErrorOfApi(error: unknown): FieldError {
  const details = fieldInvalidDetails(error);
  if (details && details.check !== 'ok') return { kind: 'check', rule: details, check: details.check };
  if (error instanceof ApiError) return { kind: 'code', code: error.code };
  return { kind: 'code', code: 'unknown_error' };
}
