import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeProtectionState, refusal, serveApi } from '../../../test/protection-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { exclusionEnd } from '../utils/play-limits.ts';
import { SecurityCentrePage } from './security-centre-page.tsx';

const NOW = new Date('2026-11-27T15:00:00.000Z');
const longTime = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

describe('Take a break and self-exclusion (issue 17)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
    useAuthModal.setState({ modal: null });
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    useSessionStore.setState({ token: null });
  });

  it('works out the end of each length, calendar months and years included', () => {
    const end = (choice: Parameters<typeof exclusionEnd>[0]) => exclusionEnd(choice, NOW).toISOString();
    expect(end({ kind: 'cool_off', duration: '24h' })).toBe('2026-11-28T15:00:00.000Z');
    expect(end({ kind: 'cool_off', duration: '6w' })).toBe('2027-01-08T15:00:00.000Z');
    expect(end({ kind: 'self_exclusion', duration: '6m' })).toBe('2027-05-27T15:00:00.000Z');
    expect(end({ kind: 'self_exclusion', duration: '5y' })).toBe('2031-11-27T15:00:00.000Z');
  });

  it('confirms with the end date and that it cannot be undone, then signs out and says until when', async () => {
    const endsAt = '2026-12-04T15:00:00.000Z';
    const calls = serveApi({
      'GET /wps/member/protection': makeProtectionState(),
      'POST /wps/member/protection/exclusions': { kind: 'cool_off', startsAt: NOW.toISOString(), endsAt },
    });
    const { router, queryClient } = renderUi(<SecurityCentrePage currencySymbol="₹" />, {
      path: '/member/securityCenter?tab=break',
    });
    queryClient.setQueryData(['member', 'info'], { username: 'demo' });
    expect((await screen.findByTestId('help-link')).getAttribute('href')).toBe('https://help.example.test/');
    fireEvent.click(screen.getByTestId('break-cool_off-7d'));
    fireEvent.click(screen.getByTestId('break-cool_off-start'));
    expect((await screen.findByTestId('break-confirm-end')).textContent).toBe(
      `Your break of 7 days starts now and ends on ${longTime(endsAt)}.`,
    );
    expect(screen.getByText('It cannot be undone or shortened before then, by you or by us.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('break-confirm-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'cool_off',
      duration: '7d',
      confirm: true,
    });
    expect(useSessionStore.getState().token).toBeNull();
    expect(queryClient.getQueryData(['member', 'info'])).toBeUndefined();
    expect(useAuthModal.getState().modal).toEqual({
      kind: 'signedOut',
      reason: { code: 'exclusion', exclusion: 'cool_off', endsAt },
    });
  });

  it('keeps the player signed in and says why when the exclusion is refused', async () => {
    serveApi({
      'GET /wps/member/protection': makeProtectionState({ helpLinks: [] }),
      'POST /wps/member/protection/exclusions': () => refusal('service_unavailable', 503),
    });
    renderUi(<SecurityCentrePage currencySymbol="₹" />, { path: '/member/securityCenter?tab=break' });
    expect(await screen.findByText('Customer service can point you to help near you.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('break-self_exclusion-start'));
    expect((await screen.findByTestId('break-confirm-end')).textContent).toContain('6 months');
    fireEvent.click(screen.getByTestId('break-confirm-submit'));
    expect(await screen.findByTestId('break-confirm-error')).toBeTruthy();
    expect(useSessionStore.getState().token).toBe('token-1');
  });

  it('opens the tab the address names and keeps the tab in the address', async () => {
    serveApi({ 'GET /wps/member/protection': makeProtectionState() });
    const { router } = renderUi(<SecurityCentrePage currencySymbol="₹" />, {
      path: '/member/securityCenter',
    });
    expect(await screen.findByTestId('security-change-login-password')).toBeTruthy();
    fireEvent.click(screen.getByTestId('security-tab-limits'));
    await screen.findByTestId('play-limits');
    expect(router.state.location.search).toBe('?tab=limits');
  });
});
