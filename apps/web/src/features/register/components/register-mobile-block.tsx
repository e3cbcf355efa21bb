import { Group, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SmsCodeButton } from '../../auth/components/sms-code-button.tsx';
import type { RegisterFormState } from '../hooks/use-register-form.ts';
import { MobileNumberInput } from './mobile-number-input.tsx';

type RegisterMobileBlockProps = Pick<
  RegisterFormState,
  'rule' | 'layout' | 'dialingCode' | 'setDialingCode' | 'sendSms'
> & { mobileMaxLength: number };

/** The number with its dialing code and, when the brand verifies it (REGMOBVERF3), the SMS code. */
export function RegisterMobileBlock({
  rule,
  layout,
  dialingCode,
  setDialingCode,
  sendSms,
  mobileMaxLength,
}: RegisterMobileBlockProps) {
  const { t } = useTranslation('register');
  const mobileRule = layout.mobile;
  if (!mobileRule) return null;
  const label = (key: string) => t(`fields.${key}`, { defaultValue: key });
  return (
    <Stack gap="sm">
      <Controller
        control={rule.form.control}
        name="mobileNum"
        render={({ field }) => (
          <MobileNumberInput
            dialingCode={dialingCode}
            onDialingCodeChange={setDialingCode}
            value={String(field.value ?? '')}
            onChange={(value) => {
              field.onChange(value);
              rule.recheck('mobileNum');
            }}
            onBlur={field.onBlur}
            error={rule.errorText(t, 'mobileNum')}
            label={label('mobileNum')}
            required={mobileRule.required}
            maxLength={Math.min(mobileRule.maxLength ?? mobileMaxLength, mobileMaxLength)}
            testId="register-field-mobileNum"
          />
        )}
      />
      {layout.verificationCode ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Controller
            control={rule.form.control}
            name="verificationCode"
            render={({ field }) => (
              <TextInput
                style={{ flex: 1 }}
                label={label('verificationCode')}
                required
                ref={field.ref}
                name={field.name}
                value={String(field.value ?? '')}
                onChange={(event) => {
                  field.onChange(event.currentTarget.value.trim());
                  rule.recheck('verificationCode');
                }}
                onBlur={field.onBlur}
                error={rule.errorText(t, 'verificationCode')}
                maxLength={layout.verificationCode?.maxLength ?? undefined}
                inputMode="numeric"
                autoComplete="one-time-code"
                data-testid="register-field-verificationCode"
              />
            )}
          />
          <SmsCodeButton send={sendSms} testId="register-sms-send" />
        </Group>
      ) : null}
    </Stack>
  );
}
