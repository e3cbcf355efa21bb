import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { postSealed } from '../../../lib/sealed-request.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeLabelledMember } from '../../../test/fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { TransferUplinePage } from './transfer-upline-page.tsx';

// Sealing has its own tests; here what the page seals, with which key, and what it does with the answer.
vi.mock('../../../lib/sealed-request.ts', () => ({ postSealed: vi.fn() }));
const sealed = vi.mocked(postSealed);

const BALANCE = { sumBalance: '10000.00', currency: 'INR', balanceMinor: '1000000' };
const RESULT = {
  entryId: '9',
  amountMinor: '150050',
  amount: '1500.50',
  to: 'demo_agent',
  main: { balanceMinor: '849950', balance: '8499.50' },
};

function serve(extra: Record<string, FetchRoute | object> = {}) {
  return stubFetch({
    '/wps/member/info': makeLabelledMember({ toUpline: true }),
    '/wps/member/withdraw-password': { isSet: true },
    '/wps/v2/wallets/balance': BALANCE,
    '/wps/relay/GCS_merchantWallet': { isSingle: false, currency: 'INR', currencySymbol: '₹' },
    ...extra,
  });
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function fillForm(amount: string, password: string) {
  await screen.findByTestId('upline-form');
  await waitFor(() =>
    expect(screen.getByTestId('upline-available').textContent).toBe('Main wallet: ₹10,000.00'),
  );
  fill('upline-amount', amount);
  fill('upline-password', password);
  await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
}

describe('transfer to upline', () => {
  beforeEach(async () => {
    await resetLanguage();
    sealed.mockReset();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('checks the amount and the payment password before confirming', async () => {
    serve();
    renderUi(<TransferUplinePage currencySymbol="₹" />);
    await fillForm('', '');
    expect(screen.getByText('Enter an amount.')).toBeTruthy();
    expect(screen.getByText('Enter your payment password.')).toBeTruthy();
    await fillForm('0', 'secret1');
    expect(screen.getByText('Enter an amount above 0 with at most two decimals, digits only.')).toBeTruthy();
    await fillForm('20000', 'secret1');
    expect(screen.getByText('The amount is more than the Main wallet holds (₹10,000.00).')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sealed).not.toHaveBeenCalled();
  });

  it('sends the sealed transfer after the confirm, with an idempotency key, and shows the result', async () => {
    serve();
    sealed.mockResolvedValue(RESULT);
    renderUi(<TransferUplinePage currencySymbol="₹" />);
    await fillForm('1500.50', 'secret1');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    expect(within(dialog).getByTestId('upline-confirm-summary').textContent).toBe(
      'Transfer ₹1,500.50 from your main wallet to your upline?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('upline-done')).textContent).toBe(
      '₹1,500.50 sent to demo_agent. Main wallet: ₹8,499.50.',
    );
    expect(sealed).toHaveBeenCalledTimes(1);
    const [path, payload, method, options] = sealed.mock.calls[0] ?? [];
    expect(path).toBe('/wps/member/transfer/upline');
    expect(payload).toEqual({ amount: '1500.50', withdrawPassword: 'secret1' });
    expect(method).toBe('POST');
    expect(options?.headers?.['Idempotency-Key']).toBeTruthy();
    // The form is cleared for the next transfer.
    expect((screen.getByTestId('upline-amount') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('upline-password') as HTMLInputElement).value).toBe('');
  });

  it('retries a failed attempt with the same key', async () => {
    serve();
    sealed.mockRejectedValueOnce(new ApiError('network_error', 0)).mockResolvedValueOnce(RESULT);
    renderUi(<TransferUplinePage currencySymbol="₹" />);
    await fillForm('1500.50', 'secret1');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByTestId('upline-confirm-error')).textContent).toBe(
      'Network link abnormal. Please check your connection and try again.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('upline-done');
    const keys = sealed.mock.calls.map((call) => call[3]?.headers?.['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('puts a wrong payment password under its field', async () => {
    serve();
    sealed.mockRejectedValue(new ApiError('withdraw_password_error', 403));
    renderUi(<TransferUplinePage currencySymbol="₹" />);
    await fillForm('100', 'wrong-1');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm the transfer' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('The payment password is incorrect.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByTestId('upline-password') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('upline-amount') as HTMLInputElement).value).toBe('100');
  });

  it('shows a refusal from the server in the dialog', async () => {
    serve();
    sealed.mockRejectedValue(new ApiError('transfer_not_allowed', 403));
    renderUi(<TransferUplinePage currencySymbol="₹" />);
    await fillForm('100', 'secret1');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByTestId('upline-confirm-error')).textContent).toBe(
      'You can only transfer to your own upline or downline.',
    );
  });

  it('links to the security centre when no payment password is set', async () => {
    serve({ '/wps/member/withdraw-password': { isSet: false } });
    renderUi(<TransferUplinePage currencySymbol="₹" />);
    const note = await screen.findByTestId('upline-no-password');
    expect(within(note).getByRole('link', { name: 'Go to the security centre' }).getAttribute('href')).toBe(
      '/member/securityCenter',
    );
    expect(screen.queryByTestId('upline-form')).toBeNull();
  });

  it('says so when the member has no upline', async () => {
    serve({ '/wps/member/info': makeLabelledMember({ toUpline: false }) });
    renderUi(<TransferUplinePage currencySymbol="₹" />);
    expect((await screen.findByTestId('upline-unavailable')).textContent).toBe(
      'Your account has no upline to transfer to.',
    );
  });

  it('offers a retry when the payment-password state cannot be loaded', async () => {
    let fail = true;
    serve({
      '/wps/member/withdraw-password': () =>
        fail
          ? Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 })
          : { isSet: true },
    });
    renderUi(<TransferUplinePage currencySymbol="₹" />);
    const error = await screen.findByTestId('upline-error');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('upline-form')).toBeTruthy();
  });

  it('speaks Hindi', async () => {
    await resetLanguage('hi');
    serve();
    renderUi(<TransferUplinePage currencySymbol="₹" />);
    expect(await screen.findByRole('button', { name: 'ट्रांसफ़र करें' })).toBeTruthy();
    expect(await screen.findByLabelText(/भुगतान पासवर्ड/, { selector: 'input' })).toBeTruthy();
  });
});
