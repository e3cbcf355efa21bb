import type { LoginResult } from '@lotus/shared/auth.schema';
import type { HumanSolution } from '@lotus/shared/human-check';
import type {
  ChangePasswordPayload,
  ForgotPasswordEmailBody,
  ResetByPhonePayload,
  ResetPasswordPayload,
} from '@lotus/shared/password.schema';
import { apiSend } from '../../../lib/api-client.ts';
import { postSealed } from '../../../lib/sealed-request.ts';

/** The password calls (docs/accounts-contract.md "Passwords and profile", "SMS codes"). */

/** PUT /wps/member/password (Bearer, sealed). */
export function changePassword(payload: ChangePasswordPayload): Promise<null> {
  return postSealed<null>('/wps/member/password', payload, 'PUT');
}

/** POST /wps/member/password/email: mails a reset link valid 30 minutes. */
export function requestResetEmail(body: ForgotPasswordEmailBody): Promise<null> {
  return apiSend<null>('POST', '/wps/member/password/email', body);
}

/** POST /wps/member/password/reset (sealed): the link's token and the new password. */
export function resetPasswordWithToken(payload: ResetPasswordPayload): Promise<null> {
  return postSealed<null>('/wps/member/password/reset', payload);
}

/** POST /wps/verification/sms/noLogin for a reset: answers the same whether or not the number exists. */
export function sendResetSms(body: {
  countryDialingCode: string;
  mobileNum: string;
  humanVerification: HumanSolution;
}): Promise<{ expiredMinutes: number }> {
  return apiSend('POST', '/wps/verification/sms/noLogin', { ...body, purpose: 'reset_password' });
}

/** POST /wps/member/password/verification (sealed): new password by SMS code, then logged in. */
export function resetPasswordWithSms(payload: ResetByPhonePayload): Promise<LoginResult> {
  return postSealed<LoginResult>('/wps/member/password/verification', payload);
}
