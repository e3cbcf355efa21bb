import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGameOverlay } from '../../lib/games/game-overlay-store.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { makeGameCard, stubGamesApi } from '../../test/game-fixtures.ts';
import { resetLanguage } from '../../test/render-app.tsx';
import { renderUi } from '../../test/render-ui.tsx';
import { VendorGamesOverlay } from './vendor-games-overlay.tsx';

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
    renderUi(<VendorGamesOverlay vendor={vendor} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Play European Roulette' }));
    expect(calls[0]?.body).toMatchObject({ vassalage: 'LOTUS', gameType: 'TG', pageNo: 1, pageSize: 20 });
    expect(useGameOverlay.getState().overlay).toEqual({ kind: 'play', card: roulette, trial: false });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
