import type { LoginChallenge, LoginResult, RememberedAccount } from '@lotus/shared/auth.schema';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../components/forms/captcha-field.tsx';
import { MobileNumberInput } from '../../../components/forms/mobile-number-input.tsx';
import { SmsCodeButton } from '../../../components/forms/sms-code-button.tsx';
import { useHumanCheck } from '../../../lib/forms/use-human-check.ts';
import { errorWantsCaptcha, messageForApiError } from '../../../lib/forms/validation.ts';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { REMEMBERED_KEY } from '../../../lib/session/remembered-key.ts';
import { type LoginMethod, useCompleteLogin } from '../../../lib/session/use-session.ts';
import { registerSettingQueryOptions } from '../../../lib/system/get-register-setting.ts';
import {
  forgetRemembered,
  getRemembered,
  loginChallengeOf,
  loginFreePlay,
  loginRemembered,
  loginWithSms,
  loginWithUsername,
  sendLoginSms,
} from '../api/login-api.ts';
import type { LoginOptions } from '../login-options.ts';
import classes from './auth-form.module.css';
import { LoginVerificationStep } from './login-verification-step.tsx';

type Tab = 'username' | 'mobile';
/** What the submit button is waiting for: the human check's proof of work, or the server. */
type Phase = 'idle' | 'checking' | 'submitting';
type FieldErrors = Partial<Record<'username' | 'password' | 'captcha' | 'mobile' | 'code', string>>;
/** The login that met the new-IP step, so the verified result finishes it the same way. */
type PendingVerification = { challenge: LoginChallenge; method: LoginMethod; password?: string };

const MOBILE_PATTERN = /^[0-9]{6,11}$/;
const DEFAULT_MOBILE_MAX = 11;

export type LoginFormProps = {
  options: LoginOptions;
  /** Pre-filled username (the header's inline form hands it over); opens the username tab. */
  initialUsername?: string | undefined;
  /** Show the captcha from the start (the server asked for one before this form opened). */
  initialCaptcha?: boolean | undefined;
  /** Sign-in with Google / Facebook / Telegram, when the brand has them (features/oauth). */
  thirdParty?: ReactNode;
  /** One-click registration (features/register). */
  oneClick?: ReactNode;
};

/**
 * The login form of the modal and of /login (SPEC §3 "Login form", §4 "Login", §5 login validation). Username
 * login runs the human check first and shows a captcha once the server asks for one; SMS login sends a code
 * to the number; "remember me" is a server-side token (docs/accounts-contract.md "Remember me"), and a login
 * from a new IP continues with the verification step. Every success ends in `useCompleteLogin`.
 */
