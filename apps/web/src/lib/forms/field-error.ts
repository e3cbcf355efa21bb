import type { FieldCheck } from '@lotus/shared/registration-rules';
import type { TFunction } from 'i18next';
import { ApiError } from '../api-client.ts';
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
