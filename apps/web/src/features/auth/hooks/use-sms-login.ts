import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useHumanCheck } from '../../../lib/forms/use-human-check.ts';
import { registerSettingQueryOptions } from '../../../lib/system/get-register-setting.ts';
import { loginWithSms, sendLoginSms } from '../api/login-api.ts';
import { type SmsLoginInput, type SmsLoginValues, smsLoginSchema } from '../utils/login-schema.ts';
import type { LoginFlow } from './use-login-flow.ts';

const DEFAULT_MOBILE_MAX = 11;

/**
 * SMS login: the number (its maximum length from the brand's registration settings), a code sent to it
 * after the human check (the countdown lives in SmsCodeButton), then the sealed login.
 */
export function useSmsLogin(
  flow: LoginFlow,
  { enabled, dialingCode }: { enabled: boolean; dialingCode: string },
) {
  const humanCheck = useHumanCheck();
  const settings = useQuery({ ...registerSettingQueryOptions(), enabled });
  const mobileMax = settings.data?.mobileMaxLength ?? DEFAULT_MOBILE_MAX;
  const schema = useMemo(() => smsLoginSchema(mobileMax), [mobileMax]);
  const form = useForm<SmsLoginInput, unknown, SmsLoginValues>({
    defaultValues: { dialingCode, mobile: '', code: '' },
    resolver: zodResolver(schema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  /** Sends a code once the number passes its rule; null (nothing sent) when the form shows why not. */
  const sendCode = async () => {
    if (!(await form.trigger('mobile'))) return null;
    const humanVerification = await humanCheck();
    const { dialingCode: countryDialingCode, mobile } = form.getValues();
    return sendLoginSms({ countryDialingCode, mobileNum: mobile, humanVerification });
  };

  const submit = form.handleSubmit(({ dialingCode: countryDialingCode, mobile, code }) =>
    flow.run(async (to) => {
      const login = { countryDialingCode, mobileNum: mobile, verificationCode: code };
      try {
        to('submitting');
        await flow.finish(await loginWithSms({ ...login, remember: flow.remember }), 'sms');
      } catch (error) {
        // No reopen request from here: the login spent the SMS code, and a reopen needs fresh proof
        // (ExclusionRefusal then points to the username and password login).
        flow.fail(error, 'sms');
      }
    }),
  );

  return { form, submit, sendCode, mobileMax };
}
