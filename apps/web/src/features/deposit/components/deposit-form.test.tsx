import type { PaymentMethodView } from '@lotus/shared/deposits.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { checkDepositForm, quickAmounts } from '../utils/deposit-form.ts';
import { DepositForm, gatewayRedirect } from './deposit-form.tsx';

const BANK: PaymentMethodView = {
  code: 'bank',
  kind: 'bank_transfer',
  name: 'Bank transfer',
  minMinor: '10000',
  min: '100.00',
  maxMinor: '20000000',
  max: '200000.00',
  bank: {
    bankName: 'Lotus Bank',
    accountName: 'Lotus Gaming Pvt Ltd',
    accountNumber: '001122334455',
    ifsc: 'LOTS0001234',
    upiId: 'lotus@upi',
  },
};
const GATEWAY: PaymentMethodView = {
  code: 'sim-upi',
  kind: 'gateway',
  name: 'UPI (simulator)',
  minMinor: '10000',
  min: '100.00',
  maxMinor: '5000000',
  max: '50000.00',
};

type Sent = { url: string; init: RequestInit };

/** Answers the deposit POST with `answers` in turn (an envelope each); records what was sent. */
function serveDeposits(answers: { status: number; body: unknown }[]) {
  const sent: Sent[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init: init ?? {} });
    const answer = answers.shift() ?? {
      status: 500,
      body: { success: false, message: 'unknown_error', value: null },
    };
    return Response.json(answer.body, { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchStub);
  return sent;
}

const deposit = (id: string, kind: 'bank_transfer' | 'gateway') => ({
  id,
  method: kind === 'gateway' ? 'sim-upi' : 'bank',
  methodName: 'x',
  kind,
  amountMinor: '150000',
  amount: '1500.00',
  status: 'pending',
  reference: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  decidedAt: null,
  rejectReason: null,
});

const amountInput = () => screen.getByTestId('deposit-amount') as HTMLInputElement;
const errorOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
};

describe('deposit form rules', () => {
  it('checks the amount against the method limits and the UTR of a bank transfer', () => {
    expect(checkDepositForm(BANK, { amount: '', reference: '' })).toEqual({
      amount: { code: 'required' },
      reference: 'required',
    });
    expect(checkDepositForm(BANK, { amount: '99.99', reference: 'UTR12345' }).amount).toEqual({
      code: 'amount_below_minimum',
      limitMinor: 10000n,
    });
    expect(checkDepositForm(BANK, { amount: '200000.01', reference: 'UTR12345' }).amount).toEqual({
      code: 'amount_above_maximum',
      limitMinor: 20000000n,
    });
    expect(checkDepositForm(BANK, { amount: '1e3', reference: 'UTR12345' }).amount).toEqual({
      code: 'amount_invalid',
    });
    expect(checkDepositForm(BANK, { amount: '10.005', reference: 'UTR12345' }).amount).toEqual({
      code: 'amount_invalid',
    });
    expect(checkDepositForm(BANK, { amount: '100', reference: '12345' }).reference).toBe('length');
    expect(checkDepositForm(BANK, { amount: '100', reference: 'x'.repeat(65) }).reference).toBe('length');
    expect(checkDepositForm(BANK, { amount: '200000', reference: '123456' })).toEqual({});
    // A gateway needs no reference.
    expect(checkDepositForm(GATEWAY, { amount: '50000', reference: '' })).toEqual({});
  });

  it('offers quick amounts only inside the limits', () => {
    expect(quickAmounts(GATEWAY)).toEqual(['100', '500', '1000', '2000', '5000', '10000']);
    expect(quickAmounts({ ...GATEWAY, minMinor: '300000', maxMinor: '1500000' })).toEqual(['5000', '10000']);
  });
});

