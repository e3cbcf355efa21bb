import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { TransferFundPage } from './transfer-fund-page.tsx';

const MERCHANT = { isSingle: false, currency: 'INR', currencySymbol: '₹' };

const ALPHA = { vendor: 'alpha', name: 'Alpha Games', balanceMinor: '0', balance: '0.00' };
const BETA = { vendor: 'beta', name: 'Beta Live', balanceMinor: '25050', balance: '250.50' };

const FUNDS = {
  currency: 'INR',
  currencySymbol: '₹',
  main: { balanceMinor: '1000000', balance: '10000.00' },
  vendors: [ALPHA, BETA],
  totalMinor: '1025050',
  total: '10250.50',
};

type Call = [RequestInfo | URL, RequestInit | undefined];

function serve(extra: Record<string, FetchRoute | object> = {}) {
  return stubFetch({
    '/wps/relay/GCS_merchantWallet': MERCHANT,
    '/wps/member/info/funds/consolidated': FUNDS,
    ...extra,
  });
}

function posts(fetchStub: ReturnType<typeof stubFetch>, path: string) {
  return (fetchStub.mock.calls as unknown as Call[])
    .filter(([input, init]) => String(input) === path && init?.method === 'POST')
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as unknown,
      key: ((init?.headers ?? {}) as Record<string, string>)['Idempotency-Key'],
    }));
}

const failure = (message: string, status: number) =>
  Response.json({ success: false, message, value: null }, { status });

const typeAmount = (value: string) =>
  fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value } });

