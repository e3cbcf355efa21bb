import { describe, expect, it } from 'vitest';
import type { MemberRow } from '../../db/tables/accounts.ts';
import { isPasswordExpired } from '../auth/sessions.service.ts';

/**
 * When a login must be followed by a password change (docs/accounts-contract.md "Passwords and profile"):
 * `must_change_password`, or PWDEXPFORCECHANGE3 on with a maximum age the password has reached.
 */

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');

const member = (changedDaysAgo: number, mustChange = false) =>
  ({
    must_change_password: mustChange,
    password_changed_at: new Date(NOW.getTime() - changedDaysAgo * DAY),
  }) as MemberRow;

describe('isPasswordExpired', () => {
  it('is never expired while the brand does not force changes', () => {
    expect(isPasswordExpired(member(1000), { forcedChange: false, maxAgeDays: 30 }, NOW)).toBe(false);
    expect(isPasswordExpired(member(1000), { forcedChange: false, maxAgeDays: null }, NOW)).toBe(false);
  });

  it('is never expired without a maximum age, even when changes are forced', () => {
    expect(isPasswordExpired(member(1000), { forcedChange: true, maxAgeDays: null }, NOW)).toBe(false);
  });

  it('expires exactly when the password reaches the maximum age', () => {
    const policy = { forcedChange: true, maxAgeDays: 90 };
    expect(isPasswordExpired(member(89), policy, NOW)).toBe(false);
    expect(isPasswordExpired(member(89.999), policy, NOW)).toBe(false);
    expect(isPasswordExpired(member(90), policy, NOW)).toBe(true);
    expect(isPasswordExpired(member(365), policy, NOW)).toBe(true);
    expect(isPasswordExpired(member(0), { forcedChange: true, maxAgeDays: 1 }, NOW)).toBe(false);
  });

  it('always expires an initial password that must be changed, whatever the switches', () => {
    for (const policy of [
      { forcedChange: false, maxAgeDays: null },
      { forcedChange: true, maxAgeDays: null },
      { forcedChange: true, maxAgeDays: 3650 },
    ]) {
      expect(isPasswordExpired(member(0, true), policy, NOW)).toBe(true);
    }
  });
});
