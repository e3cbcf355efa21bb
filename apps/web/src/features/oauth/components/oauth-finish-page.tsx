import type { LoginResult } from '@lotus/shared/auth.schema';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { HomeIcon } from '../../../components/ui/icons.tsx';
import { ApiError, isApiErrorCode } from '../../../lib/api-client.ts';
import { messageForApiError } from '../../../lib/forms/validation.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useCompleteLogin } from '../../../lib/session/use-session.ts';
import {
  decodeTelegramResult,
  exchangeLoginCode,
  loginWithTelegram,
  safeReturnPath,
} from '../api/oauth-api.ts';

export type OauthFinishKind = 'complete' | 'telegram';

type Step = { login: () => Promise<LoginResult>; returnTo: string | null } | { error: string };

/**
 * What the URL the provider sent us back with asks for. Read once, then the fragment (which holds a
 * single-use login code or Telegram's signed data) is dropped from the address bar and history.
 */
function readStep(kind: OauthFinishKind): Step {
  const { hash, search } = window.location;
  window.history.replaceState(window.history.state, '', window.location.pathname);
  if (kind === 'telegram') {
    const data = decodeTelegramResult(hash);
    return data ? { login: () => loginWithTelegram(data), returnTo: null } : { error: 'oauth_failed' };
  }
  const error = new URLSearchParams(search).get('error');
  if (error) return { error: isApiErrorCode(error) ? error : 'oauth_failed' };
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const code = fragment.get('code');
  if (!code) return { error: 'oauth_failed' };
  return { login: () => exchangeLoginCode(code), returnTo: safeReturnPath(fragment.get('returnTo')) };
}

/**
 * /oauth/complete (Google, Facebook) and /oauth/telegram: trades what the provider sent back for a session
 * and finishes the login like every other way in (useCompleteLogin → home). Failures stay on this page with
 * the reason and a way home.
 */
export function OauthFinishPage({ kind }: { kind: OauthFinishKind }) {
  const { t } = useTranslation('oauth');
  const complete = useCompleteLogin();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The code is single-use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const step = readStep(kind);
    if ('error' in step) {
      setError(t(`errors:${step.error}`));
      return;
    }
    void (async () => {
      try {
        await complete(await step.login(), { method: 'oauth' });
        if (step.returnTo && step.returnTo !== '/') await navigate(step.returnTo, { replace: true });
      } catch (failure) {
        setError(failure instanceof ApiError ? messageForApiError(t, failure) : t('errors:oauth_failed'));
      }
    })();
  }, [kind, complete, navigate, t]);

  return (
    <Stack
      component="section"
      align="center"
      ta="center"
      gap="md"
      py={60}
      data-testid="page-oauth-finish"
      aria-labelledby="oauth-finish-title"
    >
      <Title order={1} id="oauth-finish-title" fz={{ base: 22, sm: 26 }}>
        {error ? t('failedTitle') : t('signingIn')}
      </Title>
      {error ? (
        <>
          <Alert color="red" role="alert" maw={420} w="100%">
            {error}
          </Alert>
          <Button component={Link} to="/" leftSection={<HomeIcon size={16} />}>
            {t('common:actions.backHome')}
          </Button>
        </>
      ) : (
        <>
          <Loader aria-hidden="true" />
          <Text c="dimmed">{t('signingInHint')}</Text>
        </>
      )}
    </Stack>
  );
}
