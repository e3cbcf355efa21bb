import type { RegisterSetting, RegistrationFieldRule } from '@lotus/shared/system.schema';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Divider,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CaptchaField } from '../../../components/forms/captcha-field.tsx';
import { MobileNumberInput } from '../../../components/forms/mobile-number-input.tsx';
import { SmsCodeButton } from '../../../components/forms/sms-code-button.tsx';
import { apiSend } from '../../../lib/api-client.ts';
import { normaliseDialingCode } from '../../../lib/forms/dialing-codes.ts';
import { checkField, fieldOfError } from '../../../lib/forms/field-checks.ts';
import {
  type FieldError,
  type FieldErrors,
  fieldErrorOfApi,
  fieldErrorText,
} from '../../../lib/forms/field-error.ts';
import { useHumanCheck } from '../../../lib/forms/use-human-check.ts';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { toBrandLanguage } from '../../../lib/i18n.ts';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useCompleteLogin } from '../../../lib/session/use-session.ts';
import { checkAffiliateCode, registerMember } from '../api/register-api.ts';
import {
  type AffiliateState,
  affiliateCodeFromSearch,
  checkForm,
  type FormLayout,
  fieldValuesToSend,
  formLayout,
  layoutRules,
  type RegisterMode,
} from '../utils/register-fields.ts';
import { OneClickButton } from './one-click-button.tsx';

type RegisterFormProps = {
  setting: RegisterSetting;
  /** The tabs the brand offers, the default first. */
  modes: RegisterMode[];
  /** From the caller (a register link opened the modal) or, when absent, the page's URL. */
  affiliateCode: string | undefined;
  /** Leaves the form, e.g. for the login modal. */
  onClose: () => void;
};

const AUTOCOMPLETE: Record<string, string> = {
  username: 'username',
  password: 'new-password',
  confirmPassword: 'new-password',
  paymentPassword: 'off',
  email: 'email',
  payeeName: 'name',
  fullName: 'name',
  nickname: 'nickname',
  birthday: 'bday',
  address: 'street-address',
};

function inputType(rule: RegistrationFieldRule): 'text' | 'email' | 'tel' | 'date' {
  if (rule.type === 'email' || rule.type === 'tel' || rule.type === 'date') return rule.type;
  return 'text';
}

