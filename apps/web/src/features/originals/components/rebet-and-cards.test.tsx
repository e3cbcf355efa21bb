import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlayingCard } from '../../../components/games/playing-card.tsx';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { resetStudioSessions } from '../hooks/use-studio-session.ts';
import { fakeStudio, preferReducedMotion } from '../test-support/fake-studio.ts';
import { OriginalsPlayPage } from './play-page.tsx';

const betOf = (call: { body: unknown } | undefined) => (call?.body as { bet?: unknown } | undefined)?.bet;
const total = () => screen.getByTestId('total-bet').textContent;
const repeated = (testId: string) => screen.getByTestId(testId).getAttribute('data-repeated');
const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

describe('rebet, clear and undo on the table games', () => {
  beforeAll(() => preferReducedMotion());
  beforeEach(async () => {
    resetStudioSessions();
    await resetLanguage();
  });

  it('roulette: a round empties the table; Rebet puts it back as repeated, nothing placed until Spin', async () => {
    const studio = fakeStudio({ gameCode: 'european-roulette' });
    renderUi(<OriginalsPlayPage />, {
      path: '/originals/play?token=launch-token-roulette-002&game=european-roulette',
    });
    await screen.findByTestId('roulette-table');
    expect(screen.getByTestId('rebet')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('repeat')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('roulette-red'));
    fireEvent.click(screen.getByTestId('roulette-17'));
    expect(total()).toBe('₹20.00');
    expect(repeated('roulette-red')).toBeNull();
    fireEvent.click(screen.getByTestId('spin'));
    await screen.findByTestId('roulette-result');
    expect(studio.plays()).toHaveLength(1);

    // The round is over: the table is empty (not kept and added to), the total says so.
    await waitFor(() => expect(total()).toBe('₹0.00'));
    expect(screen.getByTestId('roulette-red').textContent).toBe('Red');
    expect(screen.getByTestId('spin')).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByTestId('rebet'));
    expect(total()).toBe('₹20.00');
    expect(repeated('roulette-red')).toBe('true');
    expect(repeated('roulette-17')).toBe('true');
    expect(screen.getByTestId('roulette-17').getAttribute('aria-label')).toBe('17 black, ₹10.00 (repeated)');
    expect(screen.getByTestId('bet-slip').textContent).toContain('(repeated)');
    // Rebet only once on an empty table; a chip added to a repeated bet makes it this round's.
    expect(screen.getByTestId('rebet')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('roulette-17'));
    expect(total()).toBe('₹30.00');
    expect(repeated('roulette-17')).toBeNull();
    expect(repeated('roulette-red')).toBe('true');
    fireEvent.click(screen.getByTestId('undo'));
    expect(total()).toBe('₹20.00');
    expect(repeated('roulette-17')).toBe('true');
    fireEvent.click(screen.getByTestId('clear'));
    expect(total()).toBe('₹0.00');
    fireEvent.click(screen.getByTestId('undo'));
    expect(total()).toBe('₹20.00');
    // Nothing of this reached the studio.
    expect(studio.plays()).toHaveLength(1);

    fireEvent.click(screen.getByTestId('spin'));
    await waitFor(() => expect(studio.plays()).toHaveLength(2));
    expect(betOf(studio.plays()[1])).toEqual(betOf(studio.plays()[0]));
    await waitFor(() => expect(total()).toBe('₹0.00'));

    // Rebet & spin plays the last round's bets at once.
    fireEvent.click(screen.getByTestId('repeat'));
    await waitFor(() => expect(studio.plays()).toHaveLength(3));
    expect(betOf(studio.plays()[2])).toEqual({
      game: 'roulette',
      bets: [
        { kind: 'red', numbers: RED, amountMinor: '1000' },
        { kind: 'straight', numbers: [17], amountMinor: '1000' },
      ],
    });
  });

  it('dragon tiger: the same rebet, and the total always shown', async () => {
    const studio = fakeStudio({ gameCode: 'dragon-tiger' });
    renderUi(<OriginalsPlayPage />, {
      path: '/originals/play?token=launch-token-dragon-0002&game=dragon-tiger',
    });
    await screen.findByTestId('dt-bet-dragon');
    expect(total()).toBe('₹0.00');
    fireEvent.click(screen.getByTestId('dt-bet-dragon'));
    fireEvent.click(screen.getByTestId('dt-bet-tie'));
    fireEvent.click(screen.getByTestId('deal'));
    await screen.findByTestId('dt-result');
    await waitFor(() => expect(total()).toBe('₹0.00'));
    expect(repeated('dt-bet-dragon')).toBeNull();

    fireEvent.click(screen.getByTestId('rebet'));
    expect(total()).toBe('₹20.00');
    expect(repeated('dt-bet-dragon')).toBe('true');
    expect(screen.getByTestId('dt-bet-dragon').textContent).toContain('repeated');
    expect(studio.plays()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('deal'));
    await waitFor(() => expect(studio.plays()).toHaveLength(2));
    expect(betOf(studio.plays()[1])).toEqual({
      game: 'dragon-tiger',
      bets: [
        { side: 'dragon', amountMinor: '1000' },
        { side: 'tie', amountMinor: '1000' },
      ],
    });
    // The cards are drawn cards, named for screen readers.
    const dragon = await screen.findByTestId('dt-card-dragon');
    await waitFor(() => expect(dragon.getAttribute('data-face')).toBe('up'));
    expect(dragon.getAttribute('aria-label')).toMatch(
      /^Dragon card: (Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King) of (spades|hearts|diamonds|clubs)$/,
    );
  });

  it('names the game of each round in the history, in English and Hindi', async () => {
    fakeStudio({ gameCode: 'european-roulette' });
    renderUi(<OriginalsPlayPage />, {
      path: '/originals/play?token=launch-token-roulette-003&game=european-roulette',
    });
    await screen.findByTestId('roulette-table');
    fireEvent.click(screen.getByTestId('roulette-red'));
    fireEvent.click(screen.getByTestId('spin'));
    const row = await screen.findByTestId('history-row');
    expect(within(row).getByTestId('history-game').textContent).toBe('European Roulette');
    expect(screen.getByRole('columnheader', { name: 'Game' })).toBeTruthy();
    await resetLanguage('hi');
    await waitFor(() =>
      expect(within(screen.getByTestId('history-row')).getByTestId('history-game').textContent).toBe(
        'यूरोपियन रूलेट',
      ),
    );
  });
});

