import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { makeTable } from '../test/live-fixtures.ts';
import { LiveLobbyPage } from './live-lobby-page.tsx';

const ROULETTE = makeTable({
  kind: 'roulette',
  code: 'roulette-1',
  name: { EN: 'Live Roulette Lotus', HI: 'लाइव रूलेट लोटस' },
  phase: 'dealing',
  road: [],
  lastResults: [{ roundId: '9', roundNo: 9, outcome: { game: 'roulette', pocket: 17, colour: 'black' } }],
});

describe('live lobby', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('shows each table with kind, limits, players, phase, countdown, road or results, and Play', async () => {
    stubFetch({ '/api/live/tables': { list: [makeTable(), ROULETTE] } });
    renderUi(<LiveLobbyPage currencySymbol="₹" otherGames={<p>vendor games</p>} />, { path: '/live' });
    const card = await screen.findByTestId('live-table-baccarat-1');
    expect(within(card).getByText('Live Baccarat Lotus')).toBeTruthy();
    expect(within(card).getByText('Limits ₹10 – ₹50,000')).toBeTruthy();
    expect(within(card).getByTestId('live-players').textContent).toBe('2 players');
    expect(within(card).getByTestId('live-phase').textContent).toBe('Betting');
    const countdown = within(card).getByRole('timer');
    expect(Number(countdown.dataset.seconds)).toBeGreaterThan(0);
    // Baccarat: the bead plate, one disc per coup, ties included.
    expect(within(card).getByTestId('road-bead').querySelectorAll('[data-winner]')).toHaveLength(4);
    expect(within(card).getByRole('link', { name: 'Play' }).getAttribute('href')).toBe('/live/baccarat-1');
    const roulette = screen.getByTestId('live-table-roulette-1');
    expect(within(roulette).getByTestId('live-last-results').textContent).toBe('17');
    expect(screen.getByText('vendor games')).toBeTruthy();
  });

  it('says so when there are no tables, and offers a retry when the read fails', async () => {
    stubFetch({ '/api/live/tables': { list: [] } });
    const view = renderUi(<LiveLobbyPage currencySymbol="₹" otherGames={null} />, { path: '/live' });
    expect(await screen.findByTestId('live-lobby-empty')).toBeTruthy();
    view.unmount();
    stubFetch({});
    renderUi(<LiveLobbyPage currencySymbol="₹" otherGames={null} />, { path: '/live' });
    const failed = await screen.findByTestId('live-lobby-error');
    expect(within(failed).getByRole('button')).toBeTruthy();
  });
});
