import type { ProfitDay, ProfitReport } from '@lotus/shared/loyalty.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../../lib/i18n.ts';
import { refusal, serveApi } from '../../../test/protection-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { netRatios } from '../utils/profit-figures.ts';
import { PersonalProfitPage } from './personal-profit-page.tsx';

const TODAY = '2026-11-27';
const ZERO = {
  stakeMinor: '0',
  validTurnoverMinor: '0',
  payoutMinor: '0',
  netMinor: '0',
  rounds: 0,
  rebateMinor: '0',
};
const day = (date: string, values: Partial<ProfitDay> = {}): ProfitDay => ({ day: date, ...ZERO, ...values });

const DAYS = [
  day('2026-11-25', {
    stakeMinor: '50000',
    validTurnoverMinor: '50000',
    payoutMinor: '20000',
    netMinor: '-30000',
    rounds: 5,
    rebateMinor: '150',
  }),
  day('2026-11-26'),
  day('2026-11-27', {
    stakeMinor: '10000',
    validTurnoverMinor: '10000',
    payoutMinor: '25000',
    netMinor: '15000',
    rounds: 2,
  }),
];

function report(from: string, to: string, days: ProfitDay[]): ProfitReport {
  const sum = (key: 'stakeMinor' | 'validTurnoverMinor' | 'payoutMinor' | 'netMinor' | 'rebateMinor') =>
    String(days.reduce((total, entry) => total + BigInt(entry[key]), 0n));
  return {
    from,
    to,
    currencySymbol: '₹',
    days,
    gameTypes:
      days.length > 1
        ? [
            {
              gameType: 'RNG',
              stakeMinor: '50000',
              validTurnoverMinor: '50000',
              payoutMinor: '20000',
              netMinor: '-30000',
              rounds: 5,
            },
            {
              gameType: 'TG',
              stakeMinor: '10000',
              validTurnoverMinor: '10000',
              payoutMinor: '25000',
              netMinor: '15000',
              rounds: 2,
            },
          ]
        : [],
    totals: {
      stakeMinor: sum('stakeMinor'),
      validTurnoverMinor: sum('validTurnoverMinor'),
      payoutMinor: sum('payoutMinor'),
      netMinor: sum('netMinor'),
      rebateMinor: sum('rebateMinor'),
      rounds: days.reduce((total, entry) => total + entry.rounds, 0),
    },
  };
}

describe('personal profit and loss (issue 19)', () => {
  beforeEach(async () => {
    await resetLanguage();
    await loadNamespaces(['loyalty']);
  });

  it('asks for the last 7 days first: totals, a bar per day played, the days and the game types', async () => {
    const calls = serveApi({
      'GET /wps/member/profit': (call: { search: string }) => {
        const params = new URLSearchParams(call.search);
        return report(params.get('from') ?? '', params.get('to') ?? '', DAYS);
      },
    });
    renderUi(<PersonalProfitPage today={TODAY} />, { path: '/member/personalProfit' });
    expect(screen.getByTestId('profit-loading')).toBeTruthy();
    expect((await screen.findByTestId('profit-total-netMinor')).textContent).toBe('-₹150.00');
    expect(calls[0]?.search).toBe('?from=2026-11-21&to=2026-11-27');
    expect(screen.getByTestId('profit-total-rebateMinor').textContent).toBe('₹1.50');
    expect(screen.getByTestId('profit-total-rounds').textContent).toBe('7');
    expect(screen.getAllByTestId('profit-bar')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Net result per day over 3 days' })).toBeTruthy();
    const rows = screen.getAllByTestId('profit-day');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('+₹150.00')).toBeTruthy();
    const types = screen.getAllByTestId('profit-game-type');
    expect(types.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Slots',
      'Table games',
    ]);
  });

  it('uses the SPEC §9 shortcuts, refuses a range over 92 days, and shows an empty period', async () => {
    const calls = serveApi({ 'GET /wps/member/profit': report(TODAY, TODAY, [day(TODAY)]) });
    renderUi(<PersonalProfitPage today={TODAY} />, { path: '/member/personalProfit' });
    expect(await screen.findByTestId('profit-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('profit-shortcut-yesterday'));
    await screen.findByTestId('profit-empty');
    expect(calls.map((call) => call.search)).toContain('?from=2026-11-26&to=2026-11-26');
    fireEvent.change(screen.getByTestId('profit-start'), { target: { value: '2025-01-01' } });
    fireEvent.click(screen.getByTestId('profit-search'));
    expect(await screen.findByTestId('profit-range-error')).toBeTruthy();
  });

  it('shows a failure with a retry, and Hindi', async () => {
    let fail = true;
    serveApi({
      'GET /wps/member/profit': () =>
        fail ? refusal('date_range_invalid', 400) : report('2026-11-21', TODAY, DAYS),
    });
    await i18n.changeLanguage('hi');
    await loadNamespaces(['loyalty']);
    renderUi(<PersonalProfitPage today={TODAY} />, { path: '/member/personalProfit' });
    expect(await screen.findByTestId('profit-error')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'फिर से प्रयास करें' }));
    expect(await screen.findByText('स्लॉट्स')).toBeTruthy();
    expect(screen.getAllByText('शुद्ध जीत / हार', { selector: 'th' })).toHaveLength(2);
  });

  it('scales the bars exactly', () => {
    expect(netRatios(DAYS)).toEqual([-1, 0, 0.5]);
    expect(netRatios([day(TODAY)])).toEqual([0]);
  });
});