/** Checks the URL's affiliate code once (SPEC §4 "check the affiliate code"). */
function useAffiliate(code: string | null): AffiliateState {
  const [state, setState] = useState<AffiliateState>(
    code === null ? { status: 'none' } : { status: 'checking', code },
  );
  useEffect(() => {
    if (code === null) {
      setState({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'checking', code });
    checkAffiliateCode(code, controller.signal).then(
      (result) => setState({ status: 'valid', code, agentNickname: result.agentNickname }),
      () => {
        // Any failure (invitation_code_error, or the check could not run) shows the field, so the player
        // can correct the code or register without one.
        if (!controller.signal.aborted) setState({ status: 'invalid', code });
      },
    );
    return () => controller.abort();
  }, [code]);
  return state;
}

/**
 * SPEC §4 "Registration": username or mobile tab, every enabled field of the brand's rules in their order,
 * checked on blur and on submit with the same `checkFieldValue` the server runs; SMS code, captcha,
 * affiliate code, terms and age; a human check; the sealed register call; then the player is logged in.
 */
export function RegisterForm({ setting, modes, affiliateCode, onClose }: RegisterFormProps) {
  const { t, i18n } = useTranslation('register');
  const location = useLocation();
  const humanCheck = useHumanCheck();
  const completeLogin = useCompleteLogin();

  const urlCode = affiliateCode?.trim() || affiliateCodeFromSearch(location.search);
  const affiliate = useAffiliate(urlCode);

  const [mode, setMode] = useState<RegisterMode>(modes[0] ?? 'username');
  const [values, setValues] = useState<Record<string, string>>({});
  const [dialingCode, setDialingCode] = useState(() =>
    normaliseDialingCode(setting.defaultCountryDialingCode),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [confirmAge, setConfirmAge] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const layout: FormLayout = useMemo(() => formLayout(setting, mode, affiliate), [setting, mode, affiliate]);
  const rules = useMemo(() => layoutRules(layout), [layout]);

  // An invalid URL code is put in the field it shows, with the reason, so the player sees what to fix.
  useEffect(() => {
    if (affiliate.status !== 'invalid') return;
    setValues((current) =>
      current.affiliateCode === undefined ? { ...current, affiliateCode: affiliate.code } : current,
    );
    setErrors((current) => ({ ...current, affiliateCode: { kind: 'code', code: 'invitation_code_error' } }));
  }, [affiliate]);

  const problemOf = useCallback(
    (key: string, nextValues: Record<string, string>): FieldError | undefined => {
      const rule = rules.get(key);
      if (!rule) return undefined;
      const problem = checkField(key, rule, nextValues);
      if (problem === null) return undefined;
      if (problem === 'mismatch') return { kind: 'mismatch' };
      return { kind: 'check', rule, check: problem };
    },
    [rules],
  );

  const setValue = (key: string, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // Once a field shows a problem, it is re-checked as the player types so the message goes when fixed.
    if (errors[key] && value !== '') setErrors((current) => ({ ...current, [key]: problemOf(key, next) }));
    if (key === 'password' && errors.confirmPassword && next.confirmPassword) {
      setErrors((current) => ({ ...current, confirmPassword: problemOf('confirmPassword', next) }));
    }
  };

  const blur = (key: string) => setErrors((current) => ({ ...current, [key]: problemOf(key, values) }));

  const reset = () => {
    setValues({});
    setErrors({});
    setAgreeTerms(false);
    setConfirmAge(false);
    setFormError(null);
  };

  const switchMode = (next: RegisterMode) => {
    setMode(next);
    setErrors({});
    setFormError(null);
  };

  const sendSms = async () => {
    const mobileRule = layout.mobile;
    if (!mobileRule) return null;
    const problem = problemOf('mobileNum', values);
    if (problem) {
      setErrors((current) => ({ ...current, mobileNum: problem }));
      return null;
    }
    const humanVerification = await humanCheck();
    return apiSend<{ expiredMinutes: number }>('POST', '/wps/verification/sms/register', {
      countryDialingCode: dialingCode,
      mobileNo: values.mobileNum ?? '',
      registerType: mode,
      humanVerification,
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    const problems = checkForm(layout, values);
    const nextErrors: FieldErrors = {};
    for (const [key, problem] of problems) {
      nextErrors[key] =
        problem === 'mismatch'
          ? { kind: 'mismatch' }
          : { kind: 'check', rule: rules.get(key) as RegistrationFieldRule, check: problem };
    }
    if (!agreeTerms) nextErrors.agreeTerms = { kind: 'code', code: 'agreement_required' };
    if (!confirmAge) nextErrors.confirmAge = { kind: 'code', code: 'birthday_limit' };
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;

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
      const target = field;
      if (target !== null && (rules.has(target) || target === 'agreeTerms' || target === 'confirmAge')) {
        setErrors((current) => ({ ...current, [target]: fieldErrorOfApi(error) }));
      } else {
        setFormError(messageForApiError(t, error));
      }
      // SPEC §8 "Failed registration refreshes captcha": the server burnt it with this attempt.
      if (layout.captcha) setCaptchaKey((key) => key + 1);
    } finally {
      setSubmitting(false);
    }
  };

  const errorText = (key: string) => fieldErrorText(t, errors[key]);
  const label = (key: string) => t(`fields.${key}`, { defaultValue: key });

  const ageLabel = t('agreeAge', { age: setting.minimumAge });
  const ageError = errors.confirmAge ? t('validation:age_required', { age: setting.minimumAge }) : null;

  return (
    <Stack gap="sm">
      {modes.length > 1 ? (
        <Tabs value={mode} onChange={(next) => next && switchMode(next as RegisterMode)}>
          <Tabs.List grow>
            {modes.map((item) => (
              <Tabs.Tab key={item} value={item} data-testid={`register-tab-${item}`}>
                {t(`tabs.${item}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}

      <form onSubmit={submit} noValidate data-testid="register-form" data-mode={mode}>
        <Stack gap="sm">
          {affiliate.status === 'checking' ? (
            <Text size="sm" c="dimmed" data-testid="affiliate-checking">
              {t('affiliate.checking')}
            </Text>
          ) : null}
          {affiliate.status === 'valid' ? (
            <Alert variant="light" color="teal" data-testid="affiliate-applied">
              {affiliate.agentNickname
                ? t('affiliate.invitedBy', { name: affiliate.agentNickname, code: affiliate.code })
                : t('affiliate.invited', { code: affiliate.code })}
            </Alert>
          ) : null}
          {mode === 'mobile' ? (
            <Text size="sm" c="dimmed">
              {t('mobileUsernameHint')}
            </Text>
          ) : null}

          {layout.mobile && mode === 'mobile' ? mobileBlock() : null}

          {layout.fields.map(({ key, rule }) => {
            const common = {
              label: label(key),
              withAsterisk: rule.required,
              value: values[key] ?? '',
              onBlur: () => blur(key),
              error: errorText(key) || undefined,
              maxLength: rule.maxLength ?? undefined,
              minLength: rule.minLength ?? undefined,
              autoComplete: AUTOCOMPLETE[key] ?? 'off',
              'data-testid': `register-field-${key}`,
            };
            return rule.type === 'password' ? (
              <PasswordInput
                key={key}
                {...common}
                onChange={(event) => setValue(key, event.currentTarget.value)}
              />
            ) : (
              <TextInput
                key={key}
                {...common}
                type={inputType(rule)}
                onChange={(event) => setValue(key, event.currentTarget.value)}
              />
            );
          })}

          {layout.mobile && mode !== 'mobile' ? mobileBlock() : null}

          {layout.affiliateCode ? (
            <TextInput
              label={label('affiliateCode')}
              required={layout.affiliateCode.required}
              value={values.affiliateCode ?? ''}
              onChange={(event) => setValue('affiliateCode', event.currentTarget.value)}
              onBlur={() => blur('affiliateCode')}
              error={errorText('affiliateCode') || undefined}
              maxLength={layout.affiliateCode.maxLength ?? undefined}
              autoComplete="off"
              data-testid="register-field-affiliateCode"
            />
          ) : null}

          {layout.captcha ? (
            <CaptchaField
              value={values.captcha ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, captcha: value }))}
              error={errorText('captcha')}
              refreshKey={captchaKey}
            />
          ) : null}

          <Checkbox
            checked={agreeTerms}
            onChange={(event) => {
              setAgreeTerms(event.currentTarget.checked);
              if (event.currentTarget.checked)
                setErrors((current) => ({ ...current, agreeTerms: undefined }));
            }}
            error={errors.agreeTerms ? t('validation:agreement_required') : undefined}
            data-testid="register-agree-terms"
            label={
              <Trans
                t={t}
                i18nKey="agreeTerms"
                components={{
                  terms: <Anchor href="/page/terms" target="_blank" rel="noopener" inherit />,
                  privacy: <Anchor href="/page/privacy" target="_blank" rel="noopener" inherit />,
                }}
              />
            }
          />
          <Checkbox
            checked={confirmAge}
            onChange={(event) => {
              setConfirmAge(event.currentTarget.checked);
              if (event.currentTarget.checked)
                setErrors((current) => ({ ...current, confirmAge: undefined }));
            }}
            error={ageError ?? undefined}
            label={ageLabel}
            data-testid="register-confirm-age"
          />

          {formError ? (
            <Alert color="red" variant="light" role="alert" data-testid="register-error">
              {formError}
            </Alert>
          ) : null}

          <Group grow>
            <Button type="button" variant="default" onClick={reset} data-testid="register-reset">
              {t('reset')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="register-submit">
              {t('submit')}
            </Button>
          </Group>
          {submitting ? (
            <Text size="xs" c="dimmed" ta="center" role="status">
              {t('working')}
            </Text>
          ) : null}
        </Stack>
      </form>

      <Divider label={t('auth:login.or')} labelPosition="center" />
      <OneClickButton affiliateCode={affiliate.status === 'valid' ? affiliate.code : undefined} />
      <Group justify="center" gap={4}>
        <Text size="sm">{t('haveAccount')}</Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            onClose();
            openAuthModal({ kind: 'login' });
          }}
          data-testid="register-to-login"
        >
          {t('logIn')}
        </Anchor>
      </Group>
    </Stack>
  );

  function mobileBlock() {
    const rule = layout.mobile as RegistrationFieldRule;
    return (
      <Stack gap="sm" key="mobile">
        <MobileNumberInput
          dialingCode={dialingCode}
          onDialingCodeChange={setDialingCode}
          value={values.mobileNum ?? ''}
          onChange={(value) => setValue('mobileNum', value)}
          onBlur={() => blur('mobileNum')}
          error={errorText('mobileNum')}
          label={label('mobileNum')}
          required={rule.required}
          maxLength={Math.min(rule.maxLength ?? setting.mobileMaxLength, setting.mobileMaxLength)}
          testId="register-field-mobileNum"
        />
        {layout.verificationCode ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={label('verificationCode')}
              required
              value={values.verificationCode ?? ''}
              onChange={(event) => setValue('verificationCode', event.currentTarget.value.trim())}
              onBlur={() => blur('verificationCode')}
              error={errorText('verificationCode') || undefined}
              maxLength={layout.verificationCode.maxLength ?? undefined}
              inputMode="numeric"
              autoComplete="one-time-code"
              data-testid="register-field-verificationCode"
            />
            <SmsCodeButton send={sendSms} testId="register-sms-send" />
          </Group>
        ) : null}
      </Stack>
    );
  }
}

/** Centred spinner while the brand's rules load. */
export function RegisterFormLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}
