import { normalisePath } from '../lib/categories.ts';

/**
 * SPEC §2 route guard: with the brand setting 'logged-in to home page' on, a visitor without a session
 * token reaches only these paths; everything else redirects to /login.
 */
export const VISITOR_PATHS = [
  '/login',
  '/register',
  '/register.html',
  '/helpmc',
  '/download',
  // /resetPassword: an e-mailed reset link is opened signed out. Lower case: paths are compared normalised.
  '/resetpassword',
  // Third-party sign-in comes back here signed out, to log in.
  '/oauth/complete',
  '/oauth/telegram',
  // The in-house studio's screens: a vendor's pages in the game iframe (a free trial needs no login), and
  // the public verifier of its rounds.
  '/originals/play',
  '/originals/verify',
] as const;

type GuardInput = { loggedInToHomePage: boolean; hasToken: boolean; pathname: string };

export function mustRedirectToLogin({ loggedInToHomePage, hasToken, pathname }: GuardInput): boolean {
  if (!loggedInToHomePage || hasToken) return false;
  return !(VISITOR_PATHS as readonly string[]).includes(normalisePath(pathname));
}
