import type { RegisterSetting } from '@lotus/shared/system.schema';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { MobileCodeFields } from '../../../components/forms/mobile-code-fields.tsx';
import { normaliseDialingCode } from '../../../lib/forms/dialing-codes.ts';
import { useHumanCheck } from '../../../lib/forms/use-human-check.ts';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useCompleteLogin } from '../../../lib/session/use-session.ts';
import { resetPasswordWithSms, sendResetSms } from '../api/password-api.ts';
import { usePasswordForm } from '../hooks/use-password-form.ts';
import { CONFIRM_RULE, requiredRule } from '../utils/password-rules.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/**
 * Forgot password by mobile (SPEC §4): the number, an SMS code sent to it after the human check, the new
 * password by the brand's rule and its confirmation; success logs the player in.
 */
export function ForgotByMobile({ setting }: { setting: RegisterSetting | undefined }) {
  const { t } = useTranslation('password');
  const humanCheck = useHumanCheck();
  const completeLogin = useCompleteLogin();
  const maxLength = setting?.mobileMaxLength ?? 11;
  const rules = useMemo(
    () => ({
      mobileNum: requiredRule(setting, 'mobileNum'),
      verificationCode: { ...requiredRule(setting, 'verificationCode'), minLength: null },
      newPassword: requiredRule(setting, 'password'),
      confirmPassword: CONFIRM_RULE,
    }),
    [setting],
  );
  const form = usePasswordForm(rules);
  const [dialingCode, setDialingCode] = useState(() =>
    normaliseDialingCode(setting?.defaultCountryDialingCode),
  );

  /** The number must pass its rule before a code is asked for; the form shows why when it does not. */
  const sendCode = async () => {
    if (!(await form.form.trigger('mobileNum'))) return null;
    const humanVerification = await humanCheck();
    return sendResetSms({
      countryDialingCode: dialingCode,
      mobileNum: form.form.getValues('mobileNum') ?? '',
      humanVerification,
    });
  };

  const submit = form.onSubmit(async (values) => {
    const result = await resetPasswordWithSms({
      countryDialingCode: dialingCode,
      mobileNum: values.mobileNum ?? '',
      verificationCode: (values.verificationCode ?? '').trim(),
      newPassword: values.newPassword ?? '',
      confirmNewPassword: values.confirmPassword ?? '',
    });
    await completeLogin(result, { method: 'reset' });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="forgot-mobile-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('forgot.mobileHint')}
        </Text>
        <MobileCodeFields
          rule={form}
          dialingCode={dialingCode}
          onDialingCodeChange={setDialingCode}
          mobile={{ label: t('forgot.mobileNum'), required: true, maxLength, testId: 'forgot-mobile' }}
          code={{
            label: t('forgot.verificationCode'),
            maxLength: rules.verificationCode.maxLength ?? undefined,
            testId: 'forgot-code',
            sendTestId: 'forgot-sms-send',
          }}
          send={sendCode}
        />
        <NewPasswordFields section="forgot" rule={rules.newPassword} form={form} />
        {form.failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="forgot-error">
            {messageForApiError(t, form.failure.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={form.sending} data-testid="forgot-mobile-submit">
          {t('forgot.submit')}
        </Button>
      </Stack>
    </form>
  );
}
