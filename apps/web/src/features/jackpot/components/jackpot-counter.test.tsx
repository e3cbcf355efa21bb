import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyJackpotPush } from '../../../lib/jackpot/jackpot-api.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { ROLL_STEP_MS, ROLL_STEPS } from '../utils/jackpot-value.ts';
import { JackpotCounter } from './jackpot-counter.tsx';

const MEGA = {
  code: 'LOTUS-MEGA',
  nameEn: 'Lotus Mega Jackpot',
  nameHi: 'लोटस मेगा जैकपॉट',
  potMinor: '100660440',
  currency: 'INR',
  contributionBps: 100,
  oneInMinor: '1000000000',
  games: ['lotus-fortune'],
};

describe('JackpotCounter', () => {
  beforeEach(async () => {
    await resetLanguage();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the real pot in rolling columns, labelled once for screen readers, without a live region', async () => {
    stubFetch({ '/wps/jackpots': { list: [MEGA] } });
    renderUi(<JackpotCounter currencySymbol="₹" live />);
    const value = await screen.findByTestId('jackpot-value');
    await waitFor(() => expect(value.dataset.valueMinor).toBe('100660440'));
    expect(value.getAttribute('aria-live')).toBe('off');
    expect(screen.getByRole('heading', { name: 'Lotus Mega Jackpot' })).toBeTruthy();
    expect(value.textContent).toContain('Lotus Mega Jackpot: ₹ 1,006,604.40');
    const strips = value.querySelectorAll<HTMLElement>('[style*="--digit"]');
    expect([...strips].map((strip) => strip.style.getPropertyValue('--digit')).join('')).toBe('100660440');
    expect(value.querySelector('[aria-hidden="true"]')?.textContent).toContain('₹');
  });

  it('rolls up to a pushed pot in steps, and drops at once after a win', async () => {
    stubFetch({ '/wps/jackpots': { list: [MEGA] } });
    const { queryClient } = renderUi(<JackpotCounter currencySymbol="₹" live />);
    const value = await screen.findByTestId('jackpot-value');
    await waitFor(() => expect(value.dataset.valueMinor).toBe('100660440'));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // The query tells its observers on a (real) timeout: let that pass, then step the roll's interval.
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => applyJackpotPush(queryClient, [{ code: MEGA.code, potMinor: '100660840', currency: 'INR' }]));
    await settle();
    expect(value.dataset.valueMinor).toBe('100660440');
    act(() => vi.advanceTimersByTime(ROLL_STEP_MS));
    expect(value.dataset.valueMinor).toBe('100660540');
    act(() => vi.advanceTimersByTime(ROLL_STEP_MS * (ROLL_STEPS - 1)));
    expect(value.dataset.valueMinor).toBe('100660840');
    act(() => applyJackpotPush(queryClient, [{ code: MEGA.code, potMinor: '10000000', currency: 'INR' }]));
    await settle();
    expect(value.dataset.valueMinor).toBe('10000000');
  });

  it('says so when no jackpot runs, and goes without the counter when the pot cannot be read', async () => {
    stubFetch({ '/wps/jackpots': { list: [] } });
    const { unmount } = renderUi(<JackpotCounter currencySymbol="₹" live={false} />);
    expect((await screen.findByTestId('jackpot-empty')).textContent).toBe('No jackpot is running right now.');
    unmount();
    stubFetch({});
    renderUi(<JackpotCounter currencySymbol="₹" live={false} />);
    await waitFor(() => expect(screen.queryByTestId('jackpot-counter')).toBeNull());
  });
});
