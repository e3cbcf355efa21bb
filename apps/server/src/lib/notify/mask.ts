/**
 * Masked destinations for logs, audit records and hints: enough to tell two numbers or addresses apart,
 * never enough to contact the person (docs/accounts-contract.md "Providers").
 */

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
