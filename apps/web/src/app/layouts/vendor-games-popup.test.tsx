import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VendorGamesPopup } from '../../features/catalogue/components/vendor-games-popup.tsx';
import { VendorGameList } from '../../features/games/components/vendor-game-list.tsx';
import { useGameOverlay } from '../../lib/games/game-overlay-store.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { makeGameCard, stubGamesApi } from '../../test/game-fixtures.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi } from '../../test/render-ui.tsx';

const vendor = {
  vassalage: 'LOTUS',
  displayName: 'Lotus Originals',
  logoUrl: null,
  gameType: 'TG',
  isGame: 'VASSALAGE' as const,
  maintenance: false,
};

beforeEach(async () => {
  await resetLanguage();
});

afterEach(() => {
  useSessionStore.setState({ token: null });
  useGameOverlay.setState({ overlay: null, notice: null });
});

describe('VASSALAGE vendor pop-up (SPEC §4)', () => {
  it("lists the vendor's games of the type and gives way to the game once one is launched", async () => {
    useSessionStore.setState({ token: 'token-1' });
    const roulette = makeGameCard({ nodeId: '4', gameName: 'European Roulette', gameType: 'TG' });
    const calls = stubGamesApi({
      '/wps/relay/GCSGAME_gameList': { list: [roulette], pageNum: 1, totalPages: 1, total: 1 },
    });
    const onClose = vi.fn();
    // Composed the way catalogue-chrome.tsx does (there the list is a lazy chunk).
    renderUi(
      <VendorGamesPopup
        vendor={vendor}
        onClose={onClose}
        renderGames={(shown) => (
          <VendorGameList vassalage={shown.vassalage} gameType={shown.gameType} onPlayed={onClose} />
        )}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Play European Roulette' }));
    expect(calls[0]?.body).toMatchObject({ vassalage: 'LOTUS', gameType: 'TG', pageNo: 1, pageSize: 20 });
    expect(useGameOverlay.getState().overlay).toEqual({ kind: 'play', card: roulette, trial: false });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
