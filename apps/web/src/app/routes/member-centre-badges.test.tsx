import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemberCentre } from '../../features/member-centre/components/member-centre.tsx';
import {
  MESSAGES_PATH,
  MessagesShortcut,
  useMenuCounts,
} from '../../features/messages/components/messages-shortcut.tsx';
import { MEMBER_CENTRE_ENTRIES } from '../../lib/member-centre/member-centre-entries.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { makeMember } from '../../test/fixtures.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../test/render-ui.tsx';
import { MEMBER_CENTRE_PAGES } from './member-centre-pages.tsx';

function serveCounts(messageCount: number, rewardCount: number) {
  return stubFetch({
    '/wps/relay/CSP_unreadCount': { messageCount, rewardCount },
    '/wps/member/info': makeMember(),
    '/wps/member/withdraw-password': { isSet: false },
    '/wps/member/payout-accounts': { payeeName: null, accounts: [] },
  });
}

/** The member centre with its counts composed the way member-centre-route.tsx does. */
function CentreWithCounts() {
  return (
    <MemberCentre
      page="securityCenter"
      pages={MEMBER_CENTRE_PAGES}
      currencySymbol="₹"
      badges={useMenuCounts()}
    />
  );
}

describe('message counts', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('header shortcut: one red count of unread messages plus unclaimed rewards', async () => {
    serveCounts(3, 2);
    renderUi(<MessagesShortcut />);
    const link = await screen.findByRole('link', { name: 'Messages: 5 new' });
    expect(link.getAttribute('href')).toBe(MESSAGES_PATH);
    expect(screen.getByTestId('messages-shortcut-count').textContent).toBe('5');
  });

  it('header shortcut: no count at 0, still a way to the messages', async () => {
    const fetchStub = serveCounts(0, 0);
    renderUi(<MessagesShortcut />);
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByTestId('messages-shortcut-count')).toBeNull();
  });

  it('header shortcut: caps the count at 99+', async () => {
    serveCounts(150, 0);
    renderUi(<MessagesShortcut />);
    expect((await screen.findByTestId('messages-shortcut-count')).textContent).toBe('99+');
  });

  it('asks for no count without a session', async () => {
    useSessionStore.setState({ token: null });
    const fetchStub = serveCounts(3, 0);
    renderUi(<MessagesShortcut />);
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes('CSP_unreadCount'))).toBe(false);
  });

  it('member centre: a red count on platform messages when above 0', async () => {
    serveCounts(4, 0);
    renderUi(<CentreWithCounts />, { path: '/member/securityCenter' });
    expect((await screen.findByTestId('member-menu-count-messageV2')).textContent).toBe('4');
    expect(screen.getByRole('link', { name: 'Platform messages 4 new' })).toBeTruthy();
    // No unclaimed rewards: no count on the reward centre (if the menu lists it).
    expect(screen.queryByTestId('member-menu-count-rewardCenter')).toBeNull();
    expect(screen.queryByTestId('member-menu-count-depositv2')).toBeNull();
  });

  it('member centre: the reward centre entry, when listed, shows the reward count', async () => {
    serveCounts(1, 2);
    renderUi(<CentreWithCounts />, { path: '/member/securityCenter' });
    expect((await screen.findByTestId('member-menu-count-messageV2')).textContent).toBe('1');
    if (MEMBER_CENTRE_ENTRIES.some((entry) => entry === 'rewardCenter')) {
      expect(screen.getByTestId('member-menu-count-rewardCenter').textContent).toBe('2');
    } else {
      expect(screen.queryByTestId('member-menu-count-rewardCenter')).toBeNull();
    }
  });

  it('member centre: no count at 0', async () => {
    const fetchStub = serveCounts(0, 0);
    renderUi(<CentreWithCounts />, { path: '/member/securityCenter' });
    await screen.findByTestId('member-menu-messageV2');
    await waitFor(() =>
      expect(fetchStub.mock.calls.some(([url]) => String(url).includes('CSP_unreadCount'))).toBe(true),
    );
    expect(screen.queryByTestId('member-menu-count-messageV2')).toBeNull();
  });
});
