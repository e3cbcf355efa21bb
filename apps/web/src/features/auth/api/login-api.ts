import type {
  LoginChallenge,
  LoginResult,
  LoginVerificationMethod,
  RememberedAccount,
} from '@lotus/shared/auth.schema';
import type { HumanSolution } from '@lotus/shared/human-check';
import type { ExclusionRefusalDetails } from '@lotus/shared/player-protection.schema';
import { ApiError, apiGet, apiSend } from '../../../lib/api-client.ts';
import { postSealed } from '../../../lib/sealed-request.ts';

/**
 * The login calls of docs/accounts-contract.md "Login". Types only from the shared schemas: the server
 * validates, and zod stays out of the browser bundle.
 */

export type UsernameLogin = {
  username: string;
  password: string;
  captcha?: string;
  humanVerification: HumanSolution;
  remember: boolean;
};

export type SmsLogin = {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  remember: boolean;
};

export function loginWithUsername(login: UsernameLogin): Promise<LoginResult> {
  return postSealed<LoginResult>('/wps/session/login', { type: 'username', ...login });
}

export function loginWithSms(login: SmsLogin): Promise<LoginResult> {
  return postSealed<LoginResult>('/wps/session/login', { type: 'sms', ...login });
}

/**
 * `POST /wps/member/protection/reopen` (issue 17): after a self-exclusion ended, the player asks to reopen
 * the account with the same proof as a login (the login body, sealed); it reopens 24 hours later.
 */
export function requestReopen(
  login: ({ type: 'username' } & UsernameLogin) | ({ type: 'sms' } & SmsLogin),
): Promise<{ reopensAt: string }> {
  return postSealed<{ reopensAt: string }>('/wps/member/protection/reopen', login);
}

/** POST /wps/verification/sms/noLogin: the answer is the same whether or not the number has an account. */
export function sendLoginSms(input: {
  countryDialingCode: string;
  mobileNum: string;
  humanVerification: HumanSolution;
}): Promise<{ expiredMinutes: number }> {
  return apiSend('POST', '/wps/verification/sms/noLogin', { ...input, purpose: 'login' });
}

export function getRemembered(signal?: AbortSignal): Promise<RememberedAccount | null> {
  return apiGet<RememberedAccount | null>('/wps/session/remembered', signal ? { signal } : {});
}

export function loginRemembered(): Promise<LoginResult> {
  return apiSend<LoginResult>('POST', '/wps/session/login/remembered', {});
}

export function forgetRemembered(): Promise<null> {
  return apiSend<null>('DELETE', '/wps/session/remembered');
}

export function sendVerificationCode(
  challengeId: string,
  method: 'sms' | 'email',
): Promise<{ expiredMinutes: number }> {
  return apiSend('POST', '/wps/session/login/verification/send', { challengeId, method });
}

export function verifyLogin(input: {
  challengeId: string;
  method: LoginVerificationMethod;
  code?: string;
  payeeName?: string;
}): Promise<LoginResult> {
  return apiSend<LoginResult>('POST', '/wps/session/login/verification', input);
}

/** A random string for free play's `nonce` (SPEC §7 "encrypted random string": the body is sealed). */
function randomNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A short operating-system name for free play's `os` field. */
function operatingSystem(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const known: [RegExp, string][] = [
    [/Android/i, 'Android'],
    [/iPhone|iPad|iPod/i, 'iOS'],
    [/Windows/i, 'Windows'],
    [/Mac OS X|Macintosh/i, 'macOS'],
    [/CrOS/i, 'ChromeOS'],
    [/Linux/i, 'Linux'],
  ];
  return known.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Other';
}

export function loginFreePlay(humanVerification: HumanSolution): Promise<LoginResult> {
  return postSealed<LoginResult>('/wps/session/login/freeplay', {
    os: operatingSystem(),
    platform: 'W',
    nonce: randomNonce(),
    version: 3,
    humanVerification,
  });
}

/** What a refused login (`403 account_excluded`) says about the exclusion, when the error carries it. */
export function exclusionRefusalOf(error: unknown): ExclusionRefusalDetails | null {
  if (!(error instanceof ApiError) || error.code !== 'account_excluded') return null;
  const value = error.value ?? {};
  const kind = ['cool_off', 'self_exclusion', 'operator'].includes(value.kind as string)
    ? (value.kind as ExclusionRefusalDetails['kind'])
    : 'operator';
  const time = (raw: unknown) => (typeof raw === 'string' && raw !== '' ? raw : null);
  return {
    kind,
    endsAt: time(value.endsAt),
    reopenAvailable: value.reopenAvailable === true,
    reopensAt: time(value.reopensAt),
  };
}

/** The new-IP step's details (`403 login_verification_required`), when an error carries them. */
export function loginChallengeOf(error: unknown): LoginChallenge | null {
  if (!(error instanceof ApiError) || error.code !== 'login_verification_required') return null;
  const value = error.value;
  if (!value || typeof value.challengeId !== 'string' || !Array.isArray(value.methods)) return null;
  const methods = value.methods.filter(
    (entry): entry is LoginChallenge['methods'][number] =>
      typeof entry === 'object' &&
      entry !== null &&
      ['sms', 'email', 'payee_name'].includes((entry as { method?: unknown }).method as string),
  );
  return { challengeId: value.challengeId, methods };
}
