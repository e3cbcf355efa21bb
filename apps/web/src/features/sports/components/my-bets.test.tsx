import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { forgetSportsSessions } from '../hooks/use-sports-session.ts';
import { makeBet, SESSION_ROUTES } from '../test/sports-fixtures.ts';
import { MyBets } from './my-bets.tsx';

const quote = (quoteId: string, valueMinor: string) => ({
  quoteId,
  betId: 'SB-77',
  valueMinor,
  expiresAt: new Date(Date.now() + 10_000).toISOString(),
});

describe('my bets and cash-out', () => {
  beforeEach(async () => {
    await resetLanguage();
    forgetSportsSessions();
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('asks a visitor to log in', async () => {
    stubFetch({});
    renderUi(<MyBets gameCode="sports" symbol="₹" />);
    expect((await screen.findByTestId('sports-bets-login')).textContent).toContain(
      'Log in to see your bets.',
    );
  });

  it('lists open bets; a cash-out is quoted, re-quoted when the price moved (old → new), then paid', async () => {
    useSessionStore.setState({ token: 'token-1' });
    const quotes = [quote('1', '15000'), quote('2', '14200')];
    const accepts: unknown[] = [];
    const stub = stubFetch({
      ...SESSION_ROUTES,
      '/sportsbook/api/bets': (url: URL) =>
        url.searchParams.get('status') === 'open'
          ? { list: [makeBet()], nextCursor: null }
          : { list: [makeBet({ betId: 'SB-5', status: 'settled', payoutMinor: '0' })], nextCursor: null },
      '/sportsbook/api/bets/SB-77/cashout/quote': () => quotes.shift(),
      '/sportsbook/api/bets/SB-77/cashout': () => {
        accepts.push(true);
        return accepts.length === 1
          ? Response.json(
              { success: false, message: 'sportsbook_cashout_price_moved', value: null },
              { status: 409 },
            )
          : { bet: makeBet({ status: 'cashed_out', cashoutMinor: '14200' }), balanceMinor: '114200' };
      },
    });
    renderUi(<MyBets gameCode="sports" symbol="₹" />);
    const bet = await screen.findByTestId('sports-bet-SB-77');
    expect(within(bet).getByTestId('sports-bet-result').textContent).toBe('To return ₹191.00');
    expect(bet.textContent).toContain(
      'Mumbai Mavericks @ 1.91 · Match winner · Mumbai Mavericks v Chennai Chargers',
    );

    await userEvent.click(within(bet).getByTestId('sports-cashout'));
    const confirm = await within(bet).findByTestId('sports-cashout-confirm');
    expect(confirm.textContent).toBe('Cash out ₹150.00');
    await userEvent.click(confirm);
    // The book refused the old quote: a new one is shown, old → new, and nothing is paid until confirmed.
    expect((await within(bet).findByTestId('sports-cashout-moved')).textContent).toBe(
      'The value changed from ₹150.00 to ₹142.00. Confirm again to cash out.',
    );
    await userEvent.click(within(bet).getByTestId('sports-cashout-confirm'));
    expect((await within(bet).findByTestId('sports-cashout-done')).textContent).toBe('Cashed out ₹142.00');
    // The list keeps saying what was paid once the bet has left it (the open list's next read drops it).
    expect((await screen.findByTestId('sports-cashout-notice')).textContent).toContain(
      'Bet SB-77 cashed out for ₹142.00. It is now under Settled.',
    );

    const bodies = stub.mock.calls
      .filter(
        ([input]) => new URL(String(input), 'http://x').pathname === '/sportsbook/api/bets/SB-77/cashout',
      )
      .map((call) => JSON.parse(String(((call as unknown[])[1] as RequestInit).body)));
    expect(bodies).toEqual([{ quoteId: '1' }, { quoteId: '2' }]);

    await userEvent.click(screen.getByRole('radio', { name: 'Settled' }));
    const settled = await screen.findByTestId('sports-bet-SB-5');
    expect(within(settled).getByTestId('sports-bet-result').textContent).toBe('Paid ₹0.00');
    expect(within(settled).queryByTestId('sports-cashout')).toBeNull();
  });

  it('says why a cash-out is not available', async () => {
    useSessionStore.setState({ token: 'token-1' });
    stubFetch({
      ...SESSION_ROUTES,
      '/sportsbook/api/bets': { list: [makeBet()], nextCursor: null },
      '/sportsbook/api/bets/SB-77/cashout/quote': () =>
        Response.json(
          { success: false, message: 'sportsbook_cashout_unavailable', value: null },
          { status: 409 },
        ),
    });
    renderUi(<MyBets gameCode="sports" symbol="₹" />);
    await userEvent.click(await screen.findByTestId('sports-cashout'));
    expect((await screen.findByTestId('sports-cashout-error')).textContent).toBe(
      'Cash out is not available for this bet right now.',
    );
  });

  it('asks for a new value rather than sending an offer past its time', async () => {
    useSessionStore.setState({ token: 'token-1' });
    const quotes = [
      { ...quote('1', '15000'), expiresAt: new Date(Date.now() - 1000).toISOString() },
      quote('2', '14900'),
    ];
    stubFetch({
      ...SESSION_ROUTES,
      '/sportsbook/api/bets': { list: [makeBet()], nextCursor: null },
      '/sportsbook/api/bets/SB-77/cashout/quote': () => quotes.shift(),
    });
    renderUi(<MyBets gameCode="sports" symbol="₹" />);
    await userEvent.click(await screen.findByTestId('sports-cashout'));
    const again = await screen.findByRole('button', { name: 'Get a new value' });
    expect(screen.queryByTestId('sports-cashout-confirm')).toBeNull();
    await userEvent.click(again);
    expect((await screen.findByTestId('sports-cashout-confirm')).textContent).toBe('Cash out ₹149.00');
  });
});
