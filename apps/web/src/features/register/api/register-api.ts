import type { LoginResult } from '@lotus/shared/auth.schema';
import type {
  AffiliateResult,
  OneClickPayload,
  OneClickResult,
  RegisterPayload,
} from '@lotus/shared/registration.schema';
import { apiGet } from '../../../lib/api-client.ts';
import { postSealed } from '../../../lib/sealed-request.ts';

/**
 * The registration calls (docs/accounts-contract.md "Registration"). Types only from the shared schemas:
 * the server validates, and zod stays out of the browser bundle. The brand's field rules every account form
 * reads are in lib/system/get-register-setting.ts.
 */

/** GET /wps/agent/affiliate?code=: `invitation_code_error` (ApiError) when no agent has the code. */
export function checkAffiliateCode(code: string, signal?: AbortSignal): Promise<AffiliateResult> {
  return apiGet<AffiliateResult>(
    `/wps/agent/affiliate?code=${encodeURIComponent(code)}`,
    signal ? { signal } : {},
  );
}

export type RegisterRequest = RegisterPayload;

/** Sealed POST to /wps/member/register (username tab) or /wps/member/register/mobile (mobile tab). */
export function registerMember(mode: 'username' | 'mobile', payload: RegisterRequest): Promise<LoginResult> {
  const path = mode === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register';
  return postSealed<LoginResult>(path, payload);
}

/** Sealed POST /wps/member/register/oneClick: the server makes the username, the browser the password. */
export function registerOneClick(payload: OneClickPayload): Promise<OneClickResult> {
  return postSealed<OneClickResult>('/wps/member/register/oneClick', payload);
}
