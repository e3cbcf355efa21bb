import type { WithdrawalView } from '@lotus/shared/withdrawals.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { checkReceiptForm, remainderMinor } from '../utils/receipt-form.ts';
import { ReceiptForm } from './receipt-form.tsx';

const PAID: WithdrawalView = {
  id: '77',
  amountMinor: '100000',
  amount: '1000.00',
  status: 'paid',
  payoutAccount: { provider: 'State Bank', accountNumberMasked: '****4321' },
  createdAt: '2026-11-21T10:00:00.000Z',
  decidedAt: '2026-11-21T10:05:00.000Z',
  rejectReason: null,
  receipt: {
    status: 'awaiting',
    deadline: '2026-11-21T11:05:00.000Z',
    receivedMinor: null,
    received: null,
    remainderMinor: null,
    remainder: null,
    investigation: null,
  },
};

// The smallest PNG the content check accepts: signature, then the IHDR chunk header.
const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
]);
const png = (name = 'statement.png') => new File([PNG_BYTES], name, { type: 'image/png' });

type Sent = { url: string; init: RequestInit };
function serveReceipt() {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input), init: init ?? {} });
      return Response.json({ success: true, message: 'ok', value: { withdrawal: PAID } });
    }),
  );
  return sent;
}

const answer = (status: string) => fireEvent.click(screen.getByTestId(`receipt-answer-${status}`));
const errorOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
};

describe('receipt rules (SPEC §4 withdrawal confirmation)', () => {
  const draft = { status: null, receivedAmount: '', proof: null, note: '' };
  it('needs an answer; received needs nothing more', () => {
    expect(checkReceiptForm(draft, 100000n)).toEqual({ status: 'required' });
    expect(checkReceiptForm({ ...draft, status: 'received' }, 100000n)).toEqual({});
  });
  it('not received needs a proof', () => {
    expect(checkReceiptForm({ ...draft, status: 'not_received' }, 100000n)).toEqual({
      proof: 'proof_required',
    });
    expect(checkReceiptForm({ ...draft, status: 'not_received', proof: png() }, 100000n)).toEqual({});
  });
  it('partly received needs 0 < received < amount; the proof is optional', () => {
    const partly = { ...draft, status: 'partly_received' as const };
    expect(checkReceiptForm(partly, 100000n)).toEqual({ receivedAmount: 'required' });
    for (const bad of ['0', '1000', '1000.01', '-5', 'abc', '1.234']) {
      expect(checkReceiptForm({ ...partly, receivedAmount: bad }, 100000n), bad).toEqual({
        receivedAmount: 'received_amount_invalid',
      });
    }
    expect(checkReceiptForm({ ...partly, receivedAmount: '999.99' }, 100000n)).toEqual({});
    expect(checkReceiptForm({ ...partly, receivedAmount: '0.01' }, 100000n)).toEqual({});
  });
  it('computes the remainder only for a usable received amount', () => {
    expect(remainderMinor('400', 100000n)).toBe(60000n);
    expect(remainderMinor('999.99', 100000n)).toBe(1n);
    expect(remainderMinor('1000', 100000n)).toBeNull();
    expect(remainderMinor('', 100000n)).toBeNull();
  });
});

describe('ReceiptForm', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('asks for an answer first', async () => {
    const sent = serveReceipt();
    renderUi(<ReceiptForm withdrawal={PAID} symbol="₹" />);
    fireEvent.click(screen.getByTestId('receipt-submit'));
    expect(await screen.findByText('Choose an answer.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('partly received: shows the remainder live and refuses an amount not below the withdrawal', async () => {
    serveReceipt();
    renderUi(<ReceiptForm withdrawal={PAID} symbol="₹" />);
    answer('partly_received');
    const input = await screen.findByTestId('receipt-received-amount');
    const remainder = () => screen.getByTestId('receipt-remainder').textContent;
    expect(remainder()).toBe('Not received: —');
    fireEvent.change(input, { target: { value: '250.50' } });
    expect(remainder()).toBe('Not received: ₹749.50');
    fireEvent.change(input, { target: { value: '1000' } });
    expect(remainder()).toBe('Not received: —');
    fireEvent.click(screen.getByTestId('receipt-submit'));
    expect(errorOf(input)).toBe('The received amount must be more than 0 and less than the withdrawal.');
    expect(screen.queryByTestId('receipt-confirm')).toBeNull();
  });

  it('not received: refuses without a proof, then sends it with the proof after confirming', async () => {
    const sent = serveReceipt();
    renderUi(<ReceiptForm withdrawal={PAID} symbol="₹" />);
    answer('not_received');
    fireEvent.click(await screen.findByTestId('receipt-submit'));
    expect((await screen.findByTestId('receipt-proof-error')).textContent).toBe(
      'Upload a screenshot as proof.',
    );
    fireEvent.change(screen.getByTestId('receipt-proof-input'), { target: { files: [png()] } });
    await waitFor(() => expect(screen.getByTestId('receipt-proof-name').textContent).toBe('statement.png'));
    expect(screen.queryByTestId('receipt-proof-error')).toBeNull();
    fireEvent.change(screen.getByTestId('receipt-note'), { target: { value: 'Nothing arrived' } });
    fireEvent.click(screen.getByTestId('receipt-submit'));
    const dialog = await screen.findByTestId('receipt-confirm');
    fireEvent.click(within(dialog).getByTestId('receipt-confirm-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    const call = sent[0] as Sent;
    expect(call.url).toBe('/wps/member/withdrawals/77/receipt');
    expect((call.init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    const body = call.init.body as FormData;
    expect(body.get('status')).toBe('not_received');
    expect(body.get('note')).toBe('Nothing arrived');
    expect((body.get('proof') as File).name).toBe('statement.png');
    expect(body.has('receivedAmount')).toBe(false);
  });

  it('refuses a proof that is not a PNG or JPG by its content', async () => {
    serveReceipt();
    renderUi(<ReceiptForm withdrawal={PAID} symbol="₹" />);
    answer('not_received');
    const fake = new File(['GIF89a not really'], 'photo.png', { type: 'image/png' });
    fireEvent.change(await screen.findByTestId('receipt-proof-input'), { target: { files: [fake] } });
    expect((await screen.findByTestId('receipt-proof-error')).textContent).toBe(
      'Only PNG or JPG images can be uploaded.',
    );
    expect(screen.queryByTestId('receipt-proof-name')).toBeNull();
  });

  it('received: sends only the answer', async () => {
    const sent = serveReceipt();
    renderUi(<ReceiptForm withdrawal={PAID} symbol="₹" />);
    answer('received');
    fireEvent.click(screen.getByTestId('receipt-submit'));
    fireEvent.click(await screen.findByTestId('receipt-confirm-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = (sent[0] as Sent).init.body as FormData;
    expect([...body.keys()]).toEqual(['status']);
    expect(body.get('status')).toBe('received');
  });
});
