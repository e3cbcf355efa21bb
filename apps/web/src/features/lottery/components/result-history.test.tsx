import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { LotteryResultHistory } from './result-history.tsx';
import { makeDraw } from './results/draw-fixtures.ts';
import { LotteryTrends } from './trend-charts.tsx';

describe('LotteryResultHistory', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('lists the draws with their proof, a full board on demand and a link to verify', async () => {
    const drawn = makeDraw();
    const cancelled = makeDraw({
      drawId: 'lott-5d-20261127-0002',
      drawNo: '20261127-0002',
      status: 'cancelled',
      seed: null,
      result: null,
    });
    const pages: string[] = [];
    stubFetch({
      '/lotto/api/games/lott-5d/draws': (url: URL) => {
        pages.push(url.searchParams.get('pageNo') ?? '');
        return { list: [cancelled, drawn], pageNum: 1, totalPages: 1 };
      },
    });
    renderUi(<LotteryResultHistory gameCode="lott-5d" />, { path: '/lottery?gameCode=lott-5d' });
    const row = await screen.findByTestId('lottery-history-lott-5d-20261127-0001');
    expect(pages).toEqual(['1']);
    expect(row.textContent).toContain('Draw 20261127-0001');
    expect(row.textContent).toContain('1 2 3 4 5');
    expect(row.textContent).toContain('a'.repeat(64));
    expect(row.textContent).toContain('b'.repeat(64));
    expect(screen.getByTestId('lottery-history-lott-5d-20261127-0001-verify').getAttribute('href')).toBe(
      '/originals/verify?mode=lottery&drawId=lott-5d-20261127-0001&back=%2Flottery%3FgameCode%3Dlott-5d',
    );
    expect(screen.getByTestId('lottery-history-lott-5d-20261127-0002').textContent).toContain('Cancelled');
    expect(screen.queryByTestId('lottery-history-lott-5d-20261127-0002-verify')).toBeNull();

    await userEvent.click(screen.getByTestId('lottery-history-lott-5d-20261127-0001-toggle'));
    expect(screen.getByRole('img', { name: 'Draw 20261127-0001 result: 1 2 3 4 5' })).toBeTruthy();
  });
});

describe('LotteryTrends', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('draws a bar per value with the draws since seen, hot and cold, and changes the sample', async () => {
    const samples: string[] = [];
    stubFetch({
      '/lotto/api/games/lott-dice/trends': (url: URL) => {
        const sample = url.searchParams.get('sample') ?? '';
        samples.push(sample);
        return {
          gameCode: 'lott-dice',
          sampleSize: Number(sample),
          groups: [
            {
              group: 'd',
              counts: { '1': 10, '2': 40, '3': 20, '4': 20, '5': 30, '6': 30 },
              missing: { '1': 9, '2': 0, '3': 1, '4': 2, '5': 0, '6': 3 },
              hot: ['2'],
              cold: ['1'],
            },
          ],
        };
      },
    });
    renderUi(<LotteryTrends gameCode="lott-dice" />);
    const row = await screen.findByTestId('lottery-trend-d-1');
    expect(row.getAttribute('aria-label')).toBe('1: 10 times, last seen 9 draws ago');
    expect(screen.getByTestId('lottery-trend-d').textContent).toContain('Dice faces');
    expect(screen.getByText('Over the last 100 draws')).toBeTruthy();
    await userEvent.click(screen.getByText('Last 200'));
    expect(await screen.findByText('Over the last 200 draws')).toBeTruthy();
    expect(samples).toEqual(['100', '200']);
  });
});
