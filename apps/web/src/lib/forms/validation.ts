import type { FieldCheck } from '@lotus/shared/registration-rules';
import { ApiError } from '../api-client.ts';
import type { TFunction } from '../i18n.ts';

/**
 * Texts for field checks (SPEC §5). The browser runs `checkFieldValue` before sending and the server answers
 * `400 field_invalid` with the same `{ check, patternId, minLength, maxLength }`
 * (docs/accounts-contract.md "Conventions"), so both paths end in `fieldMessage` and show the same words.
 * Type-only imports: zod and the rule catalogue stay out of the first bundle.
 */

/** The parts of a registration field rule the message needs. */
export type FieldRuleText = {
  patternId: number | null;
  minLength: number | null;
  maxLength: number | null;
};

/** Length bounds as the texts want them: `{{min}}`/`{{max}}`, and which phrasing fits. */
function lengthShape(rule: FieldRuleText): {
  variant: 'range' | 'exact' | 'free';
  min: number;
  max: number;
} {
  const { minLength, maxLength } = rule;
  if (minLength === null && maxLength === null) return { variant: 'free', min: 0, max: 0 };
  if (minLength !== null && minLength === maxLength) {
    return { variant: 'exact', min: minLength, max: maxLength };
  }
  // One bound missing: a range from 1 (or up to "many") still reads naturally and stays truthful.
  return { variant: 'range', min: minLength ?? 1, max: maxLength ?? 255 };
}

/** `reg_pattern_<id>` with its length bounds: `_exact` when min = max, `_free` when there are none. */
export function patternMessage(t: TFunction, rule: FieldRuleText & { patternId: number }): string {
  const { variant, min, max } = lengthShape(rule);
  const suffix = variant === 'range' ? '' : `_${variant}`;
  return t(`validation:reg_pattern_${rule.patternId}${suffix}`, { min, max });
}

/**
 * The message for one `checkFieldValue` result, or null for 'ok'. A rule with a pattern explains the whole
 * rule (pattern and length) for length failures too, so the player learns everything at once.
 */
export function fieldMessage(t: TFunction, rule: FieldRuleText, check: FieldCheck): string | null {
  if (check === 'ok') return null;
  if (check === 'required') return t('validation:required');
  const { patternId } = rule;
  if (patternId !== null && patternId >= 0 && patternId <= 23) {
    return patternMessage(t, { ...rule, patternId });
  }
  const { variant, min, max } = lengthShape(rule);
  if (check === 'pattern') return t('errors:field_invalid');
  if (variant === 'exact') return t('validation:length_exact', { min });
  if (check === 'too_short') return t('validation:too_short', { min });
  return t('validation:too_long', { max });
}

const FIELD_CHECKS: readonly FieldCheck[] = ['required', 'too_short', 'too_long', 'pattern'];

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** The `field_invalid` details of an API error, when it carries them. */
export function fieldInvalidDetails(
  error: unknown,
): (FieldRuleText & { field: string; check: FieldCheck }) | null {
  if (!(error instanceof ApiError) || error.code !== 'field_invalid' || error.value === null) return null;
  const { field, check } = error.value;
  if (typeof field !== 'string' || !FIELD_CHECKS.includes(check as FieldCheck)) return null;
  return {
    field,
    check: check as FieldCheck,
    patternId: numberOrNull(error.value.patternId),
    minLength: numberOrNull(error.value.minLength),
    maxLength: numberOrNull(error.value.maxLength),
  };
}

/**
 * The text for any failed call: the `errors` namespace by code (ApiError codes are ErrorCodes,
 * `network_error` or `unknown_error`); `field_invalid` with details becomes that field's rule message.
 */
export function messageForApiError(t: TFunction, error: unknown): string {
  const field = fieldInvalidDetails(error);
  if (field) return fieldMessage(t, field, field.check) ?? t('errors:field_invalid');
  if (error instanceof ApiError) return t(`errors:${error.code}`);
  return t('errors:unknown_error');
}

/** Whether a failed login asks for a captcha (`value: { captcha: true }`, docs/accounts-contract.md). */
export function errorWantsCaptcha(error: unknown): boolean {
  return error instanceof ApiError && error.value?.captcha === true;
}
