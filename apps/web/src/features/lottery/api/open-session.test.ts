import { describe, expect, it } from 'vitest';
import { launchTokenOf } from './open-session.ts';

describe('lottery launch token', () => {
  it('takes the token of the platform launch URL, absolute or relative', () => {
    expect(launchTokenOf('/lotto/play?gameCode=vn-fast-1&token=abc0123456789def')).toBe('abc0123456789def');
    expect(launchTokenOf('https://lotto.example/play?token=t0k3n&lang=EN')).toBe('t0k3n');
    expect(launchTokenOf('/lotto/play?gameCode=vn-fast-1')).toBeNull();
  });
});
