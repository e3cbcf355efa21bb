import type { Permission, WhitelabelNode } from '@lotus/shared/system.schema';

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

/**
 * A flag anywhere in the whitelabel tree; under a disabled parent it counts as off. Mirrors `isFlagEnabled`
 * of packages/shared/src/system.schema.ts, which cannot be imported here: that module pulls zod into the
 * first bundle.
 */
export function whitelabelFlag(tree: readonly WhitelabelNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === '1';
    if (node.enabled === '1' && whitelabelFlag(node.childrenNodes, modId)) return true;
  }
  return false;
}

export function loginOptionsFrom(permission: Pick<Permission, 'whitelabel' | 'location'>): LoginOptions {
  const code = (permission.location.countryDialingCode ?? '').trim();
  return {
    smsLogin: whitelabelFlag(permission.whitelabel, 'MOBILEVERCODELOGIN3'),
    freePlay: whitelabelFlag(permission.whitelabel, 'FREEPLAY3'),
    defaultDialingCode:
      code === '' ? DEFAULT_LOGIN_OPTIONS.defaultDialingCode : code.startsWith('+') ? code : `+${code}`,
  };
}
