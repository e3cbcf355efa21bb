import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { postSealed } from '../../../lib/sealed-request.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import type { AgentSection } from '../state/agent-centre-store.ts';
import { AgentCentreModal } from './agent-centre-modal.tsx';

// Sealing has its own tests; here what the agent centre seals, with which key, and what it shows after.
vi.mock('../../../lib/sealed-request.ts', () => ({ postSealed: vi.fn() }));
const sealed = vi.mocked(postSealed);

const OVERVIEW = {
  directCount: 4,
  teamCount: 6,
  agentCount: 1,
  newThisMonth: 2,
  monthStart: '2026-11-01',
  directBalanceMinor: '3500050',
  directBalance: '35000.50',
  invitationCode: 'LOTUSAG1',
  registrationPath: '/register?affiliateCode=LOTUSAG1',
};

const RULES = {
  fields: [
    {
      key: 'username',
      enabled: true,
      required: true,
      acceptedPattern: null,
      patternId: null,
      minLength: 4,
      maxLength: 16,
      type: 'text',
    },
    {
      key: 'password',
      enabled: true,
      required: true,
      acceptedPattern: null,
      patternId: null,
      minLength: 6,
      maxLength: 20,
      type: 'password',
    },
  ],
  captchaRequired: false,
  smsVerification: false,
  mobileMaxLength: 11,
  minimumAge: 21,
  defaultCountryDialingCode: '+91',
};

const row = (index: number, overrides: Record<string, unknown> = {}) => ({
  id: String(index),
  username: `player${index}`,
  nickname: index === 1 ? 'Ravi' : null,
  memberType: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastLoginAt: index === 1 ? '2026-11-21T08:00:00.000Z' : null,
  balanceMinor: `${index}00`,
  balance: `${index}.00`,
  ...overrides,
});

const CONSOLIDATED = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  applies: { dividend: false, daily_salary: false, hourly_salary: false, realtime_salary: false },
};

const failure = (status: number, code: string) =>
  Response.json({ success: false, message: code, value: null }, { status });

function serve(routes: Record<string, FetchRoute | object> = {}) {
  return stubFetch({
    '/wps/agent/team/overview': OVERVIEW,
    '/wps/agent/consolidated': CONSOLIDATED,
    '/wps/system/setting/register': RULES,
    '/wps/agent/downlines': { list: [row(1), row(2)], page: 1, pageSize: 10, total: 2, totalPages: 1 },
    '/wps/agent/transfers': (url: URL) => ({
      list: [
        {
          id: '31',
          type: 'agent_transfer',
          reversal: false,
          direction: 'to_downline',
          counterpart: 'player1',
          amountMinor: '1250',
          amount: '12.50',
          createdAt: '2026-11-21T09:00:00.000Z',
        },
      ],
      page: 1,
      pageSize: 20,
      total: 1,
      totalPages: 1,
      from: url.searchParams.get('from'),
      to: url.searchParams.get('to'),
    }),
    ...routes,
  });
}

function calls(fetchStub: ReturnType<typeof stubFetch>, path: string): URL[] {
  const all = fetchStub.mock.calls as unknown as [RequestInfo | URL][];
  return all.map(([input]) => new URL(String(input), 'http://x')).filter((url) => url.pathname === path);
}

