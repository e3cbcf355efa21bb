import type {
  AgentIncomeReport,
  BettingFigures,
  TeamBettingReport,
  TeamLossReport,
} from '@lotus/shared/agent-reports.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { IncomeSection } from './income-section.tsx';
import { LossStatementsSection } from './loss-statements-section.tsx';
import { TeamBettingSection } from './team-betting-section.tsx';
import { TransfersSection } from './transfers-section.tsx';

const decimal = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const size = minor < 0n ? -minor : minor;
  return `${sign}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
};
/** Figures from a stake and a payout (minor units), net in the players' view. */
function figures(stake: bigint, payout: bigint, rounds: number): BettingFigures {
  return {
    stakeMinor: String(stake),
    stake: decimal(stake),
    validTurnoverMinor: String(stake),
    validTurnover: decimal(stake),
    payoutMinor: String(payout),
    payout: decimal(payout),
    netMinor: String(payout - stake),
    net: decimal(payout - stake),
    rounds,
  };
}
const page = { page: 1, pageSize: 20, total: 0, totalPages: 0 };
const member = (id: string, username: string, isAgent = false) => ({
  id,
  username,
  memberType: isAgent ? 1 : 0,
  isAgent,
});

const BETTING: TeamBettingReport = {
  from: '2026-11-20',
  to: '2026-11-26',
  gameType: null,
  list: [
    {
      downline: member('11', 'sub_agent', true),
      activeMembers: 3,
      byGameType: [{ gameType: 'RNG', ...figures(50_000n, 42_000n, 40) }],
      totals: figures(50_000n, 42_000n, 40),
    },
    {
      downline: member('12', 'ravi'),
      activeMembers: 1,
      byGameType: [{ gameType: 'LIVE', ...figures(10_000n, 12_500n, 5) }],
      totals: figures(10_000n, 12_500n, 5),
    },
  ],
  ...page,
  total: 2,
  totalPages: 1,
  byGameType: [
    { gameType: 'RNG', ...figures(50_000n, 42_000n, 40) },
    { gameType: 'LIVE', ...figures(10_000n, 12_500n, 5) },
  ],
  totals: figures(60_000n, 54_500n, 45),
  activeMembers: 4,
  byDay: [
    { day: '2026-11-24', ...figures(40_000n, 30_000n, 30) },
    { day: '2026-11-25', ...figures(20_000n, 24_500n, 15) },
  ],
};

const EMPTY_BETTING: TeamBettingReport = {
  ...BETTING,
  list: [],
  total: 0,
  totalPages: 0,
  byGameType: [],
  totals: figures(0n, 0n, 0),
  activeMembers: 0,
  byDay: [],
};

const LOSS: TeamLossReport = {
  from: '2026-11-20',
  to: '2026-11-26',
  period: 'day',
  list: [
    {
      member: member('21', 'player_a'),
      depth: 2,
      uplineUsername: 'sub_agent',
      periods: [
        { periodStart: '2026-11-24', ...figures(3_000n, 1_000n, 3) },
        { periodStart: '2026-11-25', ...figures(1_000n, 1_500n, 1) },
      ],
      totals: figures(4_000n, 2_500n, 4),
    },
  ],
  ...page,
  total: 1,
  totalPages: 1,
  totals: figures(4_000n, 2_500n, 4),
};

const kinds = (amounts: Partial<Record<string, bigint>>) =>
  (
    [
      'commission',
      'agent_dividend',
      'agent_daily_salary',
      'agent_hourly_salary',
      'agent_realtime_salary',
    ] as const
  ).map((kind) => ({
    kind,
    amountMinor: String(amounts[kind] ?? 0n),
    amount: decimal(amounts[kind] ?? 0n),
  }));

const INCOME: AgentIncomeReport = {
  from: '2026-11-24',
  to: '2026-11-26',
  days: [
    { date: '2026-11-24', byKind: kinds({}), totalMinor: '0', total: '0.00' },
    {
      date: '2026-11-25',
      byKind: kinds({ agent_daily_salary: 2_500n }),
      totalMinor: '2500',
      total: '25.00',
    },
    {
      date: '2026-11-26',
      byKind: kinds({ agent_daily_salary: 1_000n, agent_realtime_salary: 40n }),
      totalMinor: '1040',
      total: '10.40',
    },
  ],
  byKind: kinds({ agent_daily_salary: 3_500n, agent_realtime_salary: 40n }),
  totalMinor: '3540',
  total: '35.40',
};

const DOWNLINES = {
  list: [
    {
      id: '11',
      username: 'sub_agent',
      nickname: null,
      memberType: 1,
      createdAt: '2026-11-01T00:00:00.000Z',
      lastLoginAt: null,
      balanceMinor: '0',
      balance: '0.00',
    },
  ],
  page: 1,
  pageSize: 100,
  total: 1,
  totalPages: 1,
};

const failure = (status: number, code: string) =>
  Response.json({ success: false, message: code, value: null }, { status });

function calls(fetchStub: ReturnType<typeof stubFetch>, path: string): URL[] {
  const all = fetchStub.mock.calls as unknown as [RequestInfo | URL][];
  return all.map(([input]) => new URL(String(input), 'http://x')).filter((url) => url.pathname === path);
}

function serve(routes: Record<string, FetchRoute | object>) {
  return stubFetch({ '/wps/agent/downlines': DOWNLINES, ...routes });
}

describe('agent reports', () => {
  beforeEach(async () => {
    await resetLanguage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says each report is loading, for a screen reader too', async () => {
    // No answer ever comes.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderUi(
      <>
        <LossStatementsSection symbol="₹" />
        <IncomeSection symbol="₹" />
        <TransfersSection symbol="₹" />
      </>,
    );
    for (const id of ['agent-loss-loading', 'agent-income-loading', 'agent-transfers-loading']) {
      expect((await screen.findByTestId(id)).getAttribute('role')).toBe('status');
    }
  });

  describe('team betting', () => {
    it('shows totals, game types and each direct downline with its team', async () => {
      serve({ '/wps/agent/team/betting': BETTING });
      renderUi(<TeamBettingSection symbol="₹" />);
      expect((await screen.findByTestId('agent-betting-totals-turnover')).textContent).toBe('₹600.00');
      expect(screen.getByTestId('agent-betting-totals-net').textContent).toBe('-₹55.00');
      expect(screen.getByTestId('agent-betting-totals-active').textContent).toBe('4');
      const types = screen.getAllByTestId('agent-betting-game-type-row');
      expect(types.map((row) => row.textContent)).toEqual([
        expect.stringContaining('Slots'),
        expect.stringContaining('Live casino'),
      ]);
      const rows = screen.getAllByTestId('agent-betting-row');
      expect(rows[0]?.textContent).toContain('sub_agent');
      expect(rows[0]?.textContent).toContain('Agent');
      expect(rows[0]?.textContent).toContain('-₹80.00');
      expect(rows[1]?.textContent).toContain('+₹25.00');
      // The team's net per day: a bar below the line (the players lost), one above (they won), and the
      // table that describes the chart.
      const chart = screen.getByTestId('agent-betting-chart');
      expect(chart.querySelector('svg')?.getAttribute('aria-describedby')).toBeTruthy();
      expect(screen.getAllByTestId('agent-betting-bar')).toHaveLength(2);
      const days = screen.getByTestId('agent-betting-days');
      expect(days.textContent).toContain('-₹100.00');
      expect(days.textContent).toContain('+₹45.00');
    });

    it('narrows to a game type and a downline with one Show', async () => {
      const fetchStub = serve({ '/wps/agent/team/betting': BETTING });
      renderUi(<TeamBettingSection symbol="₹" />);
      await screen.findAllByTestId('agent-betting-row');
      await screen.findByRole('option', { name: 'sub_agent' });
      fireEvent.change(screen.getByTestId('agent-betting-game-type'), { target: { value: 'RNG' } });
      fireEvent.change(screen.getByTestId('agent-betting-downline'), { target: { value: '11' } });
      await userEvent.click(screen.getByTestId('agent-betting-apply'));
      await waitFor(() => {
        const last = calls(fetchStub, '/wps/agent/team/betting').at(-1);
        expect(last?.searchParams.get('gameType')).toBe('RNG');
        expect(last?.searchParams.get('downline')).toBe('11');
      });
      const first = calls(fetchStub, '/wps/agent/team/betting')[0];
      expect(first?.searchParams.has('gameType')).toBe(false);
      expect(first?.searchParams.has('downline')).toBe(false);
    });

    it('has loading, empty and failed states', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>(() => undefined)),
      );
      const view = renderUi(<TeamBettingSection symbol="₹" />);
      expect((await screen.findByTestId('agent-betting-loading')).getAttribute('role')).toBe('status');
      view.unmount();
      let answer: () => unknown = () => EMPTY_BETTING;
      serve({ '/wps/agent/team/betting': () => answer() });
      const empty = renderUi(<TeamBettingSection symbol="₹" />);
      expect((await screen.findByTestId('agent-betting-empty')).textContent).toContain('No settled rounds');
      empty.unmount();
      answer = () => failure(400, 'downline_not_in_team');
      renderUi(<TeamBettingSection symbol="₹" />);
      expect((await screen.findByTestId('agent-betting-error')).textContent).toContain(
        'not in your direct downline',
      );
    });
  });

  describe('downline loss statements', () => {
    it('lists each member’s loss per period and in all', async () => {
      serve({ '/wps/agent/team/loss': LOSS });
      renderUi(<LossStatementsSection symbol="₹" />);
      const memberRows = await screen.findByTestId('agent-loss-member');
      expect(memberRows.textContent).toContain('player_a');
      expect(memberRows.textContent).toContain('Under sub_agent (level 2)');
      expect(within(memberRows).getByTestId('agent-loss-member-total').textContent).toBe('+₹15.00');
      const periods = within(memberRows).getAllByTestId('agent-loss-period-row');
      expect(periods[0]?.textContent).toContain('Nov 24, 2026');
      expect(periods[0]?.textContent).toContain('+₹20.00');
      expect(periods[1]?.textContent).toContain('-₹5.00');
    });

    it('changes the period, searches and says when no one matches', async () => {
      const fetchStub = serve({
        '/wps/agent/team/loss': (url: URL) =>
          url.searchParams.get('username') === 'zz'
            ? { ...LOSS, list: [], total: 0, totalPages: 0 }
            : { ...LOSS, period: url.searchParams.get('period') },
      });
      renderUi(<LossStatementsSection symbol="₹" />);
      await screen.findByTestId('agent-loss-member');
      fireEvent.change(screen.getByTestId('agent-loss-period'), { target: { value: 'week' } });
      await userEvent.click(screen.getByTestId('agent-loss-apply'));
      expect(await screen.findByText('Week of Nov 24, 2026')).toBeTruthy();
      fireEvent.change(screen.getByTestId('agent-loss-search'), { target: { value: ' zz ' } });
      await userEvent.click(screen.getByTestId('agent-loss-apply'));
      expect((await screen.findByTestId('agent-loss-empty')).textContent).toContain('“zz”');
      const last = calls(fetchStub, '/wps/agent/team/loss').at(-1);
      expect(last?.searchParams.get('username')).toBe('zz');
      expect(last?.searchParams.get('period')).toBe('week');
      expect(last?.searchParams.get('page')).toBe('1');
    });

    it('shows an empty team and a failure with a retry', async () => {
      let fail = true;
      serve({
        '/wps/agent/team/loss': () =>
          fail ? failure(500, 'unknown_error') : { ...LOSS, list: [], total: 0, totalPages: 0 },
      });
      renderUi(<LossStatementsSection symbol="₹" />);
      const error = await screen.findByTestId('agent-loss-error');
      fail = false;
      await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
      expect((await screen.findByTestId('agent-loss-empty')).textContent).toContain('No team member');
    });
  });

  describe('my income', () => {
    it('shows totals per kind, a chart described by its table, and the paid days', async () => {
      serve({ '/wps/agent/income': INCOME });
      renderUi(<IncomeSection symbol="₹" />);
      expect((await screen.findByTestId('agent-income-total')).textContent).toBe('₹35.40');
      expect(screen.getByTestId('agent-income-kind-agent_daily_salary').textContent).toBe('₹35.00');
      expect(screen.queryByTestId('agent-income-kind-agent_dividend')).toBeNull();
      const chart = screen.getByRole('img', { name: /Income per day over 3 days/ });
      const table = screen.getByTestId('agent-income-table');
      expect(chart.getAttribute('aria-describedby')).toBe(table.id);
      expect(screen.getAllByTestId('agent-income-bar')).toHaveLength(3);
      const rows = screen.getAllByTestId('agent-income-row');
      expect(rows.map((row) => row.textContent)).toEqual([
        expect.stringContaining('Nov 26, 2026'),
        expect.stringContaining('Nov 25, 2026'),
      ]);
      expect(rows[0]?.textContent).toContain('+₹0.40');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Day', 'Daily wages', 'Real-time salary', 'Day total']);
    });

    it('says so when nothing was paid, and when the report fails', async () => {
      serve({
        '/wps/agent/income': {
          ...INCOME,
          days: INCOME.days.map((day) => ({ ...day, byKind: kinds({}), totalMinor: '0', total: '0.00' })),
          byKind: kinds({}),
          totalMinor: '0',
          total: '0.00',
        },
      });
      const view = renderUi(<IncomeSection symbol="₹" />);
      expect((await screen.findByTestId('agent-income-empty')).textContent).toContain('No income');
      view.unmount();
      serve({ '/wps/agent/income': () => failure(403, 'error_not_agent') });
      renderUi(<IncomeSection symbol="₹" />);
      expect((await screen.findByTestId('agent-income-error')).getAttribute('role')).toBe('alert');
    });
  });

  describe('downline transaction details', () => {
    it('widens to the team’s money moves with the type filter', async () => {
      const fetchStub = serve({
        '/wps/agent/transfers': (url: URL) => ({
          list:
            url.searchParams.get('type') === 'all'
              ? [
                  {
                    id: 'bet-21-2026-11-25',
                    type: 'bet',
                    reversal: false,
                    direction: 'out',
                    counterpart: 'player_a',
                    amountMinor: '3000',
                    amount: '30.00',
                    createdAt: '2026-11-25T00:00:00.000Z',
                  },
                  {
                    id: '90',
                    type: 'deposit',
                    reversal: true,
                    direction: 'out',
                    counterpart: 'ravi',
                    amountMinor: '500',
                    amount: '5.00',
                    createdAt: '2026-11-25T08:30:00.000Z',
                  },
                ]
              : [],
          ...page,
          total: 2,
          totalPages: 1,
          from: '2026-11-20',
          to: '2026-11-26',
          type: url.searchParams.get('type') ?? 'agent_transfer',
        }),
      });
      renderUi(<TransfersSection symbol="₹" />);
      expect((await screen.findByTestId('agent-transfers-empty')).textContent).toContain(
        'No transfers with your downline',
      );
      expect(calls(fetchStub, '/wps/agent/transfers')[0]?.searchParams.has('type')).toBe(false);
      fireEvent.change(screen.getByTestId('agent-transfers-type'), { target: { value: 'all' } });
      await userEvent.click(screen.getByTestId('agent-transfers-apply'));
      const rows = await screen.findAllByTestId('agent-transfer-row');
      expect(rows[0]?.textContent).toContain('Nov 25, 2026');
      expect(rows[0]?.textContent).toContain('Bets (daily sum)');
      expect(rows[0]?.textContent).toContain('-₹30.00');
      expect(rows[1]?.textContent).toContain('Deposits');
      expect(rows[1]?.textContent).toContain('reversed');
      expect(calls(fetchStub, '/wps/agent/transfers').at(-1)?.searchParams.get('type')).toBe('all');
    });
  });
});
