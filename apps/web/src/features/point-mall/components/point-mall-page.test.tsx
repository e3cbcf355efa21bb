import type { PointConfig, PointRedemption, PointReward, RedeemPointList } from '@lotus/shared/points.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { postSealed } from '../../../lib/sealed-request.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeLabelledMember } from '../../../test/fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { PointMallPage } from './point-mall-page.tsx';

// Sealing has its own tests; here what the page seals, with which key, and what it does with the answer.
vi.mock('../../../lib/sealed-request.ts', () => ({ postSealed: vi.fn() }));
const sealed = vi.mocked(postSealed);

const MUG: PointReward = {
  id: '11',
  kind: 'goods',
  name: 'Lotus tea mug',
  nameEn: 'Lotus tea mug',
  nameHi: 'लोटस चाय मग',
  imageUrl: '/points/mug.svg',
  points: '300',
  cashAmountMinor: null,
  cashAmount: null,
  stock: 4,
  enabled: true,
  sort: 10,
};
const VOUCHER: PointReward = {
  ...MUG,
  id: '12',
  kind: 'cash',
  name: '₹50 cash voucher',
  nameEn: '₹50 cash voucher',
  nameHi: '₹50 कैश वाउचर',
  points: '450',
  cashAmountMinor: '5000',
  cashAmount: '50.00',
  stock: 0,
};
const CONFIG: PointConfig = {
  currency: 'INR',
  rates: [{ gameType: 'RNG', turnoverMinor: '1000', turnover: '10.00', points: '1' }],
  convert: { points: '100', amountMinor: '100', amount: '1.00', minPoints: '100' },
  expires: false,
};
const REDEMPTION: PointRedemption = {
  id: '70',
  kind: 'goods',
  rewardId: '11',
  rewardName: 'Lotus tea mug',
  rewardNameEn: 'Lotus tea mug',
  rewardNameHi: 'लोटस चाय मग',
  quantity: 2,
  points: '600',
  amountMinor: null,
  amount: null,
  receivingAddress: '12 MG Road',
  status: 'in_process',
  rejectReason: null,
  createdAt: '2026-11-20T10:15:30.000Z',
  updatedAt: '2026-11-20T10:15:30.000Z',
};
const history = (list: PointRedemption[]): RedeemPointList => ({
  list,
  page: 1,
  pageSize: 20,
  total: list.length,
  totalPages: list.length > 0 ? 1 : 0,
});

