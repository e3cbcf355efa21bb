import { describe, expect, it } from 'vitest';
import { clockSkew, countdownParts, remaining } from './countdown.ts';

describe('mission countdown', () => {
  const now = new Date('2026-11-27T17:00:00Z').getTime();
  it('counts down to the period end and stops at zero', () => {
    expect(countdownParts('2026-11-28T00:00:00Z', now)).toEqual({ days: 0, clock: '07:00:00' });
    expect(countdownParts('2026-11-30T00:00:01Z', now)).toEqual({ days: 2, clock: '07:00:01' });
    expect(countdownParts('2026-11-27T16:00:00Z', now)).toEqual({ days: 0, clock: '00:00:00' });
    expect(remaining('2026-11-27T17:01:05Z', now)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 5 });
  });
  it('measures the server clock against the device', () => {
    expect(clockSkew('2026-11-27T17:00:05Z', now)).toBe(5000);
  });
});
