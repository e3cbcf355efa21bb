import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { JACKPOT_EPOCH_MS, JACKPOT_STEP_MINOR, jackpotValueMinor } from '../utils/jackpot-value.ts';
import { JackpotCounter } from './jackpot-counter.tsx';

describe('JackpotCounter', () => {
  beforeEach(async () => {
    await resetLanguage();
    // Only the clock and timers are faked; promises (React's scheduling) stay real.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(JACKPOT_EPOCH_MS + 40 * 3000 + 1200);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the time-derived value and adds 165.11 at each 3000 ms step', () => {
    renderUi(<JackpotCounter currencySymbol="₹" />);
    const value = screen.getByTestId('jackpot-value');
    const start = jackpotValueMinor(Date.now());
    expect(Number(value.dataset.valueMinor)).toBe(start);

    // 1800 ms to the next step (aligned on the shared clock), then one more whole step.
    act(() => vi.advanceTimersByTime(1800));
    expect(Number(value.dataset.valueMinor)).toBe(start + JACKPOT_STEP_MINOR);
    act(() => vi.advanceTimersByTime(3000));
    expect(Number(value.dataset.valueMinor)).toBe(start + 2 * JACKPOT_STEP_MINOR);
  });

  it('draws one rolling column per digit, moved by a transform', () => {
    renderUi(<JackpotCounter currencySymbol="₹" />);
    const value = screen.getByTestId('jackpot-value');
    // 1,000,000.00 + 40 × 165.11 = 1,006,604.40 → 9 digits.
    const strips = value.querySelectorAll<HTMLElement>('[style*="--digit"]');
    expect(strips).toHaveLength(9);
    expect([...strips].map((strip) => strip.style.getPropertyValue('--digit')).join('')).toBe('100660440');
  });

  it('labels itself as an illustrative display, once, without a live region', () => {
    renderUi(<JackpotCounter currencySymbol="₹" />);
    const value = screen.getByTestId('jackpot-value');
    expect(value.getAttribute('aria-live')).toBe('off');
    expect(value.textContent).toContain('Illustrative jackpot display, not a prize: ₹ 1,006,604.40');
    expect(screen.getByTestId('jackpot-illustrative').textContent).toBe('Illustrative display');
    // The digit columns are decoration for assistive technology: the label carries the value.
    expect(value.querySelector('[aria-hidden="true"]')?.textContent).toContain('₹');
  });
});
