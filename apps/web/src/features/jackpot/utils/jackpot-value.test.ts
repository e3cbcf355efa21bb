import { JACKPOT_INTERVAL_MS } from '@lotus/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatJackpot,
  JACKPOT_BASE_MINOR,
  JACKPOT_CYCLE_MS,
  JACKPOT_EPOCH_MS,
  JACKPOT_STEP_MINOR,
  jackpotParts,
  jackpotValueMinor,
  msUntilNextStep,
} from './jackpot-value.ts';

describe('jackpot value', () => {
  afterEach(() => vi.useRealTimers());

  it('steps by 165.11 (16511 hundredths) every 3000 ms', () => {
    expect(JACKPOT_STEP_MINOR).toBe(16511);
    expect(JACKPOT_INTERVAL_MS).toBe(3000);
    expect(jackpotValueMinor(JACKPOT_EPOCH_MS)).toBe(JACKPOT_BASE_MINOR);
    expect(jackpotValueMinor(JACKPOT_EPOCH_MS + 2999)).toBe(JACKPOT_BASE_MINOR);
    expect(jackpotValueMinor(JACKPOT_EPOCH_MS + 3000)).toBe(JACKPOT_BASE_MINOR + 16511);
    expect(jackpotValueMinor(JACKPOT_EPOCH_MS + 10 * 3000 + 1)).toBe(JACKPOT_BASE_MINOR + 10 * 16511);
  });

  it('is the same figure for everyone at the same moment, and grows with the fake clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-04T05:06:07.000Z'));
    const first = jackpotValueMinor(Date.now());
    expect(jackpotValueMinor(new Date('2026-03-04T05:06:07.000Z').getTime())).toBe(first);
    vi.advanceTimersByTime(msUntilNextStep(Date.now()));
    expect(jackpotValueMinor(Date.now())).toBe(first + JACKPOT_STEP_MINOR);
    vi.advanceTimersByTime(3 * JACKPOT_INTERVAL_MS);
    expect(jackpotValueMinor(Date.now())).toBe(first + 4 * JACKPOT_STEP_MINOR);
  });

  it('starts again at the base every week and stays bounded', () => {
    const lastOfCycle = JACKPOT_EPOCH_MS + JACKPOT_CYCLE_MS - 1;
    const steps = Math.floor((JACKPOT_CYCLE_MS - 1) / JACKPOT_INTERVAL_MS);
    expect(jackpotValueMinor(lastOfCycle)).toBe(JACKPOT_BASE_MINOR + steps * JACKPOT_STEP_MINOR);
    expect(jackpotValueMinor(lastOfCycle + 1)).toBe(JACKPOT_BASE_MINOR);
    expect(jackpotValueMinor(JACKPOT_EPOCH_MS + 5 * JACKPOT_CYCLE_MS + 6000)).toBe(
      JACKPOT_BASE_MINOR + 2 * JACKPOT_STEP_MINOR,
    );
  });

  it('handles a clock set before the epoch', () => {
    expect(jackpotValueMinor(JACKPOT_EPOCH_MS - 1)).toBe(jackpotValueMinor(lastMsOfACycle()));
    expect(jackpotValueMinor(JACKPOT_EPOCH_MS - 1)).toBeGreaterThan(JACKPOT_BASE_MINOR);
  });

  it('tells how long until the next step', () => {
    expect(msUntilNextStep(JACKPOT_EPOCH_MS)).toBe(3000);
    expect(msUntilNextStep(JACKPOT_EPOCH_MS + 1)).toBe(2999);
    expect(msUntilNextStep(JACKPOT_EPOCH_MS + 2999)).toBe(1);
  });
});

function lastMsOfACycle(): number {
  return JACKPOT_EPOCH_MS + JACKPOT_CYCLE_MS - 1;
}

describe('jackpot digit split', () => {
  it('splits into digit columns and separators, English grouping', () => {
    const parts = jackpotParts(123_456_789, 'en');
    expect(formatJackpot(123_456_789, 'en')).toBe('1,234,567.89');
    expect(parts.filter((part) => part.kind === 'digit').map((part) => part.digit)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(parts[1]).toEqual({ kind: 'symbol', text: ',' });
    expect(parts.at(-3)).toEqual({ kind: 'symbol', text: '.' });
  });

  it('groups in lakhs for Hindi and keeps Latin digits', () => {
    expect(formatJackpot(3_428_617_611, 'hi')).toBe('3,42,86,176.11');
  });

  it('keeps leading zeros of the fraction', () => {
    expect(formatJackpot(100_000_005, 'en')).toBe('1,000,000.05');
    expect(formatJackpot(100_000_000, 'en')).toBe('1,000,000.00');
  });
});
