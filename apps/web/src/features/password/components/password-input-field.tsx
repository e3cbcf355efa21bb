import type { RegistrationFieldRule } from '@lotus/shared/system.schema';
import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, fieldErrorText } from '../../../lib/forms/field-error.ts';

type PasswordInputFieldProps = {
  name: string;
  label: string;
  rule: RegistrationFieldRule;
  form: {
    values: Record<string, string>;
    errors: FieldErrors;
    setValue: (key: string, value: string) => void;
    blur: (key: string) => void;
  };
  autoComplete: 'new-password' | 'current-password';
  testId: string;
};

/** A password input bound to a rule-checked form, its message from the shared validation texts. */
export function PasswordInputField({
  name,
  label,
  rule,
  form,
  autoComplete,
  testId,
}: PasswordInputFieldProps) {
  const { t } = useTranslation('password');
  return (
    <PasswordInput
      label={label}
      required
      value={form.values[name] ?? ''}
      onChange={(event) => form.setValue(name, event.currentTarget.value)}
      onBlur={() => form.blur(name)}
      error={fieldErrorText(t, form.errors[name]) || undefined}
      maxLength={rule.maxLength ?? undefined}
      autoComplete={autoComplete}
      data-testid={testId}
    />
  );
}
