import type { RegistrationFieldRule } from '@lotus/shared/system.schema';
import { PasswordInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { PasswordForm } from '../hooks/use-password-form.ts';

type PasswordInputFieldProps = {
  name: string;
  label: string;
  rule: RegistrationFieldRule;
  form: Pick<PasswordForm, 'field' | 'errorText'>;
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
      {...form.field(name)}
      error={form.errorText(t, name)}
      maxLength={rule.maxLength ?? undefined}
      autoComplete={autoComplete}
      data-testid={testId}
    />
  );
}
