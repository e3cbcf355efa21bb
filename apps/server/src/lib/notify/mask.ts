/**
 * Masked destinations for logs, audit records, hints and responses: enough to tell two numbers or addresses
 * apart, never enough to contact the person (docs/accounts-contract.md "Providers").
 */

/**
 * A member's mobile number as any response shows it (member info, the remembered account, the new-device
 * challenge's hint): all but the last four digits hidden, so the member recognises the number without a
 * page, a screenshot or a shared computer's login form revealing it: '9000000001' → '••••••0001'. Issue 14
 * (7c): one function for every response, so no response shows more than another.
 */
export function maskMobile(mobileNum: string | null): string | null {
  if (mobileNum === null || mobileNum === '') return null;
  const visible = mobileNum.slice(-4);
  return '•'.repeat(Math.max(mobileNum.length - visible.length, 0)) + visible;
}

/**
 * '+919000000001' → '+91••••••0001' when the dialing code is known, else '•••••••••0001' (a destination
 * string does not say where the dialing code ends). The last four digits stay.
 */
export function maskPhone(destination: string, countryDialingCode?: string): string {
  const prefix = countryDialingCode && destination.startsWith(countryDialingCode) ? countryDialingCode : '';
  const rest = destination.slice(prefix.length).replace(/^\+/, '');
  const shown = rest.length > 6 ? rest.slice(-4) : '';
  return `${prefix}${'•'.repeat(Math.max(rest.length - shown.length, 2))}${shown}`;
}

/** 'player@demo.lotus.example' → 'p•••@demo.lotus.example'. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}

export function maskDestination(channel: 'sms' | 'email', destination: string): string {
  return channel === 'sms' ? maskPhone(destination) : maskEmail(destination);
}
