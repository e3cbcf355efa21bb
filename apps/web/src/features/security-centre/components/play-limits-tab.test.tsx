import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeLimit, makeProtectionState, refusal, serveApi } from '../../../test/protection-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { PlayLimitsTab } from './play-limits-tab.tsx';

const PENDING_AT = '2026-11-28T15:00:00.000Z';
const longTime = (iso: string, language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

const STATE = makeProtectionState({
  limits: [
    makeLimit(),
    makeLimit({
      kind: 'deposit',
      period: 'week',
      amountMinor: '100000',
      amount: '1000.00',
      usedMinor: '100000',
      remainingMinor: '0',
      pending: { amountMinor: '200000', amount: '2000.00', effectiveAt: PENDING_AT },
    }),
  ],
  sessionLimit: { minutes: 90, pending: null },
  realityCheckMinutes: 30,
});

const renderTab = () =>
  renderUi(<PlayLimitsTab currencySymbol="P" />, { path: '/member/securityCenter?tab=limits' });

describe('Play limits (issue 17)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('shows each limit in force with used, left and its period end; a pending change with its time', async () => {
    serveApi({ 'GET /wps/member/protection': STATE });
    renderTab();
    expect(screen.getByTestId('play-limits-loading')).toBeTruthy();
    const loss = await screen.findByTestId('limit-loss-day');
    expect(within(loss).getByTestId('limit-loss-day-amount').textContent).toBe('₹500.00');
    expect(within(loss).getByTestId('limit-loss-day-used').textContent).toBe('Used ₹120.00 · Left ₹380.00');
    expect(within(loss).getByText(`Starts again on ${longTime('2026-11-28T00:00:00.000Z')}`)).toBeTruthy();
    expect(within(loss).getByRole('progressbar', { name: '₹120.00 used of ₹500.00' })).toBeTruthy();

    expect(screen.getByTestId('limit-deposit-week-pending').textContent).toContain(
      `Changes to ₹2,000.00 on ${longTime(PENDING_AT)}`,
    );
    expect(screen.getByTestId('limit-wager-month-none').textContent).toBe('No limit');
    expect(screen.getByTestId('session-limit-current').textContent).toBe('90 minutes per session');
    expect(screen.getByText('Lowering a limit applies straight away.', { exact: false })).toBeTruthy();
  });

  it('sets a lower limit, saying before saving that it applies now', async () => {
    const calls = serveApi({
      'GET /wps/member/protection': STATE,
      'PUT /wps/member/protection/limits': {
        applies: 'now',
        effectiveAt: '2026-11-27T15:00:00.000Z',
        state: STATE,
      },
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('limit-loss-day-edit'));
    const amount = await screen.findByTestId('limit-amount');
    expect((amount as HTMLInputElement).value).toBe('500.00');
    fireEvent.change(amount, { target: { value: '300' } });
    expect(screen.getByTestId('limit-dialog-effect').textContent).toContain('applies straight away');
    fireEvent.click(screen.getByTestId('limit-dialog-save'));
    expect((await screen.findByTestId('limits-done')).textContent).toBe('Saved. Your new limit applies now.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      kind: 'loss',
      period: 'day',
      amount: '300',
    });
  });

  it('says a raise waits 24 hours, then when it applies', async () => {
    serveApi({
      'GET /wps/member/protection': STATE,
      'PUT /wps/member/protection/limits': { applies: 'pending', effectiveAt: PENDING_AT, state: STATE },
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('limit-loss-day-edit'));
    fireEvent.change(await screen.findByTestId('limit-amount'), { target: { value: '900' } });
    expect(screen.getByTestId('limit-dialog-effect').textContent).toContain('applies 24 hours from now');
    fireEvent.click(screen.getByTestId('limit-dialog-save'));
    expect((await screen.findByTestId('limits-done')).textContent).toBe(
      `Saved. The change applies on ${longTime(PENDING_AT)}; your current limit stays until then.`,
    );
  });

  it('checks the amount before sending, and removes a limit with null', async () => {
    const calls = serveApi({
      'GET /wps/member/protection': STATE,
      'PUT /wps/member/protection/limits': { applies: 'pending', effectiveAt: PENDING_AT, state: STATE },
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('limit-loss-day-edit'));
    fireEvent.change(await screen.findByTestId('limit-amount'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('limit-dialog-save'));
    expect(await screen.findByText('Enter an amount above zero, such as 500 or 500.50.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByTestId('limit-dialog-remove'));
    await screen.findByTestId('limits-done');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      kind: 'loss',
      period: 'day',
      amount: null,
    });
  });

  it('cancels a pending change', async () => {
    const calls = serveApi({
      'GET /wps/member/protection': STATE,
      'DELETE /wps/member/protection/limits/pending': {},
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('limit-deposit-week-cancel'));
    expect((await screen.findByTestId('limits-done')).textContent).toContain(
      'The waiting change was cancelled.',
    );
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ kind: 'deposit', period: 'week' });
  });

  it('shows a refused change in the dialog', async () => {
    serveApi({
      'GET /wps/member/protection': STATE,
      'PUT /wps/member/protection/limits': () => refusal('invalid_request', 400),
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('limit-wager-month-edit'));
    fireEvent.change(await screen.findByTestId('limit-amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('limit-dialog-save'));
    expect((await screen.findByTestId('limit-dialog-error')).getAttribute('role')).toBe('alert');
  });

  it('sets the session time limit and the reality-check interval', async () => {
    const calls = serveApi({
      'GET /wps/member/protection': STATE,
      'PUT /wps/member/protection/session-limit': { applies: 'now', effectiveAt: PENDING_AT, state: STATE },
      'PUT /wps/member/protection/reality-check': {},
    });
    renderTab();
    fireEvent.click(await screen.findByTestId('session-limit-edit'));
    fireEvent.change(await screen.findByTestId('session-limit-minutes'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('session-limit-dialog-save'));
    expect(await screen.findByText('Enter a whole number of minutes between 15 and 1440.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('session-limit-minutes'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('session-limit-dialog-save'));
    await screen.findByTestId('session-limit-done');
    expect(calls.find((call) => call.path.endsWith('/session-limit'))?.body).toEqual({ minutes: 45 });

    fireEvent.click(screen.getByRole('radio', { name: 'Every 15 min' }));
    expect((await screen.findByTestId('reality-check-done')).textContent).toContain('every 15 minutes');
    expect(calls.find((call) => call.path.endsWith('/reality-check'))?.body).toEqual({ minutes: 15 });
  });

  it('offers a retry when the state cannot load, and speaks Hindi', async () => {
    let fail = true;
    serveApi({ 'GET /wps/member/protection': () => (fail ? refusal('service_unavailable', 503) : STATE) });
    renderTab();
    await screen.findByTestId('play-limits-error');
    fail = false;
    await i18n.changeLanguage('hi');
    fireEvent.click(screen.getByRole('button', { name: 'फिर से प्रयास करें' }));
    expect((await screen.findByTestId('limit-wager-month-none')).textContent).toBe('कोई सीमा नहीं');
    await waitFor(() =>
      expect(screen.getByTestId('session-limit-current').textContent).toBe('प्रति सत्र 90 मिनट'),
    );
  });
});
