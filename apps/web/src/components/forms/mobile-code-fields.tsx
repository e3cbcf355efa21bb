import { Group, Stack, TextInput } from '@mantine/core';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import type { RuleForm } from '../../lib/forms/use-rule-form.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { MobileNumberInput } from './mobile-number-input.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';

type MobileCodeFieldsProps<Values extends FieldValues> = {
  rule: RuleForm<Values>;
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
  /** The number (form key `mobileNum`). */
  mobile: { label: string; required: boolean; maxLength: number; testId: string };
  /** The SMS code (form key `verificationCode`) and its send button; null when the form asks for none. */
  code: { label: string; maxLength: number | undefined; testId: string; sendTestId: string } | null;
  send: () => Promise<{ expiredMinutes: number } | null>;
};

/**
 * The number with its dialing code and the SMS code with its send button, bound to a rule-checked form
 * (registration, forgot password by mobile). The code is trimmed as it is typed.
 */
export function MobileCodeFields<Values extends FieldValues>({
  rule,
  dialingCode,
  onDialingCodeChange,
  mobile,
  code,
  send,
}: MobileCodeFieldsProps<Values>) {
  const { t } = useTranslation('register');
  return (
    <Stack gap="sm">
      <Controller
        control={rule.form.control}
        name={'mobileNum' as Path<Values>}
        render={({ field }) => (
          <MobileNumberInput
            dialingCode={dialingCode}
            onDialingCodeChange={onDialingCodeChange}
            value={String(field.value ?? '')}
            onChange={(value) => {
              field.onChange(value);
              rule.recheck('mobileNum');
            }}
            onBlur={field.onBlur}
            error={rule.errorText(t, 'mobileNum')}
            label={mobile.label}
            required={mobile.required}
            maxLength={mobile.maxLength}
            testId={mobile.testId}
          />
        )}
      />
      {code ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Controller
            control={rule.form.control}
            name={'verificationCode' as Path<Values>}
            render={({ field }) => (
              <TextInput
                style={{ flex: 1 }}
                label={code.label}
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
                maxLength={code.maxLength}
                inputMode="numeric"
                autoComplete="one-time-code"
                data-testid={code.testId}
              />
            )}
          />
          <SmsCodeButton send={send} testId={code.sendTestId} />
        </Group>
      ) : null}
    </Stack>
  );
}
