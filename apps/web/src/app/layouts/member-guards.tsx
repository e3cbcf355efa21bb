import { usePasswordChangeGuard } from '../../features/auth/hooks/use-password-change-guard.ts';
import { useBalancePush } from '../../features/wallet/hooks/use-balance-push.ts';
import { useSessionLimitGuard } from '../../lib/protection/use-session-limit-guard.ts';

/**
 * What runs for a logged-in session on every page, loaded only once someone is logged in (the site layout is
 * in every first bundle, and a visitor needs none of this): the live balance socket (`balanceToken`, null
 * where the page wants none), the forced password change a session may owe (docs/api.md
 * `password_change_required`), and the sign-out when the session time limit the player set ends the session
 * (issue 17).
 */
export function MemberGuards({ balanceToken }: { balanceToken: string | null }) {
  useBalancePush(balanceToken);
  usePasswordChangeGuard();
  useSessionLimitGuard();
  return null;
}
