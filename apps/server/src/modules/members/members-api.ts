import type { MemberAccounts } from './member-accounts.ts';

/**
 * What other modules may ask of the members module (auth, registration, passwords, OAuth, verification,
 * agents): look a member up and keep the login counters. The repository itself stays private to the module;
 * this type is the only members file other modules import.
 */
export type MembersApi = Pick<
  MemberAccounts,
  | 'findById'
  | 'findByUsername'
  | 'findByMobile'
  | 'reserveLoginAttempt'
  | 'lockIfSpent'
  | 'clearLoginFailures'
  | 'recordSuccess'
>;
