import { Alert, Anchor, Button, Checkbox, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { openAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { exclusionRefusalOf } from '../api/login-api.ts';
import { useLoginForm } from '../hooks/use-login-form.ts';
import type { LoginOptions } from '../login-options.ts';
import classes from './auth-form.module.css';
import { LoginMobileFields } from './login-mobile-fields.tsx';
import { LoginRememberedCard } from './login-remembered-card.tsx';
import { LoginUsernameFields } from './login-username-fields.tsx';
import { LoginVerificationStep } from './login-verification-step.tsx';

// Issue 17: a login refused for an exclusion; its code and texts load only when one is met.
const ExclusionRefusal = lazy(() =>
  Promise.all([import('./exclusion-refusal.tsx'), loadNamespaces(['protection'])]).then(([m]) => ({
    default: m.ExclusionRefusal,
  })),
);

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
 * from a new IP continues with the verification step. State and calls live in `useLoginForm`.
 */
export function LoginForm({
  options,
  initialUsername,
  initialCaptcha,
  thirdParty,
  oneClick,
}: LoginFormProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const { flow, username, sms, tab, switchTab, submit, notYou, startFreePlay } = useLoginForm({
    options,
    initialUsername,
    initialCaptcha,
  });
  const { verification, busy } = flow;

  if (verification) {
    return (
      <LoginVerificationStep
        challenge={verification.challenge}
        onBack={flow.closeVerification}
        onVerified={(result) => flow.finish(result, verification.method, verification.password)}
      />
    );
  }

  const usernameFields = (
    <LoginUsernameFields
      form={username.form}
      captchaShown={username.captchaShown}
      captchaKey={username.captchaKey}
    />
  );

  return (
    <Stack gap="md" data-testid="login-form">
      {flow.account !== null ? (
        <LoginRememberedCard
          account={flow.account}
          busy={busy}
          onContinue={flow.continueRemembered}
          onNotYou={notYou}
        />
      ) : null}
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <Stack gap="sm">
          {options.smsLogin ? (
            <Tabs value={tab} onChange={switchTab} keepMounted={false}>
              <Tabs.List grow aria-label={t('login.tabsLabel')}>
                <Tabs.Tab value="mobile" data-testid="login-tab-mobile">
                  {t('login.tabMobile')}
                </Tabs.Tab>
                <Tabs.Tab value="username" data-testid="login-tab-username">
                  {t('login.tabUsername')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="mobile" pt="sm">
                <LoginMobileFields form={sms.form} mobileMax={sms.mobileMax} sendCode={sms.sendCode} />
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
              checked={flow.remember}
              onChange={(event) => flow.setRemember(event.currentTarget.checked)}
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
            {flow.failure && exclusionRefusalOf(flow.failure.error) ? (
              <Suspense fallback={<Loader size="sm" />}>
                <ExclusionRefusal error={flow.failure.error} reopen={flow.reopen} />
              </Suspense>
            ) : flow.failure ? (
              <Alert color="red" variant="light" data-testid="login-error">
                {messageForApiError(t, flow.failure.error)}
              </Alert>
            ) : null}
          </div>
          <Button type="submit" fullWidth loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Text size="sm" c="dimmed" ta="center" aria-live="polite" data-testid="login-phase">
            {flow.phase === 'checking' ? t('login.checking') : ''}
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
