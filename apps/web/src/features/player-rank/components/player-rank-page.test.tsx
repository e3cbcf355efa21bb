import type { MemberRank } from '@lotus/shared/ranks.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { PlayerRankPage } from './player-rank-page.tsx';

const LEVELS = ['Starter', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Ruby', 'Sapphire'];

function rankValue(overrides: Partial<MemberRank> = {}): MemberRank {
  return {
    rankLevel: 2,
    clubLabelName: 'Silver',
    memberLabels: ['Verified', 'High roller'],
    language: 'EN',
    vipServiceFromLevel: 5,
    ladder: LEVELS.map((name, level) => ({
      level,
      name,
      benefits:
        level >= 5
          ? ['Deposits and withdrawals from your wallet', 'VIP customer-service line']
          : ['Deposits and withdrawals from your wallet', 'Live-chat customer service'],
      vip: level >= 5,
      requirements:
        level === 0
          ? { turnover30dMinor: null, depositsMinor: null }
          : { turnover30dMinor: String(level * 1_000_000), depositsMinor: String(level * 500_000) },
      upgradeBonusMinor: String(level * 10_000),
      monthlyRewardMinor: level >= 2 ? String(level * 5_000) : '0',
      rebateRates: [{ gameType: 'RNG', rateBp: 10 + level * 10 }],
    })),
    progress: { rule: 'any', turnover30dMinor: '1500000', depositsMinor: '200000' },
    currencySymbol: '₹',
    ...overrides,
  };
}

const REBATES = {
  list: [
    {
      day: '2026-11-26',
      rankLevel: 2,
      validTurnoverMinor: '1500000',
      amountMinor: '4500',
      status: 'unclaimed',
      rewardId: '9',
      parts: [{ gameType: 'RNG', validTurnoverMinor: '1500000', rateBp: 30, amountMinor: '4500' }],
    },
  ],
  page: 1,
  pageSize: 10,
  total: 1,
  totalAmountMinor: '4500',
  currencySymbol: '₹',
};
const NO_REBATES = { ...REBATES, list: [], total: 0, totalAmountMinor: '0' };

describe('player-rank page', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('shows the current rank, the labels as badges and the ladder with the member’s level marked', async () => {
    const fetchStub = stubFetch({ '/wps/member/rank': rankValue(), '/wps/member/rebates': NO_REBATES });
    renderUi(<PlayerRankPage loggedIn />);

    expect((await screen.findByTestId('page-player-rank-current-name')).textContent).toBe('Silver');
    expect(screen.getByTestId('page-player-rank-club').textContent).toBe('Silver');
    const labels = within(screen.getByTestId('page-player-rank-labels')).getAllByRole('listitem');
    expect(labels.map((label) => label.textContent)).toEqual(['Verified', 'High roller']);

    const levels = within(screen.getByTestId('page-player-rank-ladder')).getAllByTestId(
      'page-player-rank-level',
    );
    expect(levels.map((level) => level.getAttribute('data-level'))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    const current = levels.filter((level) => level.getAttribute('aria-current') === 'true');
    expect(current).toHaveLength(1);
    expect(current[0]?.getAttribute('data-level')).toBe('2');
    expect(within(current[0] as HTMLElement).getByText('Your level')).toBeTruthy();
    // Benefits of each level, VIP badge from level 5, and the VIP note.
    expect(within(levels[5] as HTMLElement).getByText('VIP customer-service line')).toBeTruthy();
    expect(within(levels[5] as HTMLElement).getByText('VIP')).toBeTruthy();
    expect(within(levels[4] as HTMLElement).queryByText('VIP')).toBeNull();
    expect(screen.getByTestId('page-player-rank-vip-note').textContent).toContain('from level 5');

    const [input] = fetchStub.mock.calls[0] ?? [];
    expect(new URL(String(input), 'http://x').searchParams.get('language')).toBe('EN');
  });

  it('asks for the ladder in Hindi when the site is in Hindi', async () => {
    await resetLanguage('hi');
    const fetchStub = stubFetch({ '/wps/member/rank': rankValue({ language: 'HI' }) });
    renderUi(<PlayerRankPage loggedIn />);
    expect(await screen.findByText('VIP रैंक', { selector: 'h1' })).toBeTruthy();
    await screen.findByTestId('page-player-rank-ladder');
    const [input] = fetchStub.mock.calls[0] ?? [];
    expect(new URL(String(input), 'http://x').searchParams.get('language')).toBe('HI');
  });

  it('tells a VIP member they are served by the VIP line', async () => {
    stubFetch({ '/wps/member/rank': rankValue({ rankLevel: 6, memberLabels: [] }) });
    renderUi(<PlayerRankPage loggedIn />);
    expect(await screen.findByText('You are served by the VIP customer-service line.')).toBeTruthy();
    expect(screen.getByText('No labels yet')).toBeTruthy();
  });

  it('shows the empty state when the brand has no ladder', async () => {
    stubFetch({ '/wps/member/rank': rankValue({ ladder: [], clubLabelName: null }) });
    renderUi(<PlayerRankPage loggedIn />);
    expect(await screen.findByTestId('page-player-rank-empty')).toBeTruthy();
    expect(screen.getByTestId('page-player-rank-current-name').textContent).toBe('Level 2');
    expect(screen.getByTestId('page-player-rank-club').textContent).toBe('No club yet');
  });

  it('shows the error with a retry that asks again', async () => {
    let fail = true;
    const fetchStub = stubFetch({
      '/wps/member/rank': () =>
        fail
          ? Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 })
          : rankValue(),
    });
    renderUi(<PlayerRankPage loggedIn />);
    const error = await screen.findByTestId('page-player-rank-error');
    expect(error.getAttribute('role')).toBe('alert');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('page-player-rank-ladder');
    const rankCalls = fetchStub.mock.calls.filter(([input]) => String(input).includes('/wps/member/rank'));
    expect(rankCalls).toHaveLength(2);
  });

  it('shows a bar per requirement of the next level, what it gives, and the daily rebates', async () => {
    stubFetch({ '/wps/member/rank': rankValue(), '/wps/member/rebates': REBATES });
    renderUi(<PlayerRankPage loggedIn />);
    const progress = await screen.findByTestId('page-player-rank-progress');
    expect(within(progress).getByRole('heading', { level: 2 }).textContent).toBe(
      'Next level: Gold (level 3)',
    );
    expect(within(progress).getByText('Reach either requirement to move up.')).toBeTruthy();
    expect(screen.getByTestId('page-player-rank-progress-turnover-figures').textContent).toBe(
      '₹15,000.00 of ₹30,000.00',
    );
    expect(screen.getByTestId('page-player-rank-progress-deposits-figures').textContent).toBe(
      '₹2,000.00 of ₹15,000.00',
    );
    const bars = within(progress).getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['50', '13']);
    expect(within(progress).getByText('₹15,000.00 to go')).toBeTruthy();
    expect(
      within(screen.getByTestId('page-player-rank-progress-gives')).getAllByRole('listitem'),
    ).toHaveLength(2);

    const rows = await screen.findAllByTestId('page-player-rank-rebates-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText('₹45.00')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('To claim')).toBeTruthy();
    expect(screen.getByTestId('page-player-rank-rebates-total').textContent).toBe('₹45.00');
  });

  it('says so at the top level, and shows no rebates section to a trial account', async () => {
    stubFetch({
      '/wps/member/rank': rankValue({ rankLevel: 6 }),
      '/wps/member/rebates': () =>
        Response.json({ success: false, message: 'in_need_true_account', value: null }, { status: 403 }),
    });
    renderUi(<PlayerRankPage loggedIn />);
    expect(await screen.findByTestId('page-player-rank-progress-top')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('page-player-rank-rebates')).toBeNull());
  });

  it('asks a visitor to log in and calls nothing', async () => {
    const fetchStub = stubFetch({});
    renderUi(<PlayerRankPage loggedIn={false} />);
    expect(screen.getByTestId('login-required')).toBeTruthy();
    await waitFor(() => expect(fetchStub).not.toHaveBeenCalled());
  });
});
