import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { resetStudioSessions } from '../hooks/use-studio-session.ts';
import { fakeStudio, preferReducedMotion } from '../test-support/fake-studio.ts';
import { OriginalsPlayPage } from './play-page.tsx';

const betOf = (call: { body: unknown } | undefined) => (call?.body as { bet?: unknown } | undefined)?.bet;
const colour = (testId: string) => screen.getByTestId(testId).getAttribute('data-colour');

describe('table games', () => {
  beforeAll(() => preferReducedMotion());
  beforeEach(async () => {
    resetStudioSessions();
    await resetLanguage();
  });

  it('draws the roulette layout in the real colours and places every kind of bet', async () => {
    const studio = fakeStudio({ gameCode: 'european-roulette' });
    renderUi(<OriginalsPlayPage />, {
      path: '/originals/play?token=launch-token-roulette-001&game=european-roulette',
    });
    await screen.findByTestId('roulette-table');
    expect(colour('roulette-0')).toBe('green');
    for (const n of [1, 3, 9, 12, 18, 19, 27, 30, 36]) expect(colour(`roulette-${n}`), String(n)).toBe('red');
    for (const n of [2, 10, 11, 20, 28, 29, 35]) expect(colour(`roulette-${n}`), String(n)).toBe('black');
    for (const id of [
      'column-1',
      'column-2',
      'column-3',
      'dozen-1',
      'dozen-2',
      'dozen-3',
      'low',
      'high',
      'odd',
      'even',
    ]) {
      expect(screen.getByTestId(`roulette-${id}`)).toBeTruthy();
    }

    // Chip of 50.00, a straight on 17 and red.
    fireEvent.click(screen.getByRole('radio', { name: '₹50' }));
    fireEvent.click(screen.getByTestId('roulette-17'));
    fireEvent.click(screen.getByTestId('roulette-red'));
    // A split picked from two neighbours; a "split" of 3 and 4 (not neighbours) is refused.
    fireEvent.click(screen.getByRole('radio', { name: 'Split' }));
    fireEvent.click(screen.getByTestId('roulette-8'));
    fireEvent.click(screen.getByTestId('roulette-11'));
    fireEvent.click(screen.getByTestId('roulette-3'));
    fireEvent.click(screen.getByTestId('roulette-4'));
    expect(screen.getByTestId('originals-error').getAttribute('data-code')).toBe('bet_invalid');
    // A line from one click, a corner from four; then undo the corner.
    fireEvent.click(screen.getByRole('radio', { name: 'Line' }));
    fireEvent.click(screen.getByTestId('roulette-4'));
    fireEvent.click(screen.getByRole('radio', { name: 'Corner' }));
    for (const n of [1, 2, 4, 5]) fireEvent.click(screen.getByTestId(`roulette-${n}`));
    expect(screen.getByTestId('bet-slip').textContent).toContain('Corner 1-2-4-5');
    fireEvent.click(screen.getByTestId('undo'));
    expect(screen.getByTestId('bet-slip').textContent).not.toContain('Corner');
    expect(screen.getByTestId('total-bet').textContent).toBe('₹200.00');

    fireEvent.click(screen.getByTestId('spin'));
    await waitFor(() => expect(studio.plays()).toHaveLength(1));
    expect(betOf(studio.plays()[0])).toEqual({
      game: 'roulette',
      bets: [
        { kind: 'straight', numbers: [17], amountMinor: '5000' },
        {
          kind: 'red',
          numbers: [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36],
          amountMinor: '5000',
        },
        { kind: 'split', numbers: [8, 11], amountMinor: '5000' },
        { kind: 'line', numbers: [4, 5, 6, 7, 8, 9], amountMinor: '5000' },
      ],
    });
    const pocket = Number(studio.state.rounds[0]?.outcome.pocket);
    const result = await screen.findByTestId('roulette-result');
    expect(result.getAttribute('data-pocket')).toBe(String(pocket));
    expect(screen.getByTestId(`roulette-${pocket}`).getAttribute('data-hit')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('result-strip').textContent).toBe(String(pocket)));
  });

  it('deals dragon tiger: chips on a side add up, both cards shown, the winner lit', async () => {
    const studio = fakeStudio({ gameCode: 'dragon-tiger' });
    renderUi(<OriginalsPlayPage />, {
      path: '/originals/play?token=launch-token-dragon-0001&game=dragon-tiger',
    });
    await screen.findByTestId('dt-bet-dragon');
    fireEvent.click(screen.getByTestId('dt-bet-dragon'));
    fireEvent.click(screen.getByTestId('dt-bet-dragon'));
    fireEvent.click(screen.getByTestId('dt-bet-tie'));
    expect(screen.getByTestId('total-bet').textContent).toBe('₹30.00');
    fireEvent.click(screen.getByTestId('deal'));
    await waitFor(() => expect(studio.plays()).toHaveLength(1));
    expect(betOf(studio.plays()[0])).toEqual({
      game: 'dragon-tiger',
      bets: [
        { side: 'dragon', amountMinor: '2000' },
        { side: 'tie', amountMinor: '1000' },
      ],
    });
    const result = await screen.findByTestId('dt-result');
    const winner = String(studio.state.rounds[0]?.outcome.winner);
    expect(result.getAttribute('data-winner')).toBe(winner);
    if (winner !== 'tie')
      expect(screen.getByTestId(`dt-side-${winner}`).getAttribute('data-winner')).toBe('true');
    expect(screen.getByTestId('originals-announcement').textContent).toMatch(
      /^Dragon .+, Tiger .+: (Dragon|Tiger|Tie)\./,
    );
  });
});
