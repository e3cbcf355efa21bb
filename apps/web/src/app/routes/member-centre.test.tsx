import type { MemberInfo } from '@lotus/shared/auth.schema';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemberCentre } from '../../features/member-centre/components/member-centre.tsx';
import type { MemberCentreEntry } from '../../lib/member-centre/member-centre-entries.ts';
import { useAuthModal } from '../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { makeMember } from '../../test/fixtures.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../test/render-ui.tsx';
import { MEMBER_CENTRE_PAGES } from './member-centre-pages.tsx';

function serveMember(member: MemberInfo | null) {
  return stubFetch({
    ...(member ? { '/wps/member/info': member } : {}),
    // The security centre's own calls, so the page behind the shell renders.
    '/wps/member/withdraw-password': { isSet: false },
    '/wps/member/payout-accounts': { payeeName: null, accounts: [] },
  });
}

function renderCentre(page: MemberCentreEntry = 'securityCenter', path = `/member/${page}`) {
  return renderUi(<MemberCentre page={page} pages={MEMBER_CENTRE_PAGES} currencySymbol="₹" />, { path });
}

const menuEntries = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.closest('[data-testid="member-centre-menu"]'))
    .map((link) => link.getAttribute('data-testid')?.replace('member-menu-', ''));

describe('member centre shell (SPEC §2, §6)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useAuthModal.setState({ modal: null });
    useSessionStore.setState({ token: 'token-1' });
  });

  it('lists the built entries in SPEC order, without transfer to upline unless toUpline', async () => {
    serveMember(makeMember({ toUpline: false }));
    renderCentre('securityCenter');
    await screen.findByTestId('member-centre');
    expect(menuEntries()).toEqual([
      'securityCenter',
      'transferFund',
      'depositv2',
      'withdraw',
      'personalHistoryCopy',
      'transactionHistory',
      'personalProfit',
      'myActivity',
      'bonusDetails',
      'rewardCenter',
      'raffles',
      'referral',
      'missionLeaderboard',
      'messageV2',
    ]);
    expect(screen.getByRole('navigation', { name: 'Member centre menu' })).toBeTruthy();
    const active = screen.getByTestId('member-menu-securityCenter');
    expect(active.getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('member-menu-depositv2').getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    expect(await screen.findByTestId('security-centre-page')).toBeTruthy();
    expect(useAuthModal.getState().modal).toBeNull();
  });

  it('shows transfer to upline when member info says toUpline', async () => {
    serveMember(makeMember({ toUpline: true }));
    renderCentre('securityCenter');
    await screen.findByTestId('member-centre');
    expect(menuEntries()).toEqual([
      'securityCenter',
      'transferFund',
      'depositv2',
      'withdraw',
      'transferUpline',
      'personalHistoryCopy',
      'transactionHistory',
      'personalProfit',
      'myActivity',
      'bonusDetails',
      'rewardCenter',
      'raffles',
      'referral',
      'missionLeaderboard',
      'messageV2',
    ]);
  });

  it('does not open transfer to upline for a member without an upline', async () => {
    serveMember(makeMember({ toUpline: false }));
    renderCentre('transferUpline');
    expect(await screen.findByTestId('member-centre-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('member-menu-transferUpline')).toBeNull();
  });

  it('a menu entry moves within the centre, replacing the history entry', async () => {
    serveMember(makeMember());
    const { router } = renderCentre('securityCenter');
    await screen.findByTestId('member-centre');
    fireEvent.click(screen.getByTestId('member-menu-withdraw'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/withdraw'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('close goes home when the centre was the first page of the visit', async () => {
    serveMember(makeMember());
    const { router } = renderCentre('securityCenter');
    await screen.findByTestId('member-centre');
    fireEvent.click(screen.getByRole('button', { name: 'Close the member centre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('close goes back to where the player came from', async () => {
    serveMember(makeMember());
    const { router } = renderCentre('securityCenter', '/promotions');
    await act(() => router.navigate('/member/securityCenter'));
    await screen.findByTestId('member-centre');
    fireEvent.click(screen.getByTestId('member-centre-close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/promotions'));
  });

  it('asks a visitor to log in (login popup) and shows no menu', async () => {
    useSessionStore.setState({ token: null });
    serveMember(null);
    renderCentre('depositv2');
    expect(await screen.findByTestId('member-centre-login')).toBeTruthy();
    expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
    expect(screen.queryByTestId('member-centre-menu')).toBeNull();
    useAuthModal.setState({ modal: null });
    fireEvent.click(screen.getByTestId('member-centre-login-action'));
    expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
  });

  it('does not ask to log in over the dialog that says why the session ended (issue 17)', async () => {
    serveMember(makeMember());
    renderCentre('securityCenter');
    await screen.findByTestId('member-centre');
    const signedOut = { kind: 'signedOut' as const, reason: { code: 'play_session_limit_reached' as const } };
    act(() => {
      useAuthModal.setState({ modal: signedOut });
      useSessionStore.setState({ token: null });
    });
    expect(await screen.findByTestId('member-centre-login')).toBeTruthy();
    expect(useAuthModal.getState().modal).toEqual(signedOut);
  });

  it.each([
    ['a trial account', makeMember({ isTrial: true })],
    ['a type-4 account', makeMember({ type: 4 })],
  ])('refuses %s with in_need_true_account', async (_label, member) => {
    serveMember(member);
    renderCentre('withdraw');
    expect(await screen.findByTestId('member-centre-true-account')).toBeTruthy();
    expect(screen.getByText('Please register a real account to use this feature.')).toBeTruthy();
    expect(useAuthModal.getState().modal).toEqual({ kind: 'trueAccountRequired' });
    expect(screen.queryByTestId('member-centre-menu')).toBeNull();
  });
});
