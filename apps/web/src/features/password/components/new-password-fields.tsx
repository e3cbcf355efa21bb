import type { RegistrationFieldRule } from '@lotus/shared/system.schema';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { CONFIRM_RULE } from '../utils/password-rules.ts';
import { PasswordInputField } from './password-input-field.tsx';

type NewPasswordFieldsProps = {
  /**
   * The form's section: labels `<section>.newPassword` / `<section>.confirmPassword`, test ids
   * `<section>-new-password` / `<section>-confirm-password`.
   */
  section: 'change' | 'forgot' | 'reset';
  /** The brand's password rule for the new password (its length limit shows on the input). */
  rule: RegistrationFieldRule;
  form: Parameters<typeof PasswordInputField>[0]['form'];
};

/** The new password and its confirmation (form keys newPassword, confirmPassword), as every password form asks. */
export function NewPasswordFields({ section, rule, form }: NewPasswordFieldsProps) {
  const { t } = useTranslation('password');
  return (
    <>
      <PasswordInputField
        name="newPassword"
        label={t(`${section}.newPassword`)}
        rule={rule}
        form={form}
        autoComplete="new-password"
        testId={`${section}-new-password`}
      />
      <PasswordInputField
        name="confirmPassword"
        label={t(`${section}.confirmPassword`)}
        rule={CONFIRM_RULE}
        form={form}
        autoComplete="new-password"
        testId={`${section}-confirm-password`}
      />
    </>
  );
}