function serve(extra: Record<string, FetchRoute | object> = {}) {
  return stubFetch({
    '/wps/member/info': makeLabelledMember(),
    '/wps/member/withdraw-password': { isSet: true },
    '/wps/relay/MCS2_getPointBalance': { points: '1500' },
    '/wps/relay/MCS2_getPointConfig': CONFIG,
    '/wps/relay/MCS2_getPointReward': { list: [MUG, VOUCHER] },
    '/wps/relay/MCS2_getRedeemPointList': history([REDEMPTION]),
    ...extra,
  });
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const keyOf = (call: unknown[]) =>
  ((call[3] as { headers: Record<string, string> }).headers as Record<string, string>)['Idempotency-Key'];

describe('points mall page', () => {
  beforeEach(async () => {
    await resetLanguage();
    sealed.mockReset();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('shows the balance, how points are earned, the rewards with stock and the history', async () => {
    serve();
    renderUi(<PointMallPage currencySymbol="₹" />);
    expect((await screen.findByTestId('points-balance')).textContent).toBe('1,500 points');
    expect(screen.getByText('Points never expire.')).toBeTruthy();
    expect((await screen.findByTestId('points-earn-rates')).textContent).toContain(
      '1 point for every ₹10.00 played in Slots',
    );
    const rewards = await screen.findAllByTestId('points-reward');
    expect(rewards).toHaveLength(2);
    expect(within(rewards[0] as HTMLElement).getByTestId('points-reward-stock').textContent).toBe(
      'In stock: 4',
    );
    expect(within(rewards[1] as HTMLElement).getByText('Sold out')).toBeTruthy();
    expect(within(rewards[1] as HTMLElement).getByText('Pays ₹50.00 into your main wallet')).toBeTruthy();
    expect(
      (within(rewards[1] as HTMLElement).getByTestId('points-reward-redeem') as HTMLButtonElement).disabled,
    ).toBe(true);
    const row = await screen.findByTestId('points-history-row');
    expect(row.getAttribute('data-status')).toBe('in_process');
    expect(within(row).getByText('In process')).toBeTruthy();
    expect(within(row).getByText('−600 points')).toBeTruthy();
  });

  it('checks the form, confirms, then redeems sealed under one key and says so', async () => {
    serve();
    sealed.mockResolvedValue({
      redemption: { ...REDEMPTION, quantity: 1, points: '300' },
      points: '1200',
      main: null,
    });
    renderUi(<PointMallPage currencySymbol="₹" />);
    await screen.findByTestId('points-balance');
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'Redeem Lotus tea mug' }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Redeem: Lotus tea mug' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(3);
    fill('points-redeem-address', '12 MG Road, Bengaluru');
    fill('points-redeem-mobile', '9000000001');
    fill('points-redeem-password', 'Pay123456');
    expect(within(dialog).getByTestId('points-redeem-outcome').textContent).toBe('Total: 300 points');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm redemption' });
    expect(within(confirm).getByTestId('points-redeem-confirm-summary').textContent).toBe(
      '300 points will leave your balance for 1 × Lotus tea mug.',
    );
    expect(sealed).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Redeem' }));
    expect((await screen.findByTestId('points-done')).textContent).toContain(
      'Redeemed Lotus tea mug. You have 1,200 points left.',
    );
    expect(sealed).toHaveBeenCalledTimes(1);
    const call = sealed.mock.calls[0] as unknown[];
    expect(call[0]).toBe('/wps/relay/passwordCheck/MCS2_redeemPointReward');
    expect(call[1]).toEqual({
      rewardId: '11',
      quantity: 1,
      receivingAddress: '12 MG Road, Bengaluru',
      mobile: '9000000001',
      withdrawPassword: 'Pay123456',
    });
    expect(keyOf(call)).toBeTruthy();
  });

  it('brings a wrong payment password back to the form', async () => {
    serve();
    sealed.mockRejectedValue(new ApiError('withdraw_password_error', 403, null));
    renderUi(<PointMallPage currencySymbol="₹" />);
    await screen.findByTestId('points-balance');
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'Redeem Lotus tea mug' }))[0] as HTMLElement,
    );
    fill('points-redeem-address', 'Somewhere 1');
    fill('points-redeem-mobile', '9000000001');
    fill('points-redeem-password', 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm redemption' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Redeem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem: Lotus tea mug' });
    await waitFor(() =>
      expect((within(dialog).getByTestId('points-redeem-password') as HTMLInputElement).value).toBe(''),
    );
    expect((within(dialog).getByTestId('points-redeem-address') as HTMLTextAreaElement).value).toBe(
      'Somewhere 1',
    );
    expect(within(dialog).getByText('The payment password is incorrect.')).toBeTruthy();
    // Wrong again: the same message comes back again.
    fill('points-redeem-password', 'still wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm redemption' })).getByRole('button', {
        name: 'Redeem',
      }),
    );
    const again = await screen.findByRole('dialog', { name: 'Redeem: Lotus tea mug' });
    expect(await within(again).findByText('The payment password is incorrect.')).toBeTruthy();
    expect(sealed).toHaveBeenCalledTimes(2);
  });

  it('converts whole steps of points to cash after a confirm', async () => {
    serve();
    sealed.mockResolvedValue({
      redemption: {
        ...REDEMPTION,
        kind: 'convert',
        points: '300',
        amountMinor: '300',
        amount: '3.00',
        status: 'redeemed',
      },
      points: '1200',
      main: { balanceMinor: '300', balance: '3.00' },
    });
    renderUi(<PointMallPage currencySymbol="₹" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Convert to cash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert points to cash' });
    fill('points-convert-points', '150');
    fill('points-convert-password', 'Pay123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Enter a multiple of 100 points, at least 100.')).toBeTruthy();
    fill('points-convert-points', '300');
    expect(within(dialog).getByTestId('points-convert-outcome').textContent).toBe('You get ₹3.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm conversion' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Convert' }));
    expect((await screen.findByTestId('points-done')).textContent).toContain(
      'Converted 300 points into ₹3.00.',
    );
    expect((sealed.mock.calls[0] as unknown[])[1]).toEqual({ points: '300', withdrawPassword: 'Pay123456' });
  });

  it('asks a visitor to log in, and still lists the rewards', async () => {
    useSessionStore.setState({ token: null });
    serve();
    renderUi(<PointMallPage currencySymbol="₹" />);
    expect(await screen.findByTestId('points-login')).toBeTruthy();
    expect(await screen.findAllByTestId('points-reward')).toHaveLength(2);
    expect(screen.queryByTestId('points-history-row')).toBeNull();
  });

  it('speaks Hindi', async () => {
    await resetLanguage('hi');
    serve({ '/wps/relay/MCS2_getRedeemPointList': history([]) });
    renderUi(<PointMallPage currencySymbol="₹" />);
    expect((await screen.findByTestId('points-balance')).textContent).toBe('1,500 पॉइंट्स');
    expect(await screen.findByText('लोटस चाय मग')).toBeTruthy();
    expect((await screen.findByTestId('points-history-empty')).textContent).toContain(
      'अभी तक कोई रिडेम्पशन नहीं',
    );
  });
});
