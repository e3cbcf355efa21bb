import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { WALLET_KEYS } from '../../../lib/wallet/use-wallet-queries.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { BALANCE_REFRESH_DELAY_MS, HeaderWallet } from './header-wallet.tsx';

const BALANCE = { sumBalance: '10000.00', currency: 'INR', balanceMinor: '1000000' };

/** A fetch answer the test releases when it wants, to see the strip while the request is under way. */
function deferred() {
  let resolve: (value: unknown) => void = () => undefined;
  const promise = new Promise((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Answers the balance only when the test says so (stubFetch answers at once). */
function stubSlowBalance(next: () => Promise<unknown>) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) !== '/wps/v2/wallets/balance') {
      return Response.json({ success: false, message: 'not_found', value: null }, { status: 404 });
    }
    await next();
    return Response.json({ success: true, message: 'ok', value: BALANCE });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function balanceCalls(fetchStub: { mock: { calls: unknown[][] } }) {
  const all = fetchStub.mock.calls as unknown as [RequestInfo | URL][];
  return all.filter(([input]) => String(input) === '/wps/v2/wallets/balance').length;
}

const amount = () => screen.getByTestId('header-balance');

describe('header wallet', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => {
    vi.useRealTimers();
    useSessionStore.setState({ token: null });
  });

  it('asks for the balance 300 ms after it appears, showing *** until the answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchStub = stubFetch({ '/wps/v2/wallets/balance': BALANCE });
    renderUi(<HeaderWallet currencySymbol="₹" />);
    expect(amount().textContent).toBe('***');
    act(() => vi.advanceTimersByTime(BALANCE_REFRESH_DELAY_MS - 1));
    expect(balanceCalls(fetchStub)).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(amount().textContent).toBe('₹10,000.00'));
    expect(balanceCalls(fetchStub)).toBe(1);
  });

  it('shows *** while refreshing, on load and on the refresh icon', async () => {
    let pending = deferred();
    const fetchStub = stubSlowBalance(() => pending.promise);
    renderUi(<HeaderWallet currencySymbol="₹" />);
    await waitFor(() => expect(balanceCalls(fetchStub)).toBe(1));
    expect(amount().textContent).toBe('***');
    expect(amount().getAttribute('data-state')).toBe('refreshing');
    expect(screen.getByTestId('header-balance-spoken').textContent).toBe('refreshing');
    pending.resolve(null);
    await waitFor(() => expect(amount().textContent).toBe('₹10,000.00'));
    expect(screen.getByTestId('header-balance-spoken').textContent).toBe('₹10,000.00');

    pending = deferred();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(balanceCalls(fetchStub)).toBe(2));
    expect(amount().textContent).toBe('***');
    pending.resolve(null);
    await waitFor(() => expect(amount().textContent).toBe('₹10,000.00'));
  });

  it('hides the balance as *** and remembers it on this device', async () => {
    stubFetch({ '/wps/v2/wallets/balance': BALANCE });
    const first = renderUi(<HeaderWallet currencySymbol="₹" />);
    await waitFor(() => expect(amount().textContent).toBe('₹10,000.00'));
    const toggle = screen.getByRole('button', { name: 'Hide balance' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(amount().textContent).toBe('***');
    expect(amount().getAttribute('data-state')).toBe('hidden');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem('balanceHidden')).toBe('1');
    first.unmount();

    // A new page load on the same device: still hidden once the balance has arrived.
    renderUi(<HeaderWallet currencySymbol="₹" />);
    await waitFor(() =>
      expect(screen.getByTestId('header-balance').getAttribute('data-state')).toBe('hidden'),
    );
    await new Promise((done) => setTimeout(done, BALANCE_REFRESH_DELAY_MS + 50));
    expect(amount().textContent).toBe('***');
    await userEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    await waitFor(() => expect(amount().textContent).toBe('₹10,000.00'));
    expect(window.localStorage.getItem('balanceHidden')).toBe('0');
  });

  it("shows the brand's symbol, and 'P' when the brand has none", async () => {
    stubFetch({ '/wps/v2/wallets/balance': { ...BALANCE, balanceMinor: '123456789' } });
    const first = renderUi(<HeaderWallet currencySymbol="₹" />);
    await waitFor(() => expect(amount().textContent).toBe('₹1,234,567.89'));
    first.unmount();
    renderUi(<HeaderWallet currencySymbol="" />);
    await waitFor(() => expect(amount().textContent).toBe('P1,234,567.89'));
  });

  it('shows a pushed balance at once, without waiting for the timer', async () => {
    const fetchStub = stubFetch({ '/wps/v2/wallets/balance': BALANCE });
    const view = renderUi(<HeaderWallet currencySymbol="₹" />);
    act(() => {
      view.queryClient.setQueryData(WALLET_KEYS.balance, { ...BALANCE, balanceMinor: '50000' });
    });
    await waitFor(() => expect(amount().textContent).toBe('₹500.00'));
    expect(balanceCalls(fetchStub)).toBe(0);
  });

  it('says the balance is unavailable when it cannot be loaded, and retries on refresh', async () => {
    let fail = true;
    stubFetch({
      '/wps/v2/wallets/balance': () =>
        fail
          ? Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 })
          : BALANCE,
    });
    renderUi(<HeaderWallet currencySymbol="₹" />);
    await waitFor(() => expect(amount().getAttribute('data-state')).toBe('error'));
    expect(amount().textContent).toBe('—');
    expect(screen.getByTestId('header-balance-spoken').textContent).toBe('unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(amount().textContent).toBe('₹10,000.00'));
  });

  it('links deposit and the security centre by name', () => {
    stubFetch({ '/wps/v2/wallets/balance': BALANCE });
    renderUi(<HeaderWallet currencySymbol="₹" />);
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/member/depositv2');
    expect(screen.getByRole('link', { name: 'Security centre' }).getAttribute('href')).toBe(
      '/member/securityCenter',
    );
  });

  it('on a phone the amount itself refreshes (no room for the icon), named with the balance', async () => {
    const original = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...original(query),
      matches: query === '(max-width: 48em)',
    }));
    let pending = deferred();
    const fetchStub = stubSlowBalance(() => pending.promise);
    renderUi(<HeaderWallet currencySymbol="₹" />);
    pending.resolve(null);
    const refresh = await screen.findByRole('button', { name: 'Balance: ₹10,000.00. Refresh balance' });
    expect(screen.queryByTestId('header-balance-spoken')).toBeNull();
    expect(screen.getAllByTestId('balance-refresh')).toHaveLength(1);
    pending = deferred();
    await userEvent.click(refresh);
    await waitFor(() => expect(balanceCalls(fetchStub)).toBe(2));
    expect(amount().textContent).toBe('***');
    pending.resolve(null);
    await waitFor(() => expect(amount().textContent).toBe('₹10,000.00'));
  });

  it('does not ask for a balance without a session', async () => {
    useSessionStore.setState({ token: null });
    const fetchStub = stubFetch({ '/wps/v2/wallets/balance': BALANCE });
    renderUi(<HeaderWallet currencySymbol="₹" />);
    await new Promise((done) => setTimeout(done, BALANCE_REFRESH_DELAY_MS + 50));
    expect(balanceCalls(fetchStub)).toBe(0);
  });

  it('speaks Hindi', async () => {
    await resetLanguage('hi');
    stubFetch({ '/wps/v2/wallets/balance': BALANCE });
    renderUi(<HeaderWallet currencySymbol="₹" />);
    expect(screen.getByRole('button', { name: 'बैलेंस छिपाएँ' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'जमा करें' })).toBeTruthy();
  });
});
