import { Group, Stack, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { MobileNumberInput } from '../../../components/forms/mobile-number-input.tsx';
import { SmsCodeButton } from '../../../components/forms/sms-code-button.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { loginErrorText, type SmsLoginInput, type SmsLoginValues } from '../utils/login-schema.ts';

type LoginMobileFieldsProps = {
  form: UseFormReturn<SmsLoginInput, unknown, SmsLoginValues>;
  mobileMax: number;
  sendCode: () => Promise<{ expiredMinutes: number } | null>;
};

/** The number (with its dialing code), the SMS code and its send button of the login form. */
export function LoginMobileFields({ form, mobileMax, sendCode }: LoginMobileFieldsProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const dialingCode = useWatch({ control: form.control, name: 'dialingCode' });
  return (
    <Stack gap="sm">
      <Controller
        control={form.control}
        name="mobile"
        render={({ field, fieldState }) => (
          <MobileNumberInput
            dialingCode={dialingCode}
            onDialingCodeChange={(code) => form.setValue('dialingCode', code)}
            value={field.value}
            onChange={field.onChange}
            error={loginErrorText(t, fieldState.error?.message)}
            label={t('login.mobile')}
            required
            maxLength={mobileMax}
            testId="login-mobile"
          />
        )}
      />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Controller
          control={form.control}
          name="code"
          render={({ field, fieldState }) => (
            <TextInput
              style={{ flex: 1 }}
              label={t('login.code')}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value.replace(/[^0-9]/g, ''))}
              error={loginErrorText(t, fieldState.error?.message)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              data-testid="login-code"
            />
          )}
        />
        <Stack gap={0} pt={25}>
          <SmsCodeButton send={sendCode} testId="login-send-code" />
        </Stack>
      </Group>
    </Stack>
  );
}
