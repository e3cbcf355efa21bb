import { OauthFinishPage } from '../../features/oauth/components/oauth-finish-page.tsx';

/** /oauth/complete: back from Google or Facebook with a one-time login code (or `?error=`). */
export function OauthCompleteRoute() {
  return <OauthFinishPage kind="complete" />;
}

/** /oauth/telegram: back from Telegram's login page with `#tgAuthResult=`. */
export function OauthTelegramRoute() {
  return <OauthFinishPage kind="telegram" />;
}
