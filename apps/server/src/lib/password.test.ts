import { describe, expect, it } from 'vitest';
import { CURRENT_PARAMS, hashPassword, needsRehash, verifyPassword } from './password.ts';

// Cheap parameters keep the format tests fast; one test exercises the real cost.
const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Lotus-Demo-2026', CHEAP);
    expect(hash).toMatch(/^scrypt\$v1\$N=1024,r=8,p=1\$/);
    expect(await verifyPassword('Lotus-Demo-2026', hash)).toBe(true);
    expect(await verifyPassword('lotus-demo-2026', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', CHEAP)).not.toBe(await hashPassword('same', CHEAP));
  });

  it('returns false for malformed or absurd stored hashes', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(
      await verifyPassword(
        'x',
        'scrypt$v1$N=1073741824,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ),
    ).toBe(false);
  });

  it('uses OWASP parameters by default and flags older hashes for rehash', async () => {
    // The suite runs with cheap parameters (test/setup); the production ones are checked explicitly here.
    const hash = await hashPassword('Lotus-Demo-2026', CURRENT_PARAMS);
    expect(hash).toContain(`N=${CURRENT_PARAMS.N},r=8,p=1`);
    expect(CURRENT_PARAMS.N).toBe(131_072);
    expect(await verifyPassword('Lotus-Demo-2026', hash)).toBe(true);
    expect(needsRehash(hash, CURRENT_PARAMS)).toBe(false);
    expect(needsRehash(await hashPassword('x', CHEAP), CURRENT_PARAMS)).toBe(true);
  });
});
