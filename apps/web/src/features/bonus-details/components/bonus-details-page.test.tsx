import type { BonusView, MyBonuses } from '@lotus/shared/promotion-engine.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { BonusDetailsPage } from './bonus-details-page.tsx';

const OPEN: BonusView = {
  id: '4',
  promotionId: '1',
  promotionTitle: 'Welcome bonus',
  amountMinor: '100000',
  amount: '1000.00',
  currency: 'INR',
  wageringRequiredMinor: '1000000',
  wageringRequired: '10000.00',
  wageringDoneMinor: '250000',
  wageringDone: '2500.00',
  progressPercent: 25,
  weights: [
    { gameType: 'RNG', percent: 100 },
    { gameType: 'LIVE', percent: 10 },
  ],
  status: 'open',
  issuedAt: '2026-11-27T10:00:00.000Z',
  closedAt: null,
  forfeited: null,
};

const list = (bonuses: BonusView[], lockedMinor = '100000'): MyBonuses => ({
  list: bonuses,
  lockedMinor,
  locked: `${Number(lockedMinor) / 100}.00`,
});

describe('bonus details page', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('shows each bonus with its requirement, a progress bar, what counts and the locked amount', async () => {
    stubFetch({ '/wps/member/bonuses': list([OPEN]) });
    renderUi(<BonusDetailsPage currencySymbol="₹" />);
    const item = await screen.findByTestId('bonus-4');
    expect(within(item).getByTestId('bonus-4-amount').textContent).toBe('₹1,000.00');
    const bar = within(item).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(within(item).getByTestId('bonus-4-progress-text').textContent).toContain(
      '₹2,500.00 of ₹10,000.00 (25%)',
    );
    expect(item.textContent).toContain('Slots counts 100%');
    expect(screen.getByTestId('bonuses-locked').textContent).toContain('₹1,000.00');
  });

  it('forfeits after the confirm step with an Idempotency-Key', async () => {
    let current = list([OPEN]);
    const fetchStub = stubFetch({
      '/wps/member/bonuses': () => current,
      '/wps/member/bonuses/4/forfeit': () => {
        const bonus = {
          ...OPEN,
          status: 'forfeited' as const,
          closedAt: '2026-11-27T11:00:00.000Z',
          forfeited: '1000.00',
        };
        current = list([bonus], '0');
        return { bonus };
      },
    });
    renderUi(<BonusDetailsPage currencySymbol="₹" />);
    await userEvent.click(await screen.findByTestId('bonus-4-forfeit'));
    expect((await screen.findByTestId('bonus-forfeit-confirm-summary')).textContent).toContain('₹1,000.00');
    await userEvent.click(screen.getByTestId('bonus-forfeit-confirm-confirm'));
    expect((await screen.findByTestId('bonuses-done')).textContent).toContain('forfeited');
    await waitFor(() => expect(screen.getByTestId('bonus-4').dataset.status).toBe('forfeited'));
    expect(screen.queryByTestId('bonus-4-forfeit')).toBeNull();
    const call = fetchStub.mock.calls.find(([input]) => String(input).endsWith('/forfeit')) as unknown[];
    expect(((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('has an empty state with a way to the promotions, and an error state', async () => {
    stubFetch({ '/wps/member/bonuses': list([], '0') });
    const { unmount } = renderUi(<BonusDetailsPage currencySymbol="₹" />);
    expect((await screen.findByTestId('bonuses-empty')).textContent).toContain('no bonuses');
    unmount();
    stubFetch({});
    renderUi(<BonusDetailsPage currencySymbol="₹" />);
    expect(await screen.findByTestId('bonuses-error')).toBeTruthy();
  });
});
