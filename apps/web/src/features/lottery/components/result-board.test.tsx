import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { LotteryResultBoard } from './result-board.tsx';
import { makeDraw, VN_NORTH_RESULT } from './results/draw-fixtures.ts';

describe('LotteryResultBoard', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('draws the VN north prize table, special first, the last two digits emphasised', () => {
    const draw = makeDraw({
      drawId: 'vn-fast-1-20261127-0001',
      gameCode: 'vn-fast-1',
      result: VN_NORTH_RESULT,
    });
    renderUi(<LotteryResultBoard draw={draw} />);
    const table = screen.getByTestId('lottery-tier-table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('data-tier'))).toEqual([
      'special',
      'first',
      'second',
      'third',
      'fourth',
      'fifth',
      'sixth',
      'seventh',
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toContain('Special (ĐB)');
    expect(rows[0]?.textContent).toContain('12345');
    expect(within(rows[0] as HTMLElement).getByText('45')).toBeTruthy();
    expect(table.textContent).toContain('Draw 20261127-0001 result: 12345');
  });

  it('reads the south table from the eighth prize down to the special one', () => {
    const result = {
      family: 'vn',
      variant: 'south',
      tiers: [
        { tier: 'special', numbers: ['123456'] },
        { tier: 'first', numbers: ['11111'] },
        { tier: 'eighth', numbers: ['42'] },
      ],
    };
    renderUi(<LotteryResultBoard draw={makeDraw({ result })} />);
    const rows = within(screen.getByTestId('lottery-tier-table')).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('data-tier'))).toEqual(['eighth', 'first', 'special']);
  });

  it('draws dice as faces and reads the result as words', () => {
    renderUi(<LotteryResultBoard draw={makeDraw({ result: { family: 'dice3', dice: [1, 6, 3] } })} />);
    const board = screen.getByRole('img', { name: 'Draw 20261127-0001 result: 1 6 3' });
    expect([...board.querySelectorAll('[data-face]')].map((die) => die.getAttribute('data-face'))).toEqual([
      '1',
      '6',
      '3',
    ]);
    expect(board.querySelectorAll('[data-face="6"] circle')).toHaveLength(6);
  });

  it('draws the race order as lanes and the keno numbers ascending', () => {
    const order = [3, 1, 2, 4, 5, 6, 7, 8, 9, 10];
    const { unmount } = renderUi(
      <LotteryResultBoard draw={makeDraw({ result: { family: 'race10', order } })} />,
    );
    expect(screen.getAllByRole('listitem', { hidden: true })[0]?.textContent).toContain('1.03');
    unmount();
    const numbers = [80, 1, 40, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];
    renderUi(<LotteryResultBoard draw={makeDraw({ result: { family: 'keno', numbers } })} />);
    const balls = screen.getAllByRole('listitem', { hidden: true });
    expect(balls).toHaveLength(20);
    expect(balls[0]?.textContent).toContain('01');
    expect(balls[19]?.textContent).toContain('80');
  });

  it('shows a one-line headline when compact, and a status chip without a result', () => {
    const result = { family: 'sea4d', tiers: [{ tier: 'first', numbers: ['0420'] }] };
    const { unmount } = renderUi(<LotteryResultBoard draw={makeDraw({ result })} compact />);
    expect(screen.getByTestId('lottery-result-lott-5d-20261127-0001').textContent).toContain('0420');
    unmount();
    const { unmount: again } = renderUi(
      <LotteryResultBoard draw={makeDraw({ status: 'awaiting_result', result: null, seed: null })} />,
    );
    expect(screen.getByText('Awaiting result')).toBeTruthy();
    again();
    renderUi(
      <LotteryResultBoard draw={makeDraw({ status: 'cancelled', result: null, seed: null })} compact />,
    );
    expect(screen.getByText('Cancelled, stakes refunded')).toBeTruthy();
  });
});
