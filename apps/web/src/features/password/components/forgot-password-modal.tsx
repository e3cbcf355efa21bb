import type { RegisterSetting } from '@lotus/shared/system.schema';
import { isFlagEnabled } from '@lotus/shared/whitelabel-flags';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MobileNumberInput } from '../../../components/forms/mobile-number-input.tsx';
import { SmsCodeButton } from '../../../components/forms/sms-code-button.tsx';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { normaliseDialingCode } from '../../../lib/forms/dialing-codes.ts';
import { fieldErrorOfApi, fieldErrorText } from '../../../lib/forms/field-error.ts';
import { useHumanCheck } from '../../../lib/forms/use-human-check.ts';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useCompleteLogin } from '../../../lib/session/use-session.ts';
import { useRegisterSetting } from '../../../lib/system/get-register-setting.ts';
import { useWhitelabel } from '../../../lib/system/get-whitelabel.ts';
import { requestResetEmail, resetPasswordWithSms, sendResetSms } from '../api/password-api.ts';
import { useFieldForm } from '../hooks/use-field-form.ts';
import {
  CONFIRM_RULE,
  checkPasswordForm,
  type ForgotMethod,
  forgotMethods,
  passwordFieldOfError,
  requiredRule,
} from '../utils/password-rules.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type ForgotPasswordModalProps = { opened: boolean; onClose: () => void };

/**
 * SPEC §4 "Forgot password": by e-mail (a reset link) or by mobile (SMS code, new password, then logged
 * in). The switch shows only when the brand offers both (CHNGPASSVERIF3 and CHNGPASSMAIL3).
 */
export function ForgotPasswordModal({ opened, onClose }: ForgotPasswordModalProps) {
  const { t } = useTranslation('password');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('forgot.title')} testId="forgot-password-modal">
      {opened ? <ForgotBody onClose={onClose} /> : null}
    </AppModal>
  );
}

function ForgotBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('password');
  const whitelabel = useWhitelabel();
  const setting = useRegisterSetting();
  const methods = useMemo(() => {
    const tree = whitelabel.data?.whitelabel ?? [];
    return forgotMethods({
      byEmail: isFlagEnabled(tree, 'CHNGPASSMAIL3'),
      byMobile: isFlagEnabled(tree, 'CHNGPASSVERIF3'),
    });
  }, [whitelabel.data]);
  const [chosen, setChosen] = useState<ForgotMethod | null>(null);

  if (whitelabel.isPending || setting.isPending) {
    return (
      <Center py="xl" role="status" aria-label={t('common:status.loading')}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (methods.length === 0) {
    return (
      <Text data-testid="forgot-unavailable" py="md">
        {t('forgot.unavailable')}
      </Text>
    );
  }
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] as ForgotMethod);
  return (
    <Stack gap="md">
      {methods.length > 1 ? (
        <SegmentedControl
          fullWidth
          value={method}
          onChange={(value) => setChosen(value as ForgotMethod)}
          data={methods.map((item) => ({
            value: item,
            label: t(item === 'email' ? 'forgot.byEmail' : 'forgot.byMobile'),
          }))}
          data-testid="forgot-method"
        />
      ) : null}
      {method === 'email' ? (
        <ForgotByEmail setting={setting.data} onClose={onClose} />
      ) : (
        <ForgotByMobile setting={setting.data} />
      )}
    </Stack>
  );
}

