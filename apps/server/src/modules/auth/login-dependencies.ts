import type { LoginSide } from '@lotus/shared/auth.schema';
import type { LoginCaptchaMode } from '../../db/schema.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';

/**
 * What login needs from the verification module (docs/accounts-contract.md "Captcha", "Human verification",
 * "SMS codes"), as small interfaces so the login rules can be tested against fakes and the module wired in
 * app.ts.
 */
export interface CaptchaCheck {
  /** Whether `answer` solves the captcha the cookie names; consumes it either way. */
  verify(captchaId: string | undefined, answer: string): Promise<boolean>;
}

export interface HumanCheck {
  /** Throws `human_verification_failed` unless the solution is good (single use). */
  verify(solution: unknown): Promise<unknown>;
}

export type LoginCodePurpose = 'login' | 'login_verify';

export interface LoginCodes {
  send(input: {
    brandId: bigint;
    purpose: 'login_verify';
    channel: 'sms' | 'email';
    destination: string;
    ip: string;
    language: string | null;
  }): Promise<{ expiredMinutes: number }>;
  /** Throws `sms_code_required`, `sms_code_invalid` or `sms_code_expired` unless the code is good. */
  consume(input: {
    brandId: bigint;
    purpose: LoginCodePurpose;
    destination: string;
    code: string;
  }): Promise<unknown>;
}

export type LoginVerification = { captcha: CaptchaCheck; human: HumanCheck; codes: LoginCodes };

/** The brand a login is for: its captcha mode and whitelabel flags (MOBILEVERCODELOGIN3). */
export type LoginBrand = { id: bigint; loginCaptcha: LoginCaptchaMode; flags: (modId: string) => boolean };
export type LoginBrandResolver = (host: string | null) => Promise<LoginBrand>;

/** Everything a login route hands the service besides the body. */
export type LoginContext = {
  origin: RequestOrigin;
  /** The `lotus_captcha` cookie (the captcha the visitor was shown), if any. */
  captchaId: string | null;
  /** The `lotus_remember` cookie, if any. */
  rememberToken: string | null;
};

export type { LoginSide };

/**
 * What every way in needs from player protection (issue 17; modules/player-protection), checked once in
 * SessionsService after the member proved who they are (password, code, third party):
 * `refuseExcluded` throws `403 account_excluded` with the exclusion's details (kind, end, reopen) while a
 * break, self-exclusion or operator's exclusion keeps the account closed; `sessionStart` gives a new login
 * session its first reality check and the end its session time limit sets.
 */
export interface PlayProtectionGate {
  refuseExcluded(memberId: bigint): Promise<void>;
  sessionStart(memberId: bigint, now: Date): Promise<{ realityCheckAt: Date; playEndsAt: Date | null }>;
}
