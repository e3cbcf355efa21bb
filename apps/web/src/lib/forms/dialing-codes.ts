import { COUNTRY_LIST } from '@lotus/shared/countries';

export type DialingOption = { value: string; label: string };

/**
 * One option per calling code, in numeric order, labelled with the code and the countries that share it
 * (the North American '+1' names its first two and "…"), so a player finds theirs by name or number.
 */
export function dialingCodeOptions(): DialingOption[] {
  const byCode = new Map<string, string[]>();
  for (const country of COUNTRY_LIST) {
    const names = byCode.get(country.countryDialingCode) ?? [];
    names.push(country.name);
    byCode.set(country.countryDialingCode, names);
  }
  return [...byCode.entries()]
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)) || a.localeCompare(b))
    .map(([code, names]) => ({
      value: code,
      label: `${code} ${names.slice(0, 2).join(', ')}${names.length > 2 ? ', …' : ''}`,
    }));
}

/** The settings' default code as an option value ('+91'); tolerates a missing '+'. */
export function normaliseDialingCode(code: string | null | undefined, fallback = '+91'): string {
  const trimmed = (code ?? '').trim();
  if (trimmed === '') return fallback;
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}
