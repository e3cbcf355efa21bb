import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeGameCard, stubGamesApi } from '../../../test/game-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { GamePage } from './game-page.tsx';

const LAUNCH = {
  content: '/originals/play?trial=1&game=tiger-temple&lang=EN',
  nodeId: '7',
  trial: true,
  mode: 'page',
};

beforeEach(async () => {
  await resetLanguage();
});

afterEach(() => {
  useSessionStore.setState({ token: null });
});

describe('GamePage (/game, SPEC §2 "game in an iframe")', () => {
  it('launches a free trial itself and shows it full width, titled with the game', async () => {
    const calls = stubGamesApi({ '/wps/game/launchGame': LAUNCH });
    renderUi(<GamePage />, { path: '/game?nodeId=7&trial=1&name=Tiger%20Temple' });
    const frame = await screen.findByTestId('game-frame');
    expect(frame.getAttribute('src')).toBe(LAUNCH.content);
    expect(frame.getAttribute('title')).toBe('Tiger Temple (game)');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tiger Temple');
    expect(calls[0]?.url.searchParams.get('trial')).toBe('1');
  });

  it('asks a visitor to log in for a real game, launching nothing', () => {
    const calls = stubGamesApi({ '/wps/game/launchGame': LAUNCH });
    renderUi(<GamePage />, { path: '/game?nodeId=7' });
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("lists a vendor's games when opened for a vendor from the nav", async () => {
    useSessionStore.setState({ token: 'token-1' });
    const calls = stubGamesApi({
      '/wps/relay/GCSGAME_gameList': {
        list: [makeGameCard({ gameName: 'European Roulette', gameType: 'TG' })],
        pageNum: 1,
        totalPages: 1,
        total: 1,
      },
    });
    renderUi(<GamePage />, { path: '/game?vassalage=LOTUS&gameType=TG' });
    expect(await screen.findByText('European Roulette')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ vassalage: 'LOTUS', gameType: 'TG' });
  });

  it('says no game was chosen without parameters', () => {
    stubGamesApi({});
    renderUi(<GamePage />, { path: '/game' });
    expect(screen.getByText('No game selected')).toBeTruthy();
  });
});
