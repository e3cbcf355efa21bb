import type { ActivityDay, ActivityReport } from '@lotus/shared/player-protection.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { refusal, serveApi } from '../../../test/protection-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { activityShortcut, chartBars, checkActivityRange } from '../utils/activity-range.ts';
import { MyActivityPage } from './my-activity-page.tsx';

const TODAY = '2026-11-27';
const ZERO = {
  depositedMinor: '0',
  withdrawnMinor: '0',
  stakedMinor: '0',
  wonMinor: '0',
  netMinor: '0',
  rounds: 0,
};
const day = (date: string, values: Partial<ActivityDay> = {}): ActivityDay => ({
  day: date,
  ...ZERO,
  ...values,
});

function report(from: string, to: string, days: ActivityDay[]): ActivityReport {
  const sum = (key: 'depositedMinor' | 'withdrawnMinor' | 'stakedMinor' | 'wonMinor' | 'netMinor') =>
    String(days.reduce((total, entry) => total + BigInt(entry[key]), 0n));
  return {
    from,
    to,
    currencySymbol: '₹',
    days,
    totals: {
      depositedMinor: sum('depositedMinor'),
      withdrawnMinor: sum('withdrawnMinor'),
      stakedMinor: sum('stakedMinor'),
      wonMinor: sum('wonMinor'),
      netMinor: sum('netMinor'),
      rounds: days.reduce((total, entry) => total + entry.rounds, 0),
    },
  };
}

const DAYS = [
  day('2026-11-25', {
    depositedMinor: '100000',
    stakedMinor: '50000',
    wonMinor: '20000',
    netMinor: '-30000',
    rounds: 5,
  }),
  day('2026-11-26'),
  day('2026-11-27', { stakedMinor: '10000', wonMinor: '25000', netMinor: '15000', rounds: 2 }),
];

describe('My activity (issue 17)', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('asks for the last 30 days first and shows totals, a bar per active day and the daily table', async () => {
    const calls = serveApi({
      'GET /wps/member/activity': (call: { search: string }) => {
        const params = new URLSearchParams(call.search);
        return report(params.get('from') ?? '', params.get('to') ?? '', DAYS);
      },
    });
    renderUi(<MyActivityPage today={TODAY} />, { path: '/member/myActivity' });
    expect(screen.getByTestId('activity-loading')).toBeTruthy();
    expect((await screen.findByTestId('activity-total-netMinor')).textContent).toBe('-₹150.00');
    expect(calls[0]?.search).toBe('?from=2026-10-29&to=2026-11-27');
    expect(screen.getByTestId('activity-total-depositedMinor').textContent).toBe('₹1,000.00');
    expect(screen.getByTestId('activity-total-rounds').textContent).toBe('7');
    expect(screen.getAllByTestId('activity-bar')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Net (won − staked) per day, 3 days' })).toBeTruthy();
    const rows = screen.getAllByTestId('activity-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('+₹150.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Staked' }));
    expect(screen.getByRole('img', { name: 'Staked per day, 3 days' })).toBeTruthy();
  });

  it('uses the shortcuts and a typed range, refusing one over 12 months or reversed', async () => {
    const calls = serveApi({
      'GET /wps/member/activity': report('2026-11-27', '2026-11-27', [day('2026-11-27')]),
    });
    renderUi(<MyActivityPage today={TODAY} />, { path: '/member/myActivity' });
    expect(await screen.findByTestId('activity-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('activity-shortcut-last12m'));
    fireEvent.click(screen.getByTestId('activity-shortcut-today'));
    await screen.findByTestId('activity-empty');
    expect(calls.map((call) => call.search)).toContain('?from=2025-11-27&to=2026-11-27');
    expect(calls.map((call) => call.search)).toContain('?from=2026-11-27&to=2026-11-27');

    fireEvent.change(screen.getByTestId('activity-from'), { target: { value: '2025-01-01' } });
    fireEvent.click(screen.getByTestId('activity-search'));
    expect((await screen.findByTestId('activity-range-error')).textContent).toBe(
      'Choose a range of up to 366 days (12 months).',
    );
    fireEvent.change(screen.getByTestId('activity-from'), { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByTestId('activity-search'));
    expect(screen.getByTestId('activity-range-error').textContent).toContain('on or before');
    fireEvent.change(screen.getByTestId('activity-from'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByTestId('activity-search'));
    expect(screen.queryByTestId('activity-range-error')).toBeNull();
    expect(screen.getByTestId('activity-shortcut-last30').getAttribute('aria-pressed')).toBe('false');
  });

  it('shows a failure with a retry, and Hindi', async () => {
    let fail = true;
    serveApi({
      'GET /wps/member/activity': () =>
        fail ? refusal('date_range_invalid', 400) : report('2026-10-29', TODAY, DAYS),
    });
    await i18n.changeLanguage('hi');
    renderUi(<MyActivityPage today={TODAY} />, { path: '/member/myActivity' });
    expect((await screen.findByTestId('activity-error')).textContent).toContain(
      '12 महीने तक की तारीख सीमा चुनें',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'फिर से प्रयास करें' }));
    expect(await screen.findByText('राउंड', { selector: 'th' })).toBeTruthy();
  });

  it('works out ranges and bars exactly', () => {
    expect(activityShortcut('last7', TODAY)).toEqual({ from: '2026-11-21', to: TODAY });
    expect(checkActivityRange(activityShortcut('last12m', TODAY))).toBeNull();
    expect(checkActivityRange({ from: '2026-02-30', to: TODAY })).toBe('rangeInvalid');
    expect(chartBars(DAYS, 'netMinor').map((bar) => bar.ratio)).toEqual([-1, 0, 0.5]);
    expect(chartBars([day('2026-11-26')], 'wonMinor')).toEqual([{ day: '2026-11-26', ratio: 0 }]);
  });
});