export function LoginForm({
  options,
  initialUsername,
  initialCaptcha,
  thirdParty,
  oneClick,
}: LoginFormProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const queryClient = useQueryClient();
  const completeLogin = useCompleteLogin();
  const humanCheck = useHumanCheck();
  const remembered = useQuery({
    queryKey: REMEMBERED_KEY,
    queryFn: ({ signal }) => getRemembered(signal),
    staleTime: 0,
  });
  const settings = useQuery({ ...registerSettingQueryOptions(), enabled: options.smsLogin });
  const mobileMax = settings.data?.mobileMaxLength ?? DEFAULT_MOBILE_MAX;

  const [tab, setTab] = useState<Tab>(
    options.smsLogin && initialUsername === undefined ? 'mobile' : 'username',
  );
  const [username, setUsername] = useState(initialUsername ?? '');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaShown, setCaptchaShown] = useState(initialCaptcha === true);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [dialingCode, setDialingCode] = useState(options.defaultDialingCode);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [verification, setVerification] = useState<PendingVerification | null>(null);
  // The remembered account pre-fills the form once, when it arrives.
  const [prefilled, setPrefilled] = useState<RememberedAccount | null>(null);
  const account = remembered.data ?? null;
  if (account !== null && prefilled !== account) {
    setPrefilled(account);
    setRemember(true);
    if (account.loginType === 'sms' && options.smsLogin && account.mobileNum) {
      // The server sends the number masked (••••••0001): the tab and the dialing code are pre-filled, the
      // number is not (its "continue as" button needs none).
      setTab('mobile');
      if (account.countryDialingCode) setDialingCode(account.countryDialingCode);
    } else if (initialUsername === undefined) {
      setTab('username');
      setUsername(account.username);
    }
  }

  const busy = phase !== 'idle';

  /** Success of any way in; "remember me" unticked forgets an earlier remembered account (SPEC §4). */
  const finish = async (result: LoginResult, method: LoginMethod, typedPassword?: string) => {
    if (!remember && account !== null && method !== 'remembered' && method !== 'free_play') {
      forgetRemembered().catch(() => undefined);
    }
    queryClient.removeQueries({ queryKey: REMEMBERED_KEY });
    await completeLogin(result, {
      method,
      ...(typedPassword === undefined ? {} : { password: typedPassword }),
    });
  };

  /** Shared failure handling: the new-IP step, the captcha request, or the message. */
  const fail = (error: unknown, method: LoginMethod, typedPassword?: string) => {
    const challenge = loginChallengeOf(error);
    if (challenge) {
      setVerification({
        challenge,
        method,
        ...(typedPassword === undefined ? {} : { password: typedPassword }),
      });
      return;
    }
    if (method === 'username') {
      // A captcha is single-use: any failed attempt that carried one needs a new image.
      if (errorWantsCaptcha(error) || captchaShown) {
        setCaptchaShown(true);
        setCaptchaKey((key) => key + 1);
      }
    }
    setFailure(messageForApiError(t, error));
  };

  const run = async (work: () => Promise<void>) => {
    setFailure(null);
    try {
      await work();
    } finally {
      setPhase('idle');
    }
  };

  const submitUsername = () => {
    const name = username.trim();
    const secret = password.trim(); // SPEC §5 "password trimmed"
    const next: FieldErrors = {};
    if (name === '') next.username = t('validation:username_required');
    if (secret === '') next.password = t('validation:password_required');
    if (captchaShown && captcha.trim() === '') next.captcha = t('validation:captcha_required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    return run(async () => {
      try {
        setPhase('checking');
        const humanVerification = await humanCheck();
        setPhase('submitting');
        const result = await loginWithUsername({
          username: name,
          password: secret,
          humanVerification,
          remember,
          ...(captchaShown ? { captcha: captcha.trim() } : {}),
        });
        await finish(result, 'username', secret);
      } catch (error) {
        fail(error, 'username', secret);
      }
    });
  };

  const mobileError = (): string | null => {
    if (mobile === '') return t('validation:mobile_required');
    if (!MOBILE_PATTERN.test(mobile) || mobile.length > mobileMax) return t('validation:mobile_format');
    return null;
  };

  const submitSms = () => {
    const next: FieldErrors = {};
    const numberError = mobileError();
    if (numberError) next.mobile = numberError;
    if (code.trim() === '') next.code = t('validation:code_required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    return run(async () => {
      try {
        setPhase('submitting');
        const result = await loginWithSms({
          countryDialingCode: dialingCode,
          mobileNum: mobile,
          verificationCode: code.trim(),
          remember,
        });
        await finish(result, 'sms');
      } catch (error) {
        fail(error, 'sms');
      }
    });
  };

  const sendCode = async () => {
    const numberError = mobileError();
    setErrors((current) => ({ ...current, mobile: numberError ?? undefined }));
    if (numberError) return null;
    const humanVerification = await humanCheck();
    return sendLoginSms({ countryDialingCode: dialingCode, mobileNum: mobile, humanVerification });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void (tab === 'username' ? submitUsername() : submitSms());
  };

  const continueRemembered = () =>
    run(async () => {
      try {
        setPhase('submitting');
        await finish(await loginRemembered(), 'remembered');
      } catch (error) {
        // A revoked or expired token: forget it so the form stops offering it.
        if (!loginChallengeOf(error)) void remembered.refetch();
        fail(error, 'remembered');
      }
    });

  const notYou = async () => {
    setFailure(null);
    try {
      await forgetRemembered();
    } catch {
      // The cookie may already be gone; the form forgets the account either way.
    }
    queryClient.setQueryData(REMEMBERED_KEY, null);
    setPrefilled(null);
    setRemember(false);
    setUsername(initialUsername ?? '');
    setMobile('');
  };

  const startFreePlay = () =>
    run(async () => {
      try {
        setPhase('checking');
        const humanVerification = await humanCheck();
        setPhase('submitting');
        await finish(await loginFreePlay(humanVerification), 'free_play');
      } catch (error) {
        fail(error, 'free_play');
      }
    });

  if (verification) {
    return (
      <LoginVerificationStep
        challenge={verification.challenge}
        onBack={() => setVerification(null)}
        onVerified={(result) => finish(result, verification.method, verification.password)}
      />
    );
  }

  const usernameFields = (
    <Stack gap="sm">
      <TextInput
        label={t('login.username')}
        value={username}
        onChange={(event) => setUsername(event.currentTarget.value)}
        error={errors.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        required
        data-autofocus
        data-testid="login-username"
      />
      <PasswordInput
        label={t('login.password')}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={errors.password}
        autoComplete="current-password"
        maxLength={128}
        required
        data-testid="login-password"
      />
      {captchaShown ? (
        <CaptchaField value={captcha} onChange={setCaptcha} error={errors.captcha} refreshKey={captchaKey} />
      ) : null}
    </Stack>
  );

  const mobileFields = (
    <Stack gap="sm">
      <MobileNumberInput
        dialingCode={dialingCode}
        onDialingCodeChange={setDialingCode}
        value={mobile}
        onChange={setMobile}
        error={errors.mobile}
        label={t('login.mobile')}
        required
        maxLength={mobileMax}
        testId="login-mobile"
      />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('login.code')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/[^0-9]/g, ''))}
          error={errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          data-testid="login-code"
        />
        <Stack gap={0} pt={25}>
          <SmsCodeButton send={sendCode} testId="login-send-code" />
        </Stack>
      </Group>
    </Stack>
  );

  return (
    <Stack gap="md" data-testid="login-form">
      {account !== null ? (
        <Paper withBorder p="sm" radius="md" data-testid="login-remembered">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t('login.rememberedHint')}
            </Text>
            <Button variant="light" onClick={continueRemembered} loading={busy} data-testid="login-continue">
              {t('login.continueAs', { username: account.username })}
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={notYou}
              data-testid="login-not-you"
              ta="center"
            >
              {t('login.notYou')}
            </Anchor>
          </Stack>
        </Paper>
      ) : null}
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <Stack gap="sm">
          {options.smsLogin ? (
            <Tabs
              value={tab}
              onChange={(value) => {
                if (value === 'username' || value === 'mobile') setTab(value);
                setErrors({});
                setFailure(null);
              }}
              keepMounted={false}
            >
              <Tabs.List grow aria-label={t('login.tabsLabel')}>
                <Tabs.Tab value="mobile" data-testid="login-tab-mobile">
                  {t('login.tabMobile')}
                </Tabs.Tab>
                <Tabs.Tab value="username" data-testid="login-tab-username">
                  {t('login.tabUsername')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="mobile" pt="sm">
                {mobileFields}
              </Tabs.Panel>
              <Tabs.Panel value="username" pt="sm">
                {usernameFields}
              </Tabs.Panel>
            </Tabs>
          ) : (
            usernameFields
          )}
          <Group justify="space-between">
            <Checkbox
              label={t('login.remember')}
              checked={remember}
              onChange={(event) => setRemember(event.currentTarget.checked)}
              data-testid="login-remember"
            />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => openAuthModal({ kind: 'forgotPassword' })}
              data-testid="login-forgot"
            >
              {t('login.forgot')}
            </Anchor>
          </Group>
          <div aria-live="assertive">
            {failure ? (
              <Alert color="red" variant="light" data-testid="login-error">
                {failure}
              </Alert>
            ) : null}
          </div>
          <Button type="submit" fullWidth loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Text size="sm" c="dimmed" ta="center" aria-live="polite" data-testid="login-phase">
            {phase === 'checking' ? t('login.checking') : ''}
          </Text>
        </Stack>
      </form>
      {options.freePlay ? (
        <Button variant="default" onClick={startFreePlay} disabled={busy} data-testid="login-free-play">
          {t('login.freePlay')}
        </Button>
      ) : null}
      {oneClick}
      {thirdParty ? (
        // The slot hides itself, divider included, when the brand has no provider (see the CSS).
        <Stack gap="sm" className={classes.thirdPartySlot}>
          <Text className={classes.divider}>{t('login.or')}</Text>
          {thirdParty}
        </Stack>
      ) : null}
      <Text size="sm" ta="center">
        {t('login.noAccount')}{' '}
        <Anchor
          component="button"
          type="button"
          onClick={() => openAuthModal({ kind: 'register' })}
          data-testid="login-register"
        >
          {t('login.register')}
        </Anchor>
      </Text>
    </Stack>
  );
}
