import type { Permission } from '@lotus/shared/system.schema';
import { isFlagEnabled } from '@lotus/shared/whitelabel-flags';

/** What the brand switches on for the login form (SPEC §3 whitelabel flags), passed in by the app layer. */
export type LoginOptions = {
  /** MOBILEVERCODELOGIN3: the mobile tab with SMS codes, and the form opens on it. */
  smsLogin: boolean;
  /** FREEPLAY3: the free-play button. */
  freePlay: boolean;
  /** The visitor's country calling code with its '+', the mobile tab's first choice. */
  defaultDialingCode: string;
};

export const DEFAULT_LOGIN_OPTIONS: LoginOptions = {
  smsLogin: false,
  freePlay: false,
  defaultDialingCode: '+91',
};

export function loginOptionsFrom(permission: Pick<Permission, 'whitelabel' | 'location'>): LoginOptions {
  const code = (permission.location.countryDialingCode ?? '').trim();
  return {
    smsLogin: isFlagEnabled(permission.whitelabel, 'MOBILEVERCODELOGIN3'),
    freePlay: isFlagEnabled(permission.whitelabel, 'FREEPLAY3'),
    defaultDialingCode:
      code === '' ? DEFAULT_LOGIN_OPTIONS.defaultDialingCode : code.startsWith('+') ? code : `+${code}`,
  };
}