function ForgotByEmail({ setting, onClose }: { setting: RegisterSetting | undefined; onClose: () => void }) {
  const { t } = useTranslation('password');
  const rules = useMemo(
    () => ({ username: requiredRule(setting, 'username'), email: requiredRule(setting, 'email') }),
    [setting],
  );
  const form = useFieldForm(rules);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !form.validate()) return;
    setSending(true);
    setFailure(null);
    const email = (form.values.email ?? '').trim();
    try {
      await requestResetEmail({ username: (form.values.username ?? '').trim(), email });
      setSentTo(email);
    } catch (error) {
      setFailure(messageForApiError(t, error));
    } finally {
      setSending(false);
    }
  };

  const input = (name: 'username' | 'email', type: 'text' | 'email') => (
    <TextInput
      label={t(`forgot.${name}`)}
      required
      type={type}
      value={form.values[name] ?? ''}
      onChange={(event) => form.setValue(name, event.currentTarget.value)}
      onBlur={() => form.blur(name)}
      error={fieldErrorText(t, form.errors[name]) || undefined}
      maxLength={rules[name].maxLength ?? undefined}
      autoComplete={name === 'email' ? 'email' : 'username'}
      data-testid={`forgot-${name}`}
    />
  );

  return (
    <>
      <form onSubmit={submit} noValidate data-testid="forgot-email-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('forgot.emailHint')}
          </Text>
          {input('username', 'text')}
          {input('email', 'email')}
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="forgot-error">
              {failure}
            </Alert>
          ) : null}
          <Button type="submit" loading={sending} data-testid="forgot-email-submit">
            {t('forgot.sendLink')}
          </Button>
        </Stack>
      </form>
      <AppModal
        opened={sentTo !== null}
        onClose={() => {
          setSentTo(null);
          onClose();
        }}
        title={t('forgot.emailSentTitle')}
        testId="forgot-email-sent"
      >
        <Text>{t('forgot.emailSent', { email: sentTo ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button
            onClick={() => {
              setSentTo(null);
              onClose();
            }}
            data-testid="forgot-email-sent-ok"
          >
            {t('forgot.ok')}
          </Button>
        </Group>
      </AppModal>
    </>
  );
}

function ForgotByMobile({ setting }: { setting: RegisterSetting | undefined }) {
  const { t } = useTranslation('password');
  const humanCheck = useHumanCheck();
  const completeLogin = useCompleteLogin();
  const maxLength = setting?.mobileMaxLength ?? 11;
  const rules = useMemo(() => {
    const password = requiredRule(setting, 'password');
    return {
      mobileNum: requiredRule(setting, 'mobileNum'),
      verificationCode: { ...requiredRule(setting, 'verificationCode'), minLength: null },
      newPassword: password,
      confirmPassword: CONFIRM_RULE,
    };
  }, [setting]);
  const form = useFieldForm(rules);
  const [dialingCode, setDialingCode] = useState(() =>
    normaliseDialingCode(setting?.defaultCountryDialingCode),
  );
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const sendCode = async () => {
    // The number must pass its rule before a code is asked for; the form shows why when it does not.
    const problem = checkPasswordForm({ mobileNum: rules.mobileNum }, form.values).mobileNum;
    form.setError('mobileNum', problem);
    if (problem) return null;
    const humanVerification = await humanCheck();
    return sendResetSms({
      countryDialingCode: dialingCode,
      mobileNum: form.values.mobileNum ?? '',
      humanVerification,
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !form.validate()) return;
    setSending(true);
    setFailure(null);
    try {
      const result = await resetPasswordWithSms({
        countryDialingCode: dialingCode,
        mobileNum: form.values.mobileNum ?? '',
        verificationCode: (form.values.verificationCode ?? '').trim(),
        newPassword: form.values.newPassword ?? '',
        confirmNewPassword: form.values.confirmPassword ?? '',
      });
      await completeLogin(result, { method: 'reset' });
    } catch (error) {
      const field = passwordFieldOfError(error);
      if (field !== null && field in rules) form.setError(field, fieldErrorOfApi(error));
      else setFailure(messageForApiError(t, error));
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="forgot-mobile-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('forgot.mobileHint')}
        </Text>
        <MobileNumberInput
          dialingCode={dialingCode}
          onDialingCodeChange={setDialingCode}
          value={form.values.mobileNum ?? ''}
          onChange={(value) => form.setValue('mobileNum', value)}
          onBlur={() => form.blur('mobileNum')}
          error={fieldErrorText(t, form.errors.mobileNum)}
          label={t('forgot.mobileNum')}
          required
          maxLength={maxLength}
          testId="forgot-mobile"
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('forgot.verificationCode')}
            required
            value={form.values.verificationCode ?? ''}
            onChange={(event) => form.setValue('verificationCode', event.currentTarget.value.trim())}
            onBlur={() => form.blur('verificationCode')}
            error={fieldErrorText(t, form.errors.verificationCode) || undefined}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={rules.verificationCode.maxLength ?? undefined}
            data-testid="forgot-code"
          />
          <SmsCodeButton send={sendCode} testId="forgot-sms-send" />
        </Group>
        <NewPasswordFields section="forgot" rule={rules.newPassword} form={form} />
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="forgot-error">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={sending} data-testid="forgot-mobile-submit">
          {t('forgot.submit')}
        </Button>
      </Stack>
    </form>
  );
}
