import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { favouriteThrottle, useFavouriteOverrides } from '../../lib/games/favourite-store.ts';
import { useGameOverlay } from '../../lib/games/game-overlay-store.ts';
import { createThrottle } from '../../lib/games/throttle.ts';
import { useAuthModal } from '../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { apiFailure, makeGameCard, stubGamesApi } from '../../test/game-fixtures.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi } from '../../test/render-ui.tsx';
import { GameTile } from './game-tile.tsx';

let now = 1_000_000;

beforeEach(async () => {
  await resetLanguage();
  now += 10_000;
  favouriteThrottle.gate = createThrottle(1000, () => now);
});

afterEach(() => {
  useSessionStore.setState({ token: null });
  useAuthModal.setState({ modal: null });
  useFavouriteOverrides.setState({ token: null, overrides: {} });
  useGameOverlay.setState({ overlay: null, notice: null });
});

describe('GameTile (SPEC §2 "Game tile")', () => {
  it('shows the lazy artwork, name, vendor logo, badges and a session colour class', () => {
    const card = makeGameCard({ isHot: 1, isNew: 1 });
    const view = renderUi(<GameTile card={card} onPlay={() => undefined} />);
    const tile = screen.getByTestId('game-tile');
    expect(screen.getByText('Lotus Fortune')).toBeTruthy();
    expect(screen.getByTestId('game-tile-image').getAttribute('loading')).toBe('lazy');
    expect(screen.getByAltText('Lotus Originals').getAttribute('src')).toBe('/brand/vendors/lotus.svg');
    expect(screen.getByText('Hot')).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
    const colour = tile.getAttribute('data-colour');
    expect(colour).toMatch(/^color[1-8]$/);
    expect(tile.querySelector(`.${colour}`)).not.toBeNull();
    view.unmount();
    renderUi(<GameTile card={card} onPlay={() => undefined} />);
    expect(screen.getByTestId('game-tile').getAttribute('data-colour')).toBe(colour);
  });

  it('falls back to the default game icon when the artwork fails or is missing', () => {
    renderUi(<GameTile card={makeGameCard()} onPlay={() => undefined} />);
    expect(screen.queryByTestId('game-tile-fallback')).toBeNull();
    fireEvent.error(screen.getByTestId('game-tile-image'));
    expect(screen.getByTestId('game-tile-fallback')).toBeTruthy();
    expect(screen.queryByTestId('game-tile-image')).toBeNull();
  });

  it('offers a free trial only when supportPlay is 0, and says which button was pressed', () => {
    const onPlay = vi.fn();
    const card = makeGameCard({ supportPlay: 0 });
    renderUi(<GameTile card={card} onPlay={onPlay} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play Lotus Fortune' }));
    fireEvent.click(screen.getByRole('button', { name: 'Try Lotus Fortune for free' }));
    expect(onPlay.mock.calls).toEqual([
      [card, { trial: false }],
      [card, { trial: true }],
    ]);
  });

  it('has no free-trial button when supportPlay is 1', () => {
    renderUi(<GameTile card={makeGameCard({ supportPlay: 1 })} onPlay={() => undefined} />);
    expect(screen.queryByTestId('game-tile-trial')).toBeNull();
  });

  it('opens the login pop-up for a visitor tapping the heart, sending nothing', () => {
    const calls = stubGamesApi({});
    renderUi(<GameTile card={makeGameCard()} onPlay={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Lotus Fortune to favourites' }));
    expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
    expect(calls).toEqual([]);
  });

  it('marks a favourite at once, sends nodeId, vendor and gameType, and ignores a second tap within a second', async () => {
    useSessionStore.setState({ token: 'token-1' });
    let release: () => void = () => undefined;
    const calls = stubGamesApi({
      '/wps/relay/MCSFE_getFavoriteGames': ({ body }) =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              Response.json({
                success: true,
                message: 'ok',
                value: { nodeId: body.nodeId, favourite: true },
              }),
            );
        }),
    });
    renderUi(<GameTile card={makeGameCard()} onPlay={() => undefined} />);
    const heart = screen.getByTestId('game-tile-favourite');
    fireEvent.click(heart);
    // Optimistic: pressed before the server answers.
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(heart.getAttribute('aria-label')).toBe('Remove Lotus Fortune from favourites');
    now += 500;
    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await act(async () => release());
    expect(calls.map((call) => [call.path, call.method, call.body])).toEqual([
      ['/wps/relay/MCSFE_getFavoriteGames', 'POST', { nodeId: '101', vendor: 'LOTUS', gameType: 'RNG' }],
    ]);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });

  it('removes a favourite and puts it back when the server refuses, telling the player', async () => {
    useSessionStore.setState({ token: 'token-1' });
    stubGamesApi({ '/wps/relay/MCSFE_getFavoriteGames': () => apiFailure('game_not_found', 404) });
    renderUi(<GameTile card={makeGameCard({ favourite: true })} onPlay={() => undefined} />);
    const heart = screen.getByTestId('game-tile-favourite');
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(useGameOverlay.getState().notice).toBe('errors:game_not_found');
  });
});
