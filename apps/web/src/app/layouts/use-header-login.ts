import type { HumanChallenge } from '@lotus/shared/human-check';
import { useCallback, useRef, useState } from 'react';
import type { HeaderCredentials } from '../../features/header/components/header-login-form.tsx';
import { ApiError, apiGet } from '../../lib/api-client.ts';
import { openAuthModal } from '../../lib/session/auth-modal-store.ts';
import { useCompleteLogin } from '../../lib/session/use-session.ts';

/** Answers the inline form cannot handle: the login dialog takes over (captcha, new-IP verification). */
const NEEDS_DIALOG = new Set(['captcha_required', 'captcha_error', 'login_verification_required']);

export type HeaderLogin = {
  busy: boolean;
  /** An `errors` namespace key for the last failed attempt, null when none. */
  errorKey: string | null;
  submit: (credentials: HeaderCredentials) => void;
  clearError: () => void;
};

/**
 * The header's inline login (SPEC §2 header "login form", §4 "Login"): the same sealed username login the
 * dialog sends, with the human check. Whatever needs more than username and password (empty fields, a
 * captcha, the new-IP step) opens the login dialog with the username filled in, which runs the full flow.
 * The login code loads on the first submit, keeping it out of every page's first bundle.
 */
export function useHeaderLogin(): HeaderLogin {
  const completeLogin = useCompleteLogin();
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  // Set once the server said the next attempt needs a captcha: from then on the dialog does the login.
  const captchaNext = useRef(false);

  const submit = useCallback(
    ({ username, password: typed }: HeaderCredentials) => {
      const password = typed.trim(); // SPEC §5 "password trimmed"
      const openDialog = (captcha = captchaNext.current) =>
        openAuthModal({ kind: 'login', ...(username ? { username } : {}), ...(captcha ? { captcha } : {}) });
      if (username === '' || password === '' || captchaNext.current) {
        openDialog();
        return;
      }
      setBusy(true);
      setErrorKey(null);
      void (async () => {
        try {
          const [{ loginWithUsername }, { solveHumanChallenge }] = await Promise.all([
            import('../../features/auth/api/login-api.ts'),
            import('@lotus/shared/human-check'),
          ]);
          const challenge = await apiGet<HumanChallenge>('/wps/verification/human');
          const humanVerification = await solveHumanChallenge(challenge);
          const result = await loginWithUsername({ username, password, humanVerification, remember: false });
          await completeLogin(result, { method: 'username', password });
        } catch (error) {
          if (!(error instanceof ApiError)) setErrorKey('errors:unknown_error');
          else if (NEEDS_DIALOG.has(error.code)) openDialog(error.value?.captcha === true);
          else {
            // e.g. a wrong password: say so here; a captcha wanted next sends the next try to the dialog.
            if (error.value?.captcha === true) captchaNext.current = true;
            setErrorKey(`errors:${error.code}`);
          }
        } finally {
          setBusy(false);
        }
      })();
    },
    [completeLogin],
  );
  const clearError = useCallback(() => setErrorKey(null), []);
  return { busy, errorKey, submit, clearError };
}
