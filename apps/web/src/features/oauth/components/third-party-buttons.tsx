import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { SOCIAL_GLYPHS } from '../../../components/ui/social-icon.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { oauthProvidersQueryOptions, oidcStartUrl, telegramLoginUrl } from '../api/oauth-api.ts';

const GOOGLE_GLYPH =
  'M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3zM12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22zM6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1A10 10 0 0 0 2 12c0 1.6.4 3.1 1.1 4.6zM12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6z';

function Glyph({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

/**
 * Sign-in buttons for the providers the site has configured (GET /wps/oauth/providers), for the login form's
 * `thirdParty` slot (which draws the "or" divider). Renders nothing while loading, on error, or when none is
 * configured, so the form never shows a dead button.
 */
export function ThirdPartyButtons() {
  const { t } = useTranslation('oauth');
  const location = useLocation();
  const { data } = useQuery(oauthProvidersQueryOptions());
  if (!data || (!data.google && !data.facebook && !data.telegram)) return null;
  const returnTo = `${location.pathname}${location.search}`;
  const { telegram } = data;
  // Plain links, not router links: the start route and Telegram's page are outside the SPA.
  return (
    <Group
      grow
      gap="xs"
      wrap="wrap"
      data-testid="third-party-sign-in"
      aria-label={t('orSignInWith')}
      role="group"
    >
      {data.google && (
        <Button
          variant="default"
          leftSection={<Glyph path={GOOGLE_GLYPH} />}
          component="a"
          href={oidcStartUrl('google', returnTo)}
        >
          {t('google')}
        </Button>
      )}
      {data.facebook && (
        <Button
          variant="default"
          leftSection={<Glyph path={SOCIAL_GLYPHS.FACEBOOK} />}
          component="a"
          href={oidcStartUrl('facebook', returnTo)}
        >
          {t('facebook')}
        </Button>
      )}
      {telegram && (
        <Button
          variant="default"
          leftSection={<Glyph path={SOCIAL_GLYPHS.TELEGRAM} />}
          component="a"
          href={telegramLoginUrl(telegram, window.location.origin)}
        >
          {t('telegram')}
        </Button>
      )}
    </Group>
  );
}
