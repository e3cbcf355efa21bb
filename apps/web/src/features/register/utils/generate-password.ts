import { checkFieldValue, type FieldRuleLike } from '@lotus/shared/registration-rules';

/** The one-click password length (docs/accounts-contract.md "Registration": 12 characters). */
export const ONE_CLICK_PASSWORD_LENGTH = 12;

// No look-alikes (0/O, 1/l/I): the player copies this password by hand as often as with the copy button.
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#$%*+-=?@';

function randomIndex(size: number): number {
  // Rejection sampling: a plain modulo would favour the first characters of the alphabet.
  const limit = Math.floor(0x1_0000_0000 / size) * size;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % size;
  }
}

function pick(alphabet: string): string {
  return alphabet[randomIndex(alphabet.length)] ?? '';
}

/**
 * A random password of `length` characters that passes the brand's password rule. Tries the richest
 * alphabet the rule accepts: letters and digits (with at least one upper, one lower and one digit) and,
 * when the rule allows symbols (or demands one, like the strong pattern), a symbol too. The length is
 * clamped into the rule's bounds. Throws when no candidate passes, which only a rule no random password
 * could meet (such as letters only under an "upper case only" pattern with a minimum over the length
 * bound) would cause.
 */
export function generatePassword(rule: FieldRuleLike, length = ONE_CLICK_PASSWORD_LENGTH): string {
  const min = rule.minLength ?? 1;
  const max = rule.maxLength ?? Number.POSITIVE_INFINITY;
  const size = Math.min(Math.max(length, min), max);
  const recipes = [
    [LOWER, UPPER, DIGITS, SYMBOLS],
    [LOWER, UPPER, DIGITS],
    [UPPER, DIGITS],
    [LOWER, DIGITS],
    [DIGITS],
    [UPPER],
    [LOWER],
  ];
  for (const recipe of recipes) {
    if (recipe.length > size) continue;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = build(recipe, size);
      if (checkFieldValue({ ...rule, enabled: true, required: true }, candidate) === 'ok') return candidate;
    }
  }
  throw new Error('no generated password passes the password rule');
}

/** One character of each alphabet, the rest from all of them, shuffled (Fisher–Yates). */
function build(alphabets: string[], size: number): string {
  const all = alphabets.join('');
  const chars = alphabets.map(pick);
  while (chars.length < size) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
