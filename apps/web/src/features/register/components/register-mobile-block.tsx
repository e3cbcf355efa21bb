import { MobileCodeFields } from '../../../components/forms/mobile-code-fields.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { RegisterFormState } from '../hooks/use-register-form.ts';

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
    <MobileCodeFields
      rule={rule}
      dialingCode={dialingCode}
      onDialingCodeChange={setDialingCode}
      mobile={{
        label: label('mobileNum'),
        required: mobileRule.required,
        maxLength: Math.min(mobileRule.maxLength ?? mobileMaxLength, mobileMaxLength),
        testId: 'register-field-mobileNum',
      }}
      code={
        layout.verificationCode
          ? {
              label: label('verificationCode'),
              maxLength: layout.verificationCode.maxLength ?? undefined,
              testId: 'register-field-verificationCode',
              sendTestId: 'register-sms-send',
            }
          : null
      }
      send={sendSms}
    />
  );
}
