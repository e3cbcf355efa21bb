import { describe, expect, it } from 'vitest';
import { CURRENT_PARAMS, needsRehash, verifyPassword } from '../../lib/password.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_OPERATORS } from './demo-operators.ts';
import { demoPasswordHash, PRECOMPUTED_DEMO_HASHES } from './demo-password-hashes.ts';

describe('precomputed demo password hashes', () => {
  const passwords = [...DEMO_ACCOUNTS, ...DEMO_OPERATORS].map((account) => account.password);

  it('has one for every demo password, at the production parameters, matching it', async () => {
    expect(Object.keys(PRECOMPUTED_DEMO_HASHES).sort()).toEqual([...new Set(passwords)].sort());
    // One at a time: each verification needs 128 MiB.
    for (const password of passwords) {
      const hash = PRECOMPUTED_DEMO_HASHES[password] ?? '';
      expect(needsRehash(hash, CURRENT_PARAMS)).toBe(false);
      expect(await verifyPassword(password, hash)).toBe(true);
    }
    expect(
      await verifyPassword('Lotus-Player-2027!', PRECOMPUTED_DEMO_HASHES['Lotus-Player-2026!'] ?? ''),
    ).toBe(false);
  });

  it('hashes afresh when new hashes get other parameters (the tests cheap ones)', async () => {
    const password = passwords[0] ?? '';
    const hash = await demoPasswordHash(password);
    expect(hash).not.toBe(PRECOMPUTED_DEMO_HASHES[password]);
    expect(await verifyPassword(password, hash)).toBe(true);
  });
});
