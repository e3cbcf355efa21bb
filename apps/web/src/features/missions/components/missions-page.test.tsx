import type { MissionLeaderboard, MissionSummary, MissionView } from '@lotus/shared/missions.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { MissionsPage } from './missions-page.tsx';

const DAILY: MissionView = {
  id: '1',
  code: 'daily-rounds',
  period: 'daily',
  kind: 'rounds',
  title: 'Play 3 rounds',
  titleEn: 'Play 3 rounds',
  titleHi: '3 राउंड खेलें',
  target: '3',
  progress: '3',
  percent: 100,
  status: 'complete',
  rewardMinor: '1000',
  reward: '10.00',
  points: 10,
  periodStart: '2026-11-27T00:00:00.000Z',
  periodEnd: '2026-11-28T00:00:00.000Z',
};
const WEEKLY: MissionView = {
  ...DAILY,
  id: '2',
  code: 'weekly-deposit',
  period: 'weekly',
  kind: 'deposit',
  title: 'Deposit ₹1,000 this week',
  target: '100000',
  progress: '40000',
  percent: 40,
  status: 'in_progress',
  periodStart: '2026-11-23T00:00:00.000Z',
  periodEnd: '2026-11-30T00:00:00.000Z',
};
const summary = (missions: MissionView[], weekPoints = 0): MissionSummary => ({
  missions,
  completeCount: missions.filter((mission) => mission.status === 'complete').length,
  weekPoints,
  now: '2026-11-27T17:00:00.000Z',
});
const BOARD: MissionLeaderboard = {
  periodStart: '2026-11-23T00:00:00.000Z',
  periodEnd: '2026-11-30T00:00:00.000Z',
  list: [
    { rank: 1, name: 'ab***c', points: 30, me: false },
    { rank: 2, name: 'de***r', points: 10, me: true },
  ],
  mine: { rank: 2, points: 10 },
};

describe('missions page', () => {
  beforeEach(async () => {
    await resetLanguage();
    await loadNamespaces(['missions']);
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('shows missions by period with progress, the countdown and the leaderboard', async () => {
    stubFetch({
      '/wps/relay/MCSFE_getMissionSummaryDetails': () => summary([DAILY, WEEKLY], 10),
      '/wps/relay/MCSFE_getMissionLeaderboard': () => BOARD,
    });
    renderUi(<MissionsPage currencySymbol="₹" />);
    const daily = await screen.findByTestId('mission-daily-rounds');
    expect(within(daily).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(daily).getByTestId('mission-daily-rounds-progress').textContent).toBe('3 of 3');
    const weekly = screen.getByTestId('mission-weekly-deposit');
    expect(within(weekly).getByTestId('mission-weekly-deposit-progress').textContent).toBe(
      '₹400.00 of ₹1,000.00',
    );
    expect(within(weekly).queryByRole('button', { name: 'Claim' })).toBeNull();
    expect(screen.getByTestId('missions-daily-reset').textContent).toMatch(/^Resets in \d\d:\d\d:\d\d$/);
    expect(screen.getByTestId('missions-weekly-reset').textContent).toMatch(
      /^Resets in 2 days \d\d:\d\d:\d\d$/,
    );
    expect(screen.getByTestId('missions-week-points').textContent).toContain('10');
    expect((await screen.findByTestId('mission-board-mine')).textContent).toBe(
      'Your rank: #2 with 10 points',
    );
    expect(within(screen.getByTestId('mission-board')).getByText('de***r (you)')).toBeTruthy();
  });

  it('claims a complete mission and says where the reward went', async () => {
    let claimed = false;
    const fetchStub = stubFetch({
      '/wps/relay/MCSFE_getMissionSummaryDetails': () =>
        summary([claimed ? { ...DAILY, status: 'claimed' } : DAILY]),
      '/wps/relay/MCSFE_getMissionLeaderboard': () => BOARD,
      '/wps/member/missions/1/claim': () => {
        claimed = true;
        return {
          missionId: '1',
          periodStart: DAILY.periodStart,
          rewardId: '9',
          rewardMinor: '1000',
          reward: '10.00',
          points: 10,
        };
      },
    });
    renderUi(<MissionsPage currencySymbol="₹" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    expect((await screen.findByTestId('missions-notice')).textContent).toContain('₹10.00');
    await waitFor(() =>
      expect(screen.getByTestId('mission-daily-rounds').getAttribute('data-status')).toBe('claimed'),
    );
    expect(fetchStub.mock.calls.filter(([input]) => String(input).includes('/claim'))).toHaveLength(1);
  });

  it('shows the empty and error states', async () => {
    stubFetch({
      '/wps/relay/MCSFE_getMissionSummaryDetails': () => summary([]),
      '/wps/relay/MCSFE_getMissionLeaderboard': () => ({
        ...BOARD,
        list: [],
        mine: { rank: null, points: 0 },
      }),
    });
    renderUi(<MissionsPage currencySymbol="₹" />);
    expect(await screen.findByTestId('missions-empty')).toBeTruthy();
    expect(await screen.findByTestId('mission-board-empty')).toBeTruthy();
  });
});