function renderModal(
  section: AgentSection,
  extra: { onClose?: () => void; onSection?: (s: AgentSection) => void } = {},
) {
  return renderUi(
    <AgentCentreModal
      opened
      section={section}
      onSection={extra.onSection ?? (() => undefined)}
      onClose={extra.onClose ?? (() => undefined)}
      announcement={<p data-testid="composed-announcements">Announcements from the app</p>}
      currencySymbol="₹"
    />,
  );
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('agent centre modal', () => {
  beforeEach(async () => {
    await resetLanguage();
    sealed.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has a title, a close button and the eight entries every agent has', async () => {
    serve();
    const onClose = vi.fn();
    const onSection = vi.fn();
    renderModal('announcement', { onClose, onSection });
    const dialog = await screen.findByRole('dialog', { name: 'Agent centre' });
    const menu = within(dialog).getByRole('tablist', { name: 'Agent centre menu' });
    expect(
      within(menu)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Announcement',
      'Team overview',
      'Register downline account',
      'Downline management',
      'Team betting',
      'Downline loss statements',
      'My income',
      'Downline transaction details',
    ]);
    expect(within(menu).queryByText(/dividend|wages|salary/i)).toBeNull();
    expect(screen.getByTestId('composed-announcements')).toBeTruthy();
    await userEvent.click(screen.getByTestId('agent-menu-downlines'));
    expect(onSection).toHaveBeenCalledWith('downlines');
    await userEvent.click(screen.getByTestId('modal-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows each contract entry only when its kind applies, with the offers waiting', async () => {
    serve({
      '/wps/agent/consolidated': {
        ...CONSOLIDATED,
        dailysalreqtype: 2,
        applies: { dividend: true, daily_salary: true, hourly_salary: false, realtime_salary: false },
      },
    });
    renderModal('announcement');
    const menu = await screen.findByRole('tablist', { name: 'Agent centre menu' });
    await within(menu).findByText('Daily wages');
    expect(
      within(menu)
        .getAllByRole('tab')
        .map((tab) => tab.getAttribute('data-testid')),
    ).toEqual([
      'agent-menu-announcement',
      'agent-menu-teamOverview',
      'agent-menu-registerDownline',
      'agent-menu-downlines',
      'agent-menu-teamBetting',
      'agent-menu-lossStatements',
      'agent-menu-income',
      'agent-menu-transfers',
      'agent-menu-dividend',
      'agent-menu-dailySalary',
    ]);
    expect(screen.getByTestId('agent-menu-dailySalary-count').textContent).toBe('2');
    expect(screen.getByRole('tab', { name: 'Daily wages, 2 offers waiting' })).toBeTruthy();
    expect(screen.queryByTestId('agent-menu-dividend-count')).toBeNull();
  });

  it('falls back to the first entry when the one asked for does not apply', async () => {
    serve();
    const onSection = vi.fn();
    renderModal('hourlySalary', { onSection });
    await waitFor(() => expect(onSection).toHaveBeenCalledWith('announcement'));
  });

  it('moves between entries with the arrow keys', async () => {
    serve();
    const onSection = vi.fn();
    renderModal('announcement', { onSection });
    const first = await screen.findByTestId('agent-menu-announcement');
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onSection).toHaveBeenCalledWith('teamOverview');
  });

  describe('team overview', () => {
    it('shows the numbers and copies the invitation code and link', async () => {
      serve();
      renderModal('teamOverview');
      expect((await screen.findByTestId('agent-overview-direct')).textContent).toBe('4');
      expect(screen.getByTestId('agent-overview-team').textContent).toBe('6');
      expect(screen.getByTestId('agent-overview-agents').textContent).toBe('1');
      expect(screen.getByTestId('agent-overview-new').textContent).toBe('2');
      expect(screen.getByTestId('agent-overview-balance').textContent).toBe('₹35,000.50');
      expect((screen.getByTestId('agent-invitation-code') as HTMLInputElement).value).toBe('LOTUSAG1');
      expect((screen.getByTestId('agent-invitation-link') as HTMLInputElement).value).toBe(
        `${window.location.origin}/register?affiliateCode=LOTUSAG1`,
      );
      const writeText = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      await userEvent.click(screen.getByTestId('agent-invitation-code-copy'));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith('LOTUSAG1'));
      expect(screen.getByTestId('agent-invitation-code-copy').textContent).toBe('Copied');
    });

    it('says so when the agent has no invitation code', async () => {
      serve({ '/wps/agent/team/overview': { ...OVERVIEW, invitationCode: null, registrationPath: null } });
      renderModal('teamOverview');
      expect((await screen.findByTestId('agent-invitation-none')).textContent).toContain(
        'no invitation code',
      );
    });

    it('shows a failure with a retry', async () => {
      let fail = true;
      serve({ '/wps/agent/team/overview': () => (fail ? failure(403, 'error_not_agent') : OVERVIEW) });
      renderModal('teamOverview');
      const error = await screen.findByTestId('agent-overview-error');
      expect(error.getAttribute('role')).toBe('alert');
      fail = false;
      await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
      expect((await screen.findByTestId('agent-overview-direct')).textContent).toBe('4');
    });
  });

  describe('register downline account', () => {
    it('checks the brand rules before sending', async () => {
      serve();
      renderModal('registerDownline');
      await screen.findByTestId('agent-register-form');
      fill('agent-register-username', 'ab');
      fill('agent-register-password', 'secret1');
      fill('agent-register-confirm', 'secret2');
      await userEvent.click(screen.getByTestId('agent-register-submit'));
      expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
      expect(screen.getByTestId('agent-register-username').getAttribute('aria-invalid')).toBe('true');
      expect(sealed).not.toHaveBeenCalled();
    });

    it('registers, sealed, and shows the new username', async () => {
      sealed.mockResolvedValue({ id: '90', username: 'newplayer', nickname: null });
      serve();
      renderModal('registerDownline');
      await screen.findByTestId('agent-register-form');
      fill('agent-register-username', ' newplayer ');
      fill('agent-register-password', 'secret12');
      fill('agent-register-confirm', 'secret12');
      await userEvent.click(screen.getByTestId('agent-register-submit'));
      expect((await screen.findByTestId('agent-register-done')).textContent).toContain(
        'Account newplayer is registered in your downline.',
      );
      expect(sealed).toHaveBeenCalledWith('/wps/agent/downlines', {
        username: 'newplayer',
        password: 'secret12',
      });
      expect((screen.getByTestId('agent-register-username') as HTMLInputElement).value).toBe('');
    });

    it('puts a taken username under its field', async () => {
      sealed.mockRejectedValue(new ApiError('username_taken', 409));
      serve();
      renderModal('registerDownline');
      await screen.findByTestId('agent-register-form');
      fill('agent-register-username', 'takenname');
      fill('agent-register-password', 'secret12');
      fill('agent-register-confirm', 'secret12');
      await userEvent.click(screen.getByTestId('agent-register-submit'));
      await waitFor(() =>
        expect(screen.getByTestId('agent-register-username').getAttribute('aria-invalid')).toBe('true'),
      );
      expect(screen.queryByTestId('agent-register-done')).toBeNull();
    });
  });

  describe('downline management', () => {
    it('lists, searches and pages the downline', async () => {
      const fetchStub = serve({
        '/wps/agent/downlines': (url: URL) => {
          const username = url.searchParams.get('username');
          if (username === 'nobody') return { list: [], page: 1, pageSize: 10, total: 0, totalPages: 0 };
          const page = Number(url.searchParams.get('page'));
          return {
            list: page === 2 ? [row(11)] : [row(1), row(2)],
            page,
            pageSize: 10,
            total: 11,
            totalPages: 2,
          };
        },
      });
      renderModal('downlines');
      const rows = await screen.findAllByTestId('agent-downline-row');
      expect(rows).toHaveLength(2);
      expect(rows[0]?.textContent).toContain('player1');
      expect(rows[0]?.textContent).toContain('Ravi');
      expect(rows[0]?.textContent).toContain('₹1.00');
      expect(rows[1]?.textContent).toContain('Never');
      await userEvent.click(screen.getByTestId('agent-downlines-page-next'));
      await waitFor(() =>
        expect(screen.getAllByTestId('agent-downline-row')[0]?.textContent).toContain('player11'),
      );
      fill('agent-downlines-search', 'nobody');
      await userEvent.click(screen.getByTestId('agent-downlines-search-submit'));
      expect((await screen.findByTestId('agent-downlines-empty')).textContent).toContain('nobody');
      const last = calls(fetchStub, '/wps/agent/downlines').at(-1);
      expect(last?.searchParams.get('username')).toBe('nobody');
      expect(last?.searchParams.get('page')).toBe('1');
    });

    it('shows an empty downline honestly', async () => {
      serve({ '/wps/agent/downlines': { list: [], page: 1, pageSize: 10, total: 0, totalPages: 0 } });
      renderModal('downlines');
      expect((await screen.findByTestId('agent-downlines-empty')).textContent).toContain(
        'no downline members',
      );
    });

    it('transfers with one Idempotency-Key per intent and refreshes after', async () => {
      const fetchStub = serve();
      renderModal('downlines');
      await userEvent.click(await screen.findByTestId('agent-transfer-player2'));
      const dialog = await screen.findByTestId('agent-transfer-dialog');
      expect(within(dialog).getByTestId('agent-transfer-to').textContent).toContain('player2');
      await userEvent.click(within(dialog).getByTestId('agent-transfer-confirm'));
      expect(
        await within(dialog).findByText('Enter an amount above zero, with at most two decimals.'),
      ).toBeTruthy();
      expect(sealed).not.toHaveBeenCalled();

      sealed.mockRejectedValueOnce(new ApiError('network_error', 0));
      sealed.mockResolvedValueOnce({
        entryId: '5',
        amountMinor: '1250',
        amount: '12.50',
        to: 'player2',
        main: { balanceMinor: '98750', balance: '987.50' },
      });
      fill('agent-transfer-amount', '12.50');
      fill('agent-transfer-password', 'Pay123456');
      await userEvent.click(within(dialog).getByTestId('agent-transfer-confirm'));
      expect(await within(dialog).findByTestId('agent-transfer-error')).toBeTruthy();
      const before = calls(fetchStub, '/wps/agent/downlines').length;
      await userEvent.click(within(dialog).getByTestId('agent-transfer-confirm'));
      expect((await screen.findByTestId('agent-transfer-done')).textContent).toBe(
        '₹12.50 sent to player2. Your balance: ₹987.50.',
      );
      expect(sealed).toHaveBeenCalledTimes(2);
      const [first, second] = sealed.mock.calls;
      expect(first?.slice(0, 3)).toEqual([
        '/wps/agent/transfer/downline',
        { username: 'player2', amount: '12.50', withdrawPassword: 'Pay123456' },
        'POST',
      ]);
      const keyOf = (call: unknown[] | undefined) =>
        (call?.[3] as { headers: Record<string, string> } | undefined)?.headers['Idempotency-Key'];
      expect(keyOf(first)).toMatch(/.{16,}/);
      expect(keyOf(second)).toBe(keyOf(first));
      await waitFor(() => expect(calls(fetchStub, '/wps/agent/downlines').length).toBeGreaterThan(before));

      // A new intent gets a new key.
      sealed.mockResolvedValueOnce({
        entryId: '6',
        amountMinor: '100',
        amount: '1.00',
        to: 'player1',
        main: { balanceMinor: '98650', balance: '986.50' },
      });
      await userEvent.click(screen.getByTestId('agent-transfer-player1'));
      const again = await screen.findByTestId('agent-transfer-dialog');
      fill('agent-transfer-amount', '1');
      fill('agent-transfer-password', 'Pay123456');
      await userEvent.click(within(again).getByTestId('agent-transfer-confirm'));
      await waitFor(() => expect(sealed).toHaveBeenCalledTimes(3));
      expect(keyOf(sealed.mock.calls[2])).not.toBe(keyOf(first));
    });

    it('puts a wrong payment password under its field', async () => {
      sealed.mockRejectedValue(new ApiError('withdraw_password_error', 400));
      serve();
      renderModal('downlines');
      await userEvent.click(await screen.findByTestId('agent-transfer-player1'));
      const dialog = await screen.findByTestId('agent-transfer-dialog');
      fill('agent-transfer-amount', '5');
      fill('agent-transfer-password', 'wrong');
      await userEvent.click(within(dialog).getByTestId('agent-transfer-confirm'));
      expect(await within(dialog).findByText('The payment password is incorrect.')).toBeTruthy();
      expect((within(dialog).getByTestId('agent-transfer-password') as HTMLInputElement).value).toBe('');
    });
  });

  describe('downline transaction details', () => {
    it('lists the transfers of the last 7 days and changes the range', async () => {
      const fetchStub = serve();
      renderModal('transfers');
      const rows = await screen.findAllByTestId('agent-transfer-row');
      expect(rows[0]?.textContent).toContain('To downline');
      expect(rows[0]?.textContent).toContain('player1');
      expect(rows[0]?.textContent).toContain('-₹12.50');
      const first = calls(fetchStub, '/wps/agent/transfers')[0];
      const from = first?.searchParams.get('from') ?? '';
      const to = first?.searchParams.get('to') ?? '';
      expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);

      await userEvent.click(screen.getByTestId('agent-transfers-today'));
      await waitFor(() => {
        const last = calls(fetchStub, '/wps/agent/transfers').at(-1);
        expect(last?.searchParams.get('from')).toBe(last?.searchParams.get('to'));
      });
    });

    it('refuses a reversed or too long range without asking the server', async () => {
      const fetchStub = serve();
      renderModal('transfers');
      await screen.findAllByTestId('agent-transfer-row');
      const count = calls(fetchStub, '/wps/agent/transfers').length;
      fill('agent-transfers-from', '2026-03-10');
      fill('agent-transfers-to', '2026-03-01');
      await userEvent.click(screen.getByTestId('agent-transfers-apply'));
      expect((await screen.findByTestId('agent-transfers-range-error')).textContent).toContain('start date');
      fill('agent-transfers-from', '2025-01-01');
      fill('agent-transfers-to', '2026-01-01');
      await userEvent.click(screen.getByTestId('agent-transfers-apply'));
      expect(screen.getByTestId('agent-transfers-range-error').textContent).toContain('92 days');
      expect(calls(fetchStub, '/wps/agent/transfers').length).toBe(count);
    });

    it('shows an empty period and a failure', async () => {
      serve({
        '/wps/agent/transfers': {
          list: [],
          page: 1,
          pageSize: 20,
          total: 0,
          totalPages: 0,
          from: '2026-11-15',
          to: '2026-11-21',
        },
      });
      const view = renderModal('transfers');
      expect(await screen.findByTestId('agent-transfers-empty')).toBeTruthy();
      view.unmount();
      serve({ '/wps/agent/transfers': () => failure(500, 'unknown_error') });
      renderModal('transfers');
      expect(await screen.findByTestId('agent-transfers-error')).toBeTruthy();
    });
  });
});
