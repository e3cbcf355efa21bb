import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeLabelledMember } from '../../../test/fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { PlayerStrip, type PlayerStripProps } from './player-strip.tsx';

const member = makeLabelledMember;

const NO_ROUTES = { playerRank: null, securityCentre: null };

function renderStrip(props: Partial<PlayerStripProps> = {}) {
  const handlers = {
    onChangePassword: vi.fn(),
    onSignOut: vi.fn(),
    onAvatarChanged: vi.fn(async () => undefined),
  };
  const view = renderUi(<PlayerStrip member={member()} routes={NO_ROUTES} {...handlers} {...props} />);
  return { ...view, ...handlers };
}

const AVATARS = {
  avatarId: 3,
  avatarUrl: '/avatars/avatar-3.svg',
  options: Array.from({ length: 12 }, (_, index) => ({
    avatarId: index + 1,
    url: `/avatars/avatar-${index + 1}.svg`,
  })),
};

describe('player strip', () => {
  beforeEach(() => resetLanguage());

  it("shows the member's avatar, nickname and rank", () => {
    renderStrip();
    expect(screen.getByTestId('player-nickname').textContent).toBe('Demo Player');
    expect(screen.getByTestId('player-avatar-image').getAttribute('src')).toBe('/avatars/avatar-3.svg');
    expect(screen.getByTestId('player-rank').textContent).toBe('Silver');
  });

  it('falls back to the account name without a nickname', () => {
    renderStrip({ member: member({ nickname: null }) });
    expect(screen.getByTestId('player-nickname').textContent).toBe('demo_player');
  });

  it('shows the default avatar when there is none, and when the image fails to load', () => {
    const first = renderStrip({ member: member({ avatarUrl: null }) });
    expect(screen.getByTestId('player-avatar-default')).toBeTruthy();
    expect(screen.queryByTestId('player-avatar-image')).toBeNull();
    first.unmount();

    renderStrip();
    fireEvent.error(screen.getByTestId('player-avatar-image'));
    expect(screen.queryByTestId('player-avatar-image')).toBeNull();
    expect(screen.getByTestId('player-avatar-default')).toBeTruthy();
  });

  it('never loads an avatar from another origin', () => {
    renderStrip({ member: member({ avatarUrl: 'https://tracker.example/pixel.svg' }) });
    expect(screen.getByTestId('player-avatar-default')).toBeTruthy();
  });

  it('names the rank level when the club label has no name', () => {
    renderStrip({ member: member({ clubLabel: { labelName: null, rankLevel: 5 } }) });
    expect(screen.getByTestId('player-rank').textContent).toBe('Level 5');
  });

  it('links the rank to the player-rank page for a labelled member, else the security centre', () => {
    const routes = { playerRank: '/playerRank', securityCentre: '/securityCenter' };
    const first = renderStrip({ routes });
    expect(screen.getByTestId('player-rank').getAttribute('href')).toBe('/playerRank');
    first.unmount();
    renderStrip({ routes, member: member({ memberLabel: [] }) });
    expect(screen.getByTestId('player-rank').getAttribute('href')).toBe('/securityCenter');
  });

  it('links the rank to the security centre for every member while the player-rank page does not exist', () => {
    const routes = { playerRank: null, securityCentre: '/member/securityCenter' };
    const first = renderStrip({ routes });
    expect(screen.getByTestId('player-rank').getAttribute('href')).toBe('/member/securityCenter');
    first.unmount();
    renderStrip({ routes, member: member({ memberLabel: [] }) });
    expect(screen.getByTestId('player-rank').getAttribute('href')).toBe('/member/securityCenter');
  });

  it('offers the security centre and the avatar choice in the menu (the phone hides both from the bar)', async () => {
    stubFetch({ '/wps/relay/MCSFE_getPlayerAvatar': AVATARS });
    renderStrip({ routes: { playerRank: null, securityCentre: '/member/securityCenter' } });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Demo Player' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Security centre' }).getAttribute('href')).toBe(
      '/member/securityCenter',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Choose your avatar' }));
    expect(await screen.findByRole('dialog', { name: 'Choose an avatar' })).toBeTruthy();
  });

  it('shows the wallet part the app gives it, and none while member info loads', () => {
    const wallet = <span data-testid="wallet-slot">balance</span>;
    const first = renderStrip({ wallet });
    expect(within(screen.getByTestId('player-strip')).getByTestId('wallet-slot')).toBeTruthy();
    first.unmount();
    renderStrip({ wallet, member: null });
    expect(screen.queryByTestId('wallet-slot')).toBeNull();
  });

  it('opens the change-password dialog from the rank while neither page exists', async () => {
    const { onChangePassword } = renderStrip();
    const rank = screen.getByRole('button', { name: 'Player rank: Silver. Open account security' });
    expect(rank.getAttribute('href')).toBeNull();
    await userEvent.click(rank);
    expect(onChangePassword).toHaveBeenCalledTimes(1);
  });

  it('asks to sign out from the button', async () => {
    const { onSignOut } = renderStrip();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('on a phone the account menu carries the messages entry, and its button the count', async () => {
    const first = renderStrip({ messagesLink: { to: '/member/messageV2', count: 3 } });
    const button = screen.getByRole('button', { name: 'Account menu of Demo Player. Messages: 3 new' });
    expect(within(button).getByTestId('player-menu-count').textContent).toBe('3');
    await userEvent.click(button);
    const entry = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Messages: 3 new' });
    expect(entry.getAttribute('href')).toBe('/member/messageV2');
    first.unmount();

    renderStrip({ messagesLink: { to: '/member/messageV2', count: 0 } });
    const quiet = screen.getByRole('button', { name: 'Account menu of Demo Player' });
    expect(within(quiet).queryByTestId('player-menu-count')).toBeNull();
    await userEvent.click(quiet);
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Messages' })).toBeTruthy();
  });

  it('offers change password in the menu, and the agent centre to agents only when it exists', async () => {
    const onAgentCentre = vi.fn();
    const first = renderStrip({ onAgentCentre });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Demo Player' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Agent centre')).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Change password' }));
    expect(first.onChangePassword).toHaveBeenCalledTimes(1);
    first.unmount();

    const agent = member({ type: 1, isAgent: true });
    const second = renderStrip({ member: agent });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Demo Player' }));
    expect(within(await screen.findByRole('menu')).queryByText('Agent centre')).toBeNull();
    second.unmount();

    renderStrip({ member: agent, onAgentCentre });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Demo Player' }));
    await userEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Agent centre' }),
    );
    expect(onAgentCentre).toHaveBeenCalledTimes(1);
  });

  it('holds a placeholder while member info loads', () => {
    renderStrip({ member: null });
    expect(screen.getByTestId('player-strip').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('player-nickname')).toBeNull();
  });

  it('lets the member choose one of the 12 avatars, then refetches member info', async () => {
    const fetchStub = stubFetch({
      '/wps/relay/MCSFE_getPlayerAvatar': AVATARS,
      '/wps/member/info/icon': () => null,
    });
    const { onAvatarChanged } = renderStrip();
    await userEvent.click(screen.getByRole('button', { name: 'Choose your avatar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an avatar' });
    const options = await within(dialog).findAllByTestId('avatar-option');
    expect(options).toHaveLength(12);
    expect(options[2]?.getAttribute('aria-pressed')).toBe('true');
    expect(options[6]?.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Avatar 7' }));
    await waitFor(() => expect(onAvatarChanged).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose an avatar' })).toBeNull());

    const calls = fetchStub.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
    const put = calls.find(([input]) => String(input) === '/wps/member/info/icon');
    expect(put?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ avatarId: 7 });
    const avatarCall = calls.find(([input]) => String(input) === '/wps/relay/MCSFE_getPlayerAvatar');
    expect(avatarCall?.[1]?.method).toBe('POST');
  });

  it("shows the server's error when the avatar cannot be saved, and stays open", async () => {
    stubFetch({
      '/wps/relay/MCSFE_getPlayerAvatar': AVATARS,
      '/wps/member/info/icon': () =>
        Response.json({ success: false, message: 'avatar_not_found', value: null }, { status: 404 }),
    });
    const { onAvatarChanged } = renderStrip();
    await userEvent.click(screen.getByRole('button', { name: 'Choose your avatar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an avatar' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Avatar 2' }));
    expect((await within(dialog).findByTestId('avatar-error')).textContent).toBe(
      'This avatar does not exist.',
    );
    expect(onAvatarChanged).not.toHaveBeenCalled();
  });

  it('offers a retry when the avatars cannot be loaded', async () => {
    let fail = true;
    stubFetch({
      '/wps/relay/MCSFE_getPlayerAvatar': () =>
        fail
          ? Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 })
          : AVATARS,
    });
    renderStrip();
    await userEvent.click(screen.getByRole('button', { name: 'Choose your avatar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an avatar' });
    expect(await within(dialog).findByText('The avatars could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findAllByTestId('avatar-option')).toHaveLength(12);
  });
});
