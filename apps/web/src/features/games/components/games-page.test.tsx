import type { GameMenus } from '@lotus/shared/catalogue.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextPageOf } from '../../../lib/games/use-game-pages.ts';
import { type ApiCall, apiFailure, makeGameCard, stubGamesApi } from '../../../test/game-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { GamesPage } from './games-page.tsx';

const vendor = (vassalage: string, displayName: string) => ({
  vassalage,
  displayName,
  logoUrl: null,
  gameType: 'RNG',
  isGame: 'GAME' as const,
  maintenance: false,
});

const MENUS: GameMenus = {
  categories: [
    {
      key: 'RNG',
      labelKey: 'category.slots',
      gameType: 'RNG',
      icon: 'slots',
      page: '/rng',
      banner: 'rng',
      auth: false,
      vendors: [vendor('LOTUS', 'Lotus Originals'), vendor('PG', 'PG Soft')],
    },
  ],
};

/** `total` games of a vendor served `pageSize` a page like GCSGAME_gameList. */
function gameList(total: number) {
  return ({ body }: ApiCall) => {
    const pageNo = Number(body.pageNo);
    const pageSize = Number(body.pageSize);
    const start = (pageNo - 1) * pageSize;
    const list = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, index) =>
      makeGameCard({
        nodeId: String(start + index + 1),
        gameName: `${body.vassalage} game ${start + index + 1}`,
      }),
    );
    return { list, pageNum: pageNo, totalPages: Math.ceil(total / pageSize), total };
  };
}

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/wps/relay/GCSGAME_gameList');

beforeEach(async () => {
  await resetLanguage();
});

describe('nextPageOf (SPEC §4: hasMore while pageNum < totalPages)', () => {
  it('asks for the next page only while pages remain', () => {
    expect(nextPageOf({ pageNum: 1, totalPages: 3 })).toBe(2);
    expect(nextPageOf({ pageNum: 3, totalPages: 3 })).toBeUndefined();
    expect(nextPageOf({ pageNum: 1, totalPages: 0 })).toBeUndefined();
  });
});

describe('GamesPage (/rng, /fish, /pvp)', () => {
  it('selects the first vendor by default and pages 20 at a time with load more', async () => {
    const calls = stubGamesApi({
      '/lgw/games/game_menus': MENUS,
      '/wps/relay/GCSGAME_gameList': gameList(45),
    });
    renderUi(<GamesPage gameType="rng" title="Slots" />, { path: '/rng' });

    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(20));
    expect(screen.getByRole('tab', { name: 'Lotus Originals' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('game-grid-count').textContent).toBe('45 games');
    expect(listCalls(calls)[0]?.body).toEqual({
      clientType: 3,
      platform: 'flash,html5-desktop',
      gameType: 'RNG',
      vassalage: 'LOTUS',
      pageNo: 1,
      pageSize: 20,
      language: 'EN',
    });

    fireEvent.click(screen.getByTestId('game-grid-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(40));
    fireEvent.click(screen.getByTestId('game-grid-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(45));
    expect(screen.queryByTestId('game-grid-load-more')).toBeNull();
    expect(listCalls(calls).map((call) => call.body.pageNo)).toEqual([1, 2, 3]);
  });

  it('lets ?page= choose the vendor and a tab change it', async () => {
    const calls = stubGamesApi({
      '/lgw/games/game_menus': MENUS,
      '/wps/relay/GCSGAME_gameList': gameList(3),
    });
    const view = renderUi(<GamesPage gameType="rng" title="Slots" />, { path: '/rng?page=PG' });
    expect(await screen.findByText('PG game 1')).toBeTruthy();
    // The list did not wait for the menu: the vendor was named.
    expect(listCalls(calls)[0]?.body.vassalage).toBe('PG');
    fireEvent.click(await screen.findByRole('tab', { name: 'Lotus Originals' }));
    expect(await screen.findByText('LOTUS game 1')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?page=LOTUS');
  });

  it('says so honestly when a vendor has no games', async () => {
    stubGamesApi({ '/lgw/games/game_menus': MENUS, '/wps/relay/GCSGAME_gameList': gameList(0) });
    renderUi(<GamesPage gameType="rng" title="Slots" />, { path: '/rng' });
    expect(await screen.findByTestId('game-grid-empty')).toBeTruthy();
    expect(screen.getByText('No games here yet')).toBeTruthy();
  });

  it('offers a retry when the list fails, and shows the games once it works', async () => {
    let fail = true;
    stubGamesApi({
      '/lgw/games/game_menus': MENUS,
      '/wps/relay/GCSGAME_gameList': (call) => (fail ? apiFailure('unknown_error', 500) : gameList(2)(call)),
    });
    renderUi(<GamesPage gameType="rng" title="Slots" />, { path: '/rng' });
    expect(await screen.findByTestId('game-grid-error')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('game-grid-retry'));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(2));
  });
});