describe('my wallet (transferFund)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('shows loading, then the main wallet, the total and every vendor wallet', async () => {
    serve();
    renderUi(<TransferFundPage currencySymbol="₹" />);
    expect(screen.getByTestId('transfer-fund-loading').getAttribute('role')).toBe('status');
    expect((await screen.findByTestId('main-wallet-balance')).textContent).toBe('₹10,000.00');
    expect(screen.getByTestId('total-balance').textContent).toBe('₹10,250.50');
    expect(screen.getByTestId('vendor-balance-beta').textContent).toBe('₹250.50');
    expect(screen.getByRole('button', { name: 'Transfer in to Alpha Games' })).toBeTruthy();
    // Nothing to take out of an empty vendor wallet.
    expect(
      (screen.getByRole('button', { name: 'Transfer out of Alpha Games' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('explains a single-wallet brand instead of offering transfers', async () => {
    serve({ '/wps/relay/GCS_merchantWallet': { ...MERCHANT, isSingle: true } });
    renderUi(<TransferFundPage currencySymbol="₹" />);
    expect((await screen.findByTestId('single-wallet-note')).textContent).toContain(
      'one wallet for every game',
    );
    expect(screen.queryByTestId('transfer-in-alpha')).toBeNull();
    expect(screen.queryByTestId('recall-all')).toBeNull();
  });

  it('says when the wallets cannot be loaded, and retries', async () => {
    let fail = true;
    serve({ '/wps/member/info/funds/consolidated': () => (fail ? failure('unknown_error', 500) : FUNDS) });
    renderUi(<TransferFundPage />);
    const error = await screen.findByTestId('transfer-fund-error');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('main-wallet-balance')).textContent).toBe('₹10,000.00');
  });

  it('checks the amount before the confirm step', async () => {
    serve();
    renderUi(<TransferFundPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer in to Alpha Games' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer in to Alpha Games' });
    expect(within(dialog).getByTestId('transfer-available').textContent).toBe('Main wallet: ₹10,000.00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Enter an amount.')).toBeTruthy();
    typeAmount('12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      within(dialog).getByText('Enter an amount above 0 with at most two decimals, digits only.'),
    ).toBeTruthy();
    typeAmount('10000.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      within(dialog).getByText('The amount is more than the Main wallet holds (₹10,000.00).'),
    ).toBeTruthy();
    expect(screen.queryByTestId('transfer-summary')).toBeNull();
  });

  it('transfers in after the confirm step, with one idempotency key, then shows the result', async () => {
    let funds = FUNDS;
    const fetchStub = serve({
      '/wps/member/info/funds/consolidated': () => funds,
      '/wps/relay/GCS_walletTransfer': () => {
        funds = {
          ...FUNDS,
          main: { balanceMinor: '950000', balance: '9500.00' },
          vendors: [{ ...ALPHA, balanceMinor: '50000', balance: '500.00' }, BETA],
        };
        return {
          entryId: '7',
          main: { balanceMinor: '950000', balance: '9500.00' },
          vendor: { vendor: 'alpha', balanceMinor: '50000', balance: '500.00' },
        };
      },
    });
    renderUi(<TransferFundPage currencySymbol="₹" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer in to Alpha Games' }));
    typeAmount('500');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('transfer-summary').textContent).toBe(
      'Transfer ₹500.00 from Main wallet to Alpha Games?',
    );
    expect(posts(fetchStub, '/wps/relay/GCS_walletTransfer')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect((await screen.findByTestId('transfer-done')).textContent).toBe(
      '₹500.00 moved to Alpha Games. Main wallet: ₹9,500.00.',
    );
    const sent = posts(fetchStub, '/wps/relay/GCS_walletTransfer');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ vendor: 'alpha', direction: 'in', amount: '500' });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.getByTestId('vendor-balance-alpha').textContent).toBe('₹500.00'));
    expect(screen.getByTestId('main-wallet-balance').textContent).toBe('₹9,500.00');
  });

  it('keeps the key for a retry of the same intent, and makes a new one for the next', async () => {
    let answer: () => unknown = () => failure('network_error', 502);
    const fetchStub = serve({ '/wps/relay/GCS_walletTransfer': () => answer() });
    renderUi(<TransferFundPage currencySymbol="₹" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer out of Beta Live' }));
    expect(screen.getByTestId('transfer-available').textContent).toBe('Beta Live: ₹250.50');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer everything in the Beta Live' }));
    expect((screen.getByTestId('transfer-amount') as HTMLInputElement).value).toBe('250.50');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('transfer-error')).textContent).toBe(
      'System error. Please try again later.',
    );

    answer = () => failure('insufficient_funds', 409);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByTestId('transfer-error').textContent).toBe('Insufficient balance.'),
    );
    const [first, second] = posts(fetchStub, '/wps/relay/GCS_walletTransfer');
    expect(second?.key).toBe(first?.key);
    expect(second?.body).toEqual({ vendor: 'beta', direction: 'out', amount: '250.50' });

    // Back to the amount, then a new confirm: a new intent.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts(fetchStub, '/wps/relay/GCS_walletTransfer')).toHaveLength(3));
    expect(posts(fetchStub, '/wps/relay/GCS_walletTransfer')[2]?.key).not.toBe(first?.key);
  });

  it('recalls every vendor wallet after a confirm and says so', async () => {
    const fetchStub = serve({
      '/wps/relay/GCS_walletRecall': {
        recalledMinor: '25050',
        recalled: '250.50',
        main: { balanceMinor: '1025050', balance: '10250.50' },
      },
    });
    renderUi(<TransferFundPage currencySymbol="₹" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Recall all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recall all balances' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('recall-done')).textContent).toBe('Balance returned successfully');
    const sent = posts(fetchStub, '/wps/relay/GCS_walletRecall');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({});
    expect(sent[0]?.key).toBeTruthy();
  });

  it('offers no recall when every vendor wallet is empty', async () => {
    serve({
      '/wps/member/info/funds/consolidated': {
        ...FUNDS,
        vendors: [ALPHA],
        totalMinor: '1000000',
        total: '10000.00',
      },
    });
    renderUi(<TransferFundPage />);
    expect(((await screen.findByRole('button', { name: 'Recall all' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('speaks Hindi', async () => {
    await resetLanguage('hi');
    serve();
    renderUi(<TransferFundPage currencySymbol="₹" />);
    expect(await screen.findByRole('heading', { name: 'गेम वॉलेट' })).toBeTruthy();
    expect(screen.getByText('मुख्य वॉलेट')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'सब वापस लें' })).toBeTruthy();
  });
});
