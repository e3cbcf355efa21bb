import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useGameOverlay } from '../../../lib/games/game-overlay-store.ts';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { WALLET_KEYS } from '../../../lib/wallet/use-wallet-queries.ts';
import { apiFailure, makeGameCard, stubGamesApi } from '../../../test/game-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { GameGrid } from './game-grid.tsx';
import { GameOverlays } from './game-overlays.tsx';

const card = makeGameCard({ supportPlay: 0 });
const pages = {
  status: 'success' as const,
  cards: [card],
  total: 1,
  hasMore: false,
  loadingMore: false,
  moreFailed: false,
  loadMore: () => undefined,
  retry: () => undefined,
};

function renderLobby() {
  return renderUi(
    <>
      <GameGrid pages={pages} />
      <GameOverlays />
    </>,
  );
}

beforeEach(async () => {
  await resetLanguage();
});

afterEach(() => {
  useSessionStore.setState({ token: null });
  useAuthModal.setState({ modal: null });
  useGameOverlay.setState({ overlay: null, notice: null });
});

describe('launching a game (SPEC §4)', () => {
  it('opens the login pop-up for a visitor pressing play, launching nothing', () => {
    const calls = stubGamesApi({});
    renderLobby();
    fireEvent.click(screen.getByTestId('game-tile-play'));
    expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
    expect(screen.queryByTestId('game-popup')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('plays a free trial as a visitor in the game pop-up', async () => {
    const calls = stubGamesApi({
      '/wps/game/launchGame': {
        content: '/originals/play?trial=1&game=lotus-fortune&lang=EN',
        nodeId: '101',
        trial: true,
        mode: 'popup',
      },
    });
    renderLobby();
    fireEvent.click(screen.getByTestId('game-tile-trial'));
    const frame = await screen.findByTestId('game-frame');
    expect(frame.getAttribute('src')).toBe('/originals/play?trial=1&game=lotus-fortune&lang=EN');
    expect(frame.getAttribute('title')).toBe('Lotus Fortune (game)');
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({
      nodeId: '101',
      trial: '1',
      platform: 'html5-desktop',
      language: 'EN',
    });
    expect(screen.getByTestId('game-frame-trial')).toBeTruthy();
  });

  it('refreshes the balance when a player closes the game', async () => {
    useSessionStore.setState({ token: 'token-1' });
    stubGamesApi({
      '/wps/game/launchGame': {
        content: '/originals/play?token=t',
        nodeId: '101',
        trial: false,
        mode: 'popup',
      },
    });
    const view = renderLobby();
    view.queryClient.setQueryData(WALLET_KEYS.balance, { sumBalance: '1.00' });
    fireEvent.click(screen.getByTestId('game-tile-play'));
    await screen.findByTestId('game-frame');
    expect(view.queryClient.getQueryState(WALLET_KEYS.balance)?.isInvalidated).toBe(false);
    fireEvent.click(screen.getByTestId('modal-close'));
    await waitFor(() => expect(screen.queryByTestId('game-frame')).toBeNull());
    expect(view.queryClient.getQueryState(WALLET_KEYS.balance)?.isInvalidated).toBe(true);
  });

  it('says game_maintenance and suggests popular games instead', async () => {
    useSessionStore.setState({ token: 'token-1' });
    const other = makeGameCard({ nodeId: '202', gameName: 'Tiger Temple' });
    const paused = makeGameCard({ nodeId: '303', gameName: 'Paused Game', maintenance: true });
    const calls = stubGamesApi({
      '/wps/game/launchGame': () => apiFailure('game_maintenance', 503),
      '/lgw/games/popular': { list: [other, paused] },
    });
    renderLobby();
    fireEvent.click(screen.getByTestId('game-tile-play'));
    expect(await screen.findByTestId('game-maintenance')).toBeTruthy();
    expect(await screen.findByText('Tiger Temple')).toBeTruthy();
    // A suggestion under maintenance itself would only say the same again.
    expect(screen.queryByText('Paused Game')).toBeNull();
    expect(calls.find((call) => call.path === '/lgw/games/popular')?.url.searchParams.get('gameType')).toBe(
      'RNG',
    );
  });

  it('shows a tile under maintenance the notice without calling launch', async () => {
    useSessionStore.setState({ token: 'token-1' });
    const calls = stubGamesApi({ '/lgw/games/popular': { list: [] } });
    renderUi(
      <>
        <GameGrid pages={{ ...pages, cards: [makeGameCard({ maintenance: true })] }} />
        <GameOverlays />
      </>,
    );
    fireEvent.click(screen.getByTestId('game-tile-play'));
    expect(await screen.findByTestId('game-maintenance-popup')).toBeTruthy();
    await act(async () => undefined);
    expect(calls.some((call) => call.path === '/wps/game/launchGame')).toBe(false);
  });
});
