import { useEffect } from 'react';
import { onApiError } from '../../../lib/api-client.ts';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/** Opens the forced change-password dialog unless it is already open (the login may have opened it). */
function openForcedChange(): void {
  const { modal, open } = useAuthModal.getState();
  if (modal?.kind === 'changePassword' && modal.forced) return;
  open({ kind: 'changePassword', forced: true });
}

/**
 * The server holds a session that must change its password to member info, the change and logout (403
 * `password_change_required` everywhere else, docs/api.md). The browser follows it: on a page load with
 * such a session (member info says `passwordChangeRequired`) and on any call refused that way, it shows
 * the forced change, which cannot be dismissed without signing out. Mounted once, by the site layout.
 */
export function usePasswordChangeGuard(): void {
  const { member } = useSession();
  const required = member?.passwordChangeRequired === true;

  useEffect(() => {
    if (required) openForcedChange();
  }, [required]);

  useEffect(
    () =>
      onApiError((error) => {
        if (error.code === 'password_change_required') openForcedChange();
      }),
    [],
  );
}
