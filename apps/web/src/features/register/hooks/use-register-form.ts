import type { RegisterSetting } from '@lotus/shared/system.schema';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { apiSend } from '../../../lib/api-client.ts';
import { normaliseDialingCode } from '../../../lib/forms/dialing-codes.ts';
import { fieldOfError } from '../../../lib/forms/field-checks.ts';
import { fieldErrorOfApi } from '../../../lib/forms/field-error.ts';
import { ruleFormResolver } from '../../../lib/forms/rule-form-schema.ts';
import { useHumanCheck } from '../../../lib/forms/use-human-check.ts';
import { useRuleForm } from '../../../lib/forms/use-rule-form.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useCompleteLogin } from '../../../lib/session/use-session.ts';
import { registerMember } from '../api/register-api.ts';
import {
  affiliateCodeFromSearch,
  fieldValuesToSend,
  formLayout,
  layoutRules,
  type RegisterMode,
} from '../utils/register-fields.ts';
import { emptyRegisterValues, type RegisterValues, registerSchema } from '../utils/register-schema.ts';
import { useAffiliate } from './use-affiliate.ts';

/** Fields drawn outside the brand's field list, present in the form's values whatever the layout. */
const SPECIAL_KEYS = ['mobileNum', 'verificationCode', 'captcha', 'affiliateCode'];

/**
 * The register form's state and calls (SPEC §4 "Registration"): the tab, the layout the brand's rules give
 * it, the affiliate code of the URL, the SMS code, the captcha's refresh, the human check, the sealed
 * register call and the login that follows; server refusals land on the field they concern.
 */
export function useRegisterForm({
  setting,
  modes,
  affiliateCode,
}: {
  setting: RegisterSetting;
  modes: RegisterMode[];
  affiliateCode: string | undefined;
}) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const humanCheck = useHumanCheck();
  const completeLogin = useCompleteLogin();
  const affiliate = useAffiliate(affiliateCode?.trim() || affiliateCodeFromSearch(location.search));

  const [mode, setMode] = useState<RegisterMode>(modes[0] ?? 'username');
  const [dialingCode, setDialingCode] = useState(() =>
    normaliseDialingCode(setting.defaultCountryDialingCode),
  );
  const [captchaKey, setCaptchaKey] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  const layout = useMemo(() => formLayout(setting, mode, affiliate), [setting, mode, affiliate]);
  const rules = useMemo(() => layoutRules(layout), [layout]);
  const resolver = useMemo(() => ruleFormResolver<RegisterValues>(registerSchema(layout)), [layout]);
  const empty = useMemo(
    () => emptyRegisterValues([...setting.fields.map((rule) => rule.key), ...SPECIAL_KEYS]),
    [setting],
  );
  const rule = useRuleForm<RegisterValues>({ resolver, defaultValues: empty });
  const { form, setFieldError } = rule;

  // An invalid URL code is put in the field it shows, with the reason, so the player sees what to fix.
  useEffect(() => {
    if (affiliate.status !== 'invalid') return;
    if (form.getValues('affiliateCode') === '') form.setValue('affiliateCode', affiliate.code);
    setFieldError('affiliateCode', { kind: 'code', code: 'invitation_code_error' });
  }, [affiliate, form, setFieldError]);

  // A friend's invitation link (`/register?referralCode=…`, issue 19) fills the referral code field.
  useEffect(() => {
    const code = new URLSearchParams(location.search).get('referralCode')?.trim();
    if (code && form.getValues('referralCode') === '') form.setValue('referralCode', code);
  }, [location.search, form]);

  const reset = () => {
    form.reset(empty);
    setFailure(null);
  };

  const switchMode = (next: RegisterMode) => {
    setMode(next);
    form.clearErrors();
    setFailure(null);
  };

  /** Sends the SMS code once the number passes its rule; null (nothing sent) when the form shows why not. */
  const sendSms = async () => {
    if (!layout.mobile || !(await form.trigger('mobileNum'))) return null;
    const humanVerification = await humanCheck();
    return apiSend<{ expiredMinutes: number }>('POST', '/wps/verification/sms/register', {
      countryDialingCode: dialingCode,
      mobileNo: form.getValues('mobileNum'),
      registerType: mode,
      humanVerification,
    });
  };

  const send = async (values: RegisterValues) => {
    if (submitting) return;
    setSubmitting(true);
    try {
      const humanVerification = await humanCheck();
      const result = await registerMember(mode, {
        ...fieldValuesToSend(layout, values, affiliate),
        ...(layout.mobile ? { countryDialingCode: dialingCode } : {}),
        agreeTerms: true,
        confirmAge: true,
        humanVerification,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        language: toBrandLanguage(i18n.language),
      });
      await completeLogin(result, { method: 'register' });
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'unknown_error';
      const value =
        error instanceof Error && 'value' in error ? (error.value as Record<string, unknown>) : null;
      let field = fieldOfError(code, value);
      // The server names no field for a bad invitation: the affiliate code when the player typed one,
      // else the referral code (a checked URL code was already accepted by the affiliate check).
      if (code === 'invitation_code_error' && !value?.field) {
        field = layout.affiliateCode && values.affiliateCode ? 'affiliateCode' : 'referralCode';
      }
      if (field !== null && (rules.has(field) || field === 'agreeTerms' || field === 'confirmAge')) {
        setFieldError(field, fieldErrorOfApi(error));
      } else {
        setFailure({ error });
      }
      // SPEC §8 "Failed registration refreshes captcha": the server burnt it with this attempt.
      if (layout.captcha) setCaptchaKey((key) => key + 1);
    } finally {
      setSubmitting(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFailure(null);
    void form.handleSubmit(send)(event);
  };

  return {
    rule,
    mode,
    switchMode,
    layout,
    affiliate,
    dialingCode,
    setDialingCode,
    captchaKey,
    submitting,
    failure,
    sendSms,
    submit,
    reset,
  };
}

export type RegisterFormState = ReturnType<typeof useRegisterForm>;
