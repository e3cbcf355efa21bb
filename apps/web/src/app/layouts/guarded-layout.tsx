import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session/use-session.ts';
import { mustRedirectToLogin } from '../route-guard.ts';
import { useSite } from '../site-context.tsx';
import { SiteLayout } from './site-layout.tsx';

/** The root route's element: applies the route guard, then frames the page. */
export function GuardedLayout() {
  const { site } = useSite();
  const { pathname } = useLocation();
  const { token } = useSession();
  const redirect = mustRedirectToLogin({
    loggedInToHomePage: site.loggedInToHomePage,
    hasToken: token !== null,
    pathname,
  });
  // "Preserve nothing else": no return path, query or hash is carried to /login.
  if (redirect) return <Navigate to="/login" replace />;
  return <SiteLayout />;
}