describe('DepositForm', () => {
  beforeEach(async () => {
    await resetLanguage();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the receiving account with copy buttons and the method limits', async () => {
    renderUi(<DepositForm methods={[BANK, GATEWAY]} symbol="₹" />);
    const bank = await screen.findByTestId('deposit-bank');
    expect(within(bank).getByTestId('deposit-bank-accountNumber').textContent).toBe('001122334455');
    expect(within(bank).getByRole('button', { name: 'Copy IFSC' })).toBeTruthy();
    expect(screen.getAllByText('Limits: ₹100.00 – ₹200,000.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('radio', { name: /Bank transfer/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: /UPI \(simulator\)/ }));
    expect(screen.queryByTestId('deposit-bank')).toBeNull();
    expect(screen.queryByTestId('deposit-reference')).toBeNull();
  });

  it('explains each refused field and sends nothing', async () => {
    const sent = serveDeposits([]);
    renderUi(<DepositForm methods={[BANK, GATEWAY]} symbol="₹" />);
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(errorOf(amountInput())).toBe('Input cannot be empty.');
    expect(errorOf(screen.getByTestId('deposit-reference'))).toBe(
      'Enter the transaction reference (UTR) of your transfer.',
    );
    fireEvent.change(amountInput(), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(errorOf(amountInput())).toBe('The amount is below the minimum of ₹100.00.');
    fireEvent.change(amountInput(), { target: { value: '300000' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(errorOf(amountInput())).toBe('The amount is above the maximum of ₹200,000.00.');
    expect(screen.queryByTestId('deposit-confirm')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('confirms a bank deposit, retries with the same Idempotency-Key, then a new key for the next', async () => {
    const sent = serveDeposits([
      { status: 422, body: { success: false, message: 'amount_above_maximum', value: { max: '1000.00' } } },
      {
        status: 200,
        body: {
          success: true,
          message: 'ok',
          value: { deposit: deposit('41', 'bank_transfer'), redirectUrl: null },
        },
      },
      {
        status: 200,
        body: {
          success: true,
          message: 'ok',
          value: { deposit: deposit('42', 'bank_transfer'), redirectUrl: null },
        },
      },
    ]);
    renderUi(<DepositForm methods={[BANK, GATEWAY]} symbol="₹" />);
    fireEvent.click(screen.getByTestId('deposit-quick-1000'));
    expect(amountInput().value).toBe('1000');
    fireEvent.change(amountInput(), { target: { value: '1500' } });
    fireEvent.change(screen.getByTestId('deposit-reference'), { target: { value: 'UTR998877' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    const dialog = await screen.findByTestId('deposit-confirm');
    expect(within(dialog).getByTestId('deposit-confirm-amount').textContent).toBe('₹1,500.00');
    fireEvent.click(within(dialog).getByTestId('deposit-confirm-submit'));
    expect((await within(dialog).findByTestId('deposit-confirm-error')).textContent).toBe(
      'The amount is above the maximum of ₹1,000.00.',
    );
    fireEvent.click(within(dialog).getByTestId('deposit-confirm-submit'));
    expect((await screen.findByTestId('deposit-submitted')).textContent).toContain('Deposit #41');
    const deposits = sent.filter((call) => call.url === '/wps/payments/deposits');
    expect(deposits).toHaveLength(2);
    const keyOf = (call: Sent) => (call.init.headers as Record<string, string>)['Idempotency-Key'];
    expect(keyOf(deposits[0] as Sent)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keyOf(deposits[1] as Sent)).toBe(keyOf(deposits[0] as Sent));
    const body = (deposits[0] as Sent).init.body as FormData;
    expect(body.get('method')).toBe('bank');
    expect(body.get('amount')).toBe('1500');
    expect(body.get('reference')).toBe('UTR998877');
    expect((deposits[0] as Sent).init.headers).not.toHaveProperty('Content-Type');

    // The next deposit is a new intent: a new key.
    fireEvent.change(amountInput(), { target: { value: '200' } });
    fireEvent.change(screen.getByTestId('deposit-reference'), { target: { value: 'UTR112233' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    fireEvent.click(await screen.findByTestId('deposit-confirm-submit'));
    await waitFor(() => expect(screen.getByTestId('deposit-submitted').textContent).toContain('Deposit #42'));
    const third = sent.filter((call) => call.url === '/wps/payments/deposits')[2] as Sent;
    expect(keyOf(third)).not.toBe(keyOf(deposits[0] as Sent));
  });

  it('hands a gateway deposit over to the pay page the server returns', async () => {
    const go = vi.spyOn(gatewayRedirect, 'go').mockImplementation(() => {});
    const sent = serveDeposits([
      {
        status: 200,
        body: {
          success: true,
          message: 'ok',
          value: { deposit: deposit('43', 'gateway'), redirectUrl: '/sim/gateway/pay?order=43&sig=abc' },
        },
      },
    ]);
    renderUi(<DepositForm methods={[GATEWAY]} symbol="₹" />);
    fireEvent.change(amountInput(), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    fireEvent.click(await screen.findByTestId('deposit-confirm-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/sim/gateway/pay?order=43&sig=abc'));
    const body = (sent[0] as Sent).init.body as FormData;
    expect(body.get('method')).toBe('sim-upi');
    expect(body.has('reference')).toBe(false);
  });
});