describe('playing card', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('draws rank and suit in the right colour, with the card’s name', () => {
    renderUi(
      <>
        <PlayingCard rank={12} suit={1} faceUp testId="queen" />
        <PlayingCard rank={1} suit={0} faceUp testId="ace" size={60} />
        <PlayingCard rank={10} suit={2} faceUp={false} testId="down" />
      </>,
    );
    const queen = screen.getByRole('img', { name: 'Queen of hearts' });
    expect(queen.getAttribute('data-red')).toBe('true');
    expect(queen.getAttribute('data-face')).toBe('up');
    // The rank in both corners and framed in the middle (a court card).
    expect(queen.querySelectorAll('text')).toHaveLength(3);
    expect([...queen.querySelectorAll('text')].map((n) => n.textContent)).toEqual(['Q', 'Q', 'Q']);
    const ace = screen.getByRole('img', { name: 'Ace of spades' });
    expect(ace.getAttribute('data-red')).toBeNull();
    expect(ace.style.width).toBe('60px');
    expect(ace.querySelector('svg:last-child')?.getAttribute('fill')).toBe('#212529');
    // Face down: the back, and nothing about the card given away.
    const down = screen.getByTestId('down');
    expect(down.getAttribute('aria-label')).toBe('Card, face down');
    expect(down.getAttribute('data-rank')).toBeNull();
  });

  it('names the card in Hindi', async () => {
    await resetLanguage('hi');
    renderUi(<PlayingCard rank={12} suit={1} faceUp />);
    expect(screen.getByRole('img', { name: 'पान बेगम' })).toBeTruthy();
  });
});
