import type { RegistrationFieldRule } from '@lotus/shared/system.schema';
import { useCallback, useState } from 'react';
import type { FieldError, FieldErrors } from '../../../lib/forms/field-error.ts';
import { checkPasswordForm, hasErrors } from '../utils/password-rules.ts';

/**
 * State of a small rule-checked form (the password forms): values, per-field errors shown on blur and on
 * submit, re-checked while typing once shown.
 */
export function useFieldForm(rules: Record<string, RegistrationFieldRule>) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});

  const checkOne = useCallback(
    (key: string, next: Record<string, string>): FieldError | undefined => {
      const rule = rules[key];
      if (!rule) return undefined;
      return checkPasswordForm({ [key]: rule }, next)[key];
    },
    [rules],
  );

  const setValue = (key: string, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    const recheck: FieldErrors = {};
    if (errors[key] && value !== '') recheck[key] = checkOne(key, next);
    if (key === 'newPassword' && errors.confirmPassword && next.confirmPassword) {
      recheck.confirmPassword = checkOne('confirmPassword', next);
    }
    if (Object.keys(recheck).length > 0) setErrors((current) => ({ ...current, ...recheck }));
  };

  const blur = (key: string) => setErrors((current) => ({ ...current, [key]: checkOne(key, values) }));

  /** Checks every field; true when the form may be sent. */
  const validate = (): boolean => {
    const all = checkPasswordForm(rules, values);
    setErrors(all);
    return !hasErrors(all);
  };

  const setError = (key: string, error: FieldError | undefined) =>
    setErrors((current) => ({ ...current, [key]: error }));

  const reset = () => {
    setValues({});
    setErrors({});
  };

  return { values, errors, setValue, blur, validate, setError, reset };
}
