import type { PaymentMethodView } from '@lotus/shared/deposits.schema';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeProtectionState, refusal, serveApi } from '../../../test/protection-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { depositErrorText } from '../utils/deposit-form.ts';
import { DepositPage } from './deposit-page.tsx';

const GATEWAY: PaymentMethodView = {
  code: 'sim-upi',
  kind: 'gateway',
  name: 'UPI (simulator)',
  minMinor: '10000',
  min: '100.00',
  maxMinor: '5000000',
  max: '50000.00',
};
const METHODS = { currencySymbol: '₹', methods: [GATEWAY] };
const NO_DEPOSITS = { list: [], pageNum: 1, totalPages: 0, total: 0 };

function servePage(prompt: () => boolean, extra: Record<string, unknown> = {}) {
  return serveApi({
    'GET /wps/payments/deposit/methods': METHODS,
    'GET /wps/payments/deposits': NO_DEPOSITS,
    'GET /wps/member/protection': () => makeProtectionState({ depositLimitPrompt: prompt() }),
    ...extra,
  });
}

describe('the first-deposit prompt (issue 17)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('asks for a deposit limit before the first deposit, sets it, records the answer, then shows the form', async () => {
    let prompt = true;
    const calls = servePage(() => prompt, {
      'PUT /wps/member/protection/limits': () => ({
        applies: 'now',
        effectiveAt: '2026-11-27T15:00:00.000Z',
        state: makeProtectionState(),
      }),
      'POST /wps/member/protection/deposit-prompt': () => {
        prompt = false;
        return {};
      },
    });
    renderUi(<DepositPage currencySymbol="P" />, { path: '/member/depositv2' });
    await screen.findByTestId('deposit-limit-prompt');
    expect(screen.queryByTestId('deposit-form')).toBeNull();

    fireEvent.click(screen.getByTestId('deposit-prompt-set'));
    expect(await screen.findByText('Enter an amount above zero, such as 500 or 500.50.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Per week' }));
    fireEvent.change(screen.getByTestId('deposit-prompt-amount'), { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('deposit-prompt-set'));
    await screen.findByTestId('deposit-form');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      kind: 'deposit',
      period: 'week',
      amount: '2000',
    });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ answer: 'set' });
  });

  it('can be skipped', async () => {
    let prompt = true;
    const calls = servePage(() => prompt, {
      'POST /wps/member/protection/deposit-prompt': () => {
        prompt = false;
        return {};
      },
    });
    renderUi(<DepositPage currencySymbol="P" />, { path: '/member/depositv2' });
    fireEvent.click(await screen.findByTestId('deposit-prompt-skip'));
    await screen.findByTestId('deposit-form');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { answer: 'skipped' },
    ]);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('stays when the answer is refused, saying why', async () => {
    servePage(() => true, {
      'POST /wps/member/protection/deposit-prompt': () => refusal('service_unavailable', 503),
    });
    renderUi(<DepositPage currencySymbol="P" />, { path: '/member/depositv2' });
    fireEvent.click(await screen.findByTestId('deposit-prompt-skip'));
    expect(await screen.findByTestId('deposit-prompt-error')).toBeTruthy();
    expect(screen.queryByTestId('deposit-form')).toBeNull();
  });

  it('does not stand in the way when the protection state cannot load', async () => {
    serveApi({
      'GET /wps/payments/deposit/methods': METHODS,
      'GET /wps/payments/deposits': NO_DEPOSITS,
      'GET /wps/member/protection': () => refusal('service_unavailable', 503),
    });
    renderUi(<DepositPage currencySymbol="P" />, { path: '/member/depositv2' });
    await screen.findByTestId('deposit-form');
  });

  it('shows in Hindi', async () => {
    servePage(() => true);
    await i18n.changeLanguage('hi');
    renderUi(<DepositPage currencySymbol="P" />, { path: '/member/depositv2' });
    expect(await screen.findByText('पहली जमा से पहले जमा सीमा तय करें?')).toBeTruthy();
  });
});

describe('a deposit over the deposit limit (issue 17)', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('says how much the period still allows', () => {
    const t = i18n.getFixedT('deposit');
    const text = depositErrorText(
      t,
      new ApiError('deposit_limit_reached', 403, { remainingMinor: '25000' }),
      '₹',
    );
    expect(text).toBe(
      'This deposit would go over the deposit limit you set for this period. You can deposit up to the amount left, or wait for the next period. Left this period: ₹250.00.',
    );
    expect(
      depositErrorText(t, new ApiError('deposit_limit_reached', 403, { remaining: '10.50' }), '₹'),
    ).toContain('₹10.50');
    expect(depositErrorText(t, new ApiError('deposit_limit_reached', 403), '₹')).not.toContain('Left');
    expect(depositErrorText(t, new ApiError('amount_invalid', 400), '₹')).toBe(t('errors:amount_invalid'));
  });
});
