import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAgentCentre } from '../../features/agent-centre/state/agent-centre-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { postSealed } from '../../lib/sealed-request.ts';
import { useAuthModal } from '../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { readSessionToken } from '../../lib/storage.ts';
import { makeLabelledMember } from '../../test/fixtures.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../test/render-ui.tsx';
import { HeaderActions } from './header-actions.tsx';

// Sealing has its own tests; here what the header sends and does with the answer matters.
vi.mock('../../lib/sealed-request.ts', () => ({ postSealed: vi.fn() }));
const sealed = vi.mocked(postSealed);

const MEMBER = makeLabelledMember();

function serve(extra: Record<string, FetchRoute | object> = {}) {
  return stubFetch({
    '/wps/verification/human': { challenge: 'abc', difficulty: 1, expiresAt: '2026-11-21T10:05:00Z' },
    '/wps/member/info': MEMBER,
    ...extra,
  });
}

function calls(fetchStub: ReturnType<typeof stubFetch>, path: string) {
  const all = fetchStub.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
  return all.filter(([input]) => new URL(String(input), 'http://x').pathname === path);
}

const renderActions = () => renderUi(<HeaderActions supportedLanguages={['EN', 'HI']} />, { path: '/rng' });

const typeIn = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('header actions', () => {
  beforeEach(async () => {
    await resetLanguage();
    sealed.mockReset();
    useSessionStore.setState({ token: null });
    useAuthModal.setState({ modal: null });
  });
  afterEach(() => {
    useSessionStore.setState({ token: null });
    useAuthModal.setState({ modal: null });
  });

  describe('for a visitor', () => {
    it('shows the login form, not the strip', () => {
      serve();
      renderActions();
      expect(screen.getByTestId('header-login-form')).toBeTruthy();
      expect(screen.queryByTestId('player-strip')).toBeNull();
    });

    it('logs in from the inline form and shows the strip', async () => {
      sealed.mockResolvedValue({ token: 'token-1', firstTimeLogin: false, passwordExpired: false });
      serve();
      const view = renderActions();
      typeIn('header-login-username', ' demo_player ');
      typeIn('header-login-password', ' Lotus-Player-2026! ');
      await userEvent.click(screen.getByTestId('header-login-submit'));

      expect(await screen.findByTestId('player-nickname')).toBeTruthy();
      expect(screen.getByTestId('player-nickname').textContent).toBe('Demo Player');
      const [path, payload] = sealed.mock.calls[0] ?? [];
      expect(path).toBe('/wps/session/login');
      expect(payload).toMatchObject({
        type: 'username',
        username: 'demo_player',
        password: 'Lotus-Player-2026!',
        remember: false,
        humanVerification: { challenge: 'abc' },
      });
      expect(readSessionToken()).toBe('token-1');
      expect(view.router.state.location.pathname).toBe('/');
    });

    it('says a wrong password inline, and sends the next try to the dialog once a captcha is due', async () => {
      sealed.mockRejectedValue(new ApiError('login_failed', 401, { captcha: true }));
      serve();
      renderActions();
      typeIn('header-login-username', 'demo_player');
      typeIn('header-login-password', 'wrong');
      await userEvent.click(screen.getByTestId('header-login-submit'));
      expect((await screen.findByTestId('header-login-error')).textContent).toBe(
        'Incorrect username or password.',
      );
      expect(useAuthModal.getState().modal).toBeNull();

      typeIn('header-login-password', 'again');
      expect(screen.queryByTestId('header-login-error')).toBeNull();
      await userEvent.click(screen.getByTestId('header-login-submit'));
      // The dialog shows the captcha at once: the server has already said the next try needs one.
      expect(useAuthModal.getState().modal).toEqual({
        kind: 'login',
        username: 'demo_player',
        captcha: true,
      });
      expect(sealed).toHaveBeenCalledTimes(1);
    });

    it('opens the login dialog with the username for a captcha or the new-IP step', async () => {
      for (const [code, status, value, expected] of [
        [
          'captcha_required',
          400,
          { captcha: true },
          { kind: 'login', username: 'demo_player', captcha: true },
        ],
        [
          'login_verification_required',
          403,
          { challengeId: 'c1', methods: [{ method: 'payee_name' }] },
          { kind: 'login', username: 'demo_player' },
        ],
      ] as const) {
        useAuthModal.setState({ modal: null });
        sealed.mockRejectedValueOnce(new ApiError(code, status, value));
        serve();
        const view = renderActions();
        typeIn('header-login-username', 'demo_player');
        typeIn('header-login-password', 'Lotus-Player-2026!');
        await userEvent.click(screen.getByTestId('header-login-submit'));
        await waitFor(() => expect(useAuthModal.getState().modal).toEqual(expected));
        expect(screen.queryByTestId('header-login-error')).toBeNull();
        view.unmount();
      }
    });

    it('opens the dialog for empty fields without calling the server', async () => {
      const fetchStub = serve();
      renderActions();
      await userEvent.click(screen.getByTestId('header-login-submit'));
      expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
      expect(sealed).not.toHaveBeenCalled();
      expect(calls(fetchStub, '/wps/verification/human')).toHaveLength(0);
    });

    it('opens registration from the register button', async () => {
      serve();
      renderActions();
      await userEvent.click(screen.getByTestId('header-register'));
      expect(useAuthModal.getState().modal).toEqual({ kind: 'register' });
    });

    it('keeps a language choice local', async () => {
      const fetchStub = serve({ '/wps/member/info/language': null as unknown as object });
      renderActions();
      await userEvent.click(screen.getByTestId('language-selector'));
      await userEvent.click(await screen.findByRole('menuitem', { name: /Hindi/ }));
      await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
      expect(calls(fetchStub, '/wps/member/info/language')).toHaveLength(0);
    });
  });

  describe('for a member', () => {
    beforeEach(() => useSessionStore.getState().signIn('token-1'));

    it('shows the strip with the nickname and avatar', async () => {
      serve();
      renderActions();
      expect((await screen.findByTestId('player-nickname')).textContent).toBe('Demo Player');
      expect(screen.getByTestId('player-avatar-image').getAttribute('src')).toBe('/avatars/avatar-3.svg');
      expect(screen.queryByTestId('header-login-form')).toBeNull();
    });

    it('asks before signing out, and links the rank to the player-rank page (SPEC §2)', async () => {
      serve();
      renderActions();
      await userEvent.click(await screen.findByTestId('sign-out'));
      expect(useAuthModal.getState().modal).toEqual({ kind: 'logoutConfirm' });
      // The member has a label: the rank leads to the VIP ranks page.
      expect(screen.getByTestId('player-rank').getAttribute('href')).toBe('/playerRank');
    });

    it('links the rank of a member without labels to the security centre (SPEC §2)', async () => {
      serve({ '/wps/member/info': makeLabelledMember({ memberLabel: [] }) });
      renderActions();
      await screen.findByTestId('player-nickname');
      expect(screen.getByTestId('player-rank').getAttribute('href')).toBe('/member/securityCenter');
    });

    it.each([1, 2, 41, 42])('offers an agent of type %i the agent centre (SPEC §6)', async (type) => {
      serve({ '/wps/member/info': makeLabelledMember({ type, isAgent: true }) });
      renderActions();
      await userEvent.click(await screen.findByTestId('player-menu'));
      await userEvent.click(await screen.findByTestId('menu-agent-centre'));
      expect(useAgentCentre.getState()).toMatchObject({ opened: true, section: 'announcement' });
      useAgentCentre.setState({ opened: false });
    });

    it.each([0, 4])('offers no agent centre to a member of type %i', async (type) => {
      serve({ '/wps/member/info': makeLabelledMember({ type, isAgent: false }) });
      renderActions();
      await userEvent.click(await screen.findByTestId('player-menu'));
      await screen.findByTestId('menu-change-password');
      expect(screen.queryByTestId('menu-agent-centre')).toBeNull();
    });

    it("shows the balance with the brand's symbol in the strip", async () => {
      serve({
        '/wps/v2/wallets/balance': { sumBalance: '10000.00', currency: 'INR', balanceMinor: '1000000' },
      });
      renderUi(<HeaderActions supportedLanguages={['EN', 'HI']} currencySymbol="₹" />, { path: '/rng' });
      await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('₹10,000.00'));
      expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/member/depositv2');
    });

    it('saves a language choice on the account', async () => {
      const fetchStub = serve({ '/wps/member/info/language': null as unknown as object });
      renderActions();
      await screen.findByTestId('player-nickname');
      await userEvent.click(screen.getByTestId('language-selector'));
      await userEvent.click(await screen.findByRole('menuitem', { name: /Hindi/ }));
      await waitFor(() => expect(calls(fetchStub, '/wps/member/info/language')).toHaveLength(1));
      const [, init] = calls(fetchStub, '/wps/member/info/language')[0] ?? [];
      expect(init?.method).toBe('PUT');
      expect(JSON.parse(String(init?.body))).toEqual({ language: 'HI' });
    });

    it('refetches member info after choosing an avatar, showing the new one', async () => {
      let avatarUrl = '/avatars/avatar-3.svg';
      serve({
        '/wps/member/info': () => ({ ...MEMBER, avatarUrl }),
        '/wps/relay/MCSFE_getPlayerAvatar': () => ({
          avatarId: 3,
          avatarUrl,
          options: Array.from({ length: 12 }, (_, index) => ({
            avatarId: index + 1,
            url: `/avatars/avatar-${index + 1}.svg`,
          })),
        }),
        '/wps/member/info/icon': () => {
          avatarUrl = '/avatars/avatar-9.svg';
          return null as unknown as object;
        },
      });
      renderActions();
      await userEvent.click(await screen.findByTestId('player-avatar'));
      const dialog = await screen.findByRole('dialog', { name: 'Choose an avatar' });
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Avatar 9' }));
      await waitFor(() =>
        expect(screen.getByTestId('player-avatar-image').getAttribute('src')).toBe('/avatars/avatar-9.svg'),
      );
    });
  });
});
