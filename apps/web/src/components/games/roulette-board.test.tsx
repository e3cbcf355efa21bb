import { ROULETTE_BETS, validateRouletteBet } from '@lotus/games/roulette';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi } from '../../test/render-ui.tsx';
import { RouletteBoard, type RouletteSpot } from './roulette-board.tsx';
import { boardHotspots } from './roulette-hotspots.ts';

const INSIDE = ['split', 'street', 'corner', 'line', 'basket'] as const;

function board(overrides: Partial<Parameters<typeof RouletteBoard>[0]> = {}) {
  const onBet = vi.fn<(spot: RouletteSpot) => void>();
  const onInvalid = vi.fn();
  const onAnnounce = vi.fn();
  renderUi(
    <RouletteBoard
      onBet={onBet}
      onInvalid={onInvalid}
      onAnnounce={onAnnounce}
      chipOf={() => null}
      disabled={false}
      {...overrides}
    />,
  );
  return { onBet, onInvalid, onAnnounce };
}

describe('the roulette layout (studio and live)', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('puts every inside bet of the maths on exactly one line or crossing, each a valid bet', () => {
    const hotspots = boardHotspots();
    for (const spot of hotspots) {
      expect(validateRouletteBet(spot), spot.key).toEqual(spot.numbers);
    }
    expect(new Set(hotspots.map((spot) => spot.key)).size).toBe(hotspots.length);
    // Every split, street (with the trios), corner, line and the basket packages/games knows is there.
    for (const kind of INSIDE) {
      const onBoard = hotspots.filter((spot) => spot.kind === kind).map((spot) => spot.numbers.join('-'));
      const all = ROULETTE_BETS[kind].map((numbers) => [...numbers].sort((a, b) => a - b).join('-'));
      expect(onBoard.sort(), kind).toEqual([...all].sort());
    }
  });

  it('takes a split, street, corner, six-line and the basket from their lines and crossings', () => {
    const { onBet } = board();
    for (const id of ['split-8-11', 'split-7-8', 'street-4-5-6', 'corner-1-2-4-5', 'line-4-5-6-7-8-9']) {
      fireEvent.click(screen.getByTestId(`roulette-${id}`));
    }
    fireEvent.click(screen.getByTestId('roulette-basket-0-1-2-3'));
    fireEvent.click(screen.getByTestId('roulette-street-0-2-3'));
    expect(onBet.mock.calls.map(([spot]) => `${spot.kind}:${spot.numbers.join('-')}`)).toEqual([
      'split:8-11',
      'split:7-8',
      'street:4-5-6',
      'corner:1-2-4-5',
      'line:4-5-6-7-8-9',
      'basket:0-1-2-3',
      'street:0-2-3',
    ]);
    // The lines sit in their anchor cell's grid area, on the edge the bet needs.
    const split = screen.getByTestId('roulette-split-8-11');
    expect(split.dataset.edge).toBe('right');
    expect(split.getAttribute('tabindex')).toBe('-1');
    expect(split.getAttribute('aria-label')).toBe('Split 8-11');
  });

  it('places the same bets by keyboard through the bet-kind picker', async () => {
    const { onBet, onInvalid, onAnnounce } = board();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Split' }));
    // Tab order: the picker, then the numbers; the hotspots are not tab stops.
    screen.getByTestId('roulette-8').focus();
    await user.keyboard('{Enter}');
    expect(onAnnounce).toHaveBeenLastCalledWith('Pick 1 more number.');
    expect(screen.getByTestId('roulette-8').getAttribute('aria-pressed')).toBe('true');
    screen.getByTestId('roulette-11').focus();
    await user.keyboard('{Enter}');
    expect(onBet).toHaveBeenLastCalledWith({ kind: 'split', numbers: [8, 11] });
    // Two numbers that do not touch make no split.
    await user.click(screen.getByTestId('roulette-3'));
    await user.click(screen.getByTestId('roulette-4'));
    expect(onInvalid).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('radio', { name: 'Corner' }));
    for (const n of [2, 3, 5, 6]) await user.click(screen.getByTestId(`roulette-${n}`));
    expect(onBet).toHaveBeenLastCalledWith({ kind: 'corner', numbers: [2, 3, 5, 6] });
  });

  it('shows a bet’s chip on its line, says it in the name, lights what won and locks when disabled', () => {
    board({
      chipOf: (spot) =>
        spot.kind === 'split' && spot.numbers.join('-') === '8-11'
          ? { mark: '₹20', label: '₹20.00 on the table' }
          : null,
      won: (spot) => spot.numbers.includes(11),
      hit: 11,
      disabled: true,
    });
    const split = screen.getByTestId('roulette-split-8-11');
    expect(split.textContent).toBe('₹20');
    expect(split.getAttribute('aria-label')).toBe('Split 8-11, ₹20.00 on the table');
    expect(split.dataset.won).toBe('true');
    expect(screen.getByTestId('roulette-11').dataset.hit).toBe('true');
    expect(screen.getByTestId('roulette-black').dataset.won).toBe('true');
    expect(screen.getByTestId('roulette-red').dataset.won).toBeUndefined();
    expect((screen.getByTestId('roulette-corner-7-8-10-11') as HTMLButtonElement).disabled).toBe(true);
  });
});
