import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { type ApiCall, makeGameCard, stubGamesApi } from '../../../test/game-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { SearchModal } from './search-modal.tsx';

const GAMES = [
  makeGameCard({ nodeId: '1', gameName: 'Lotus Fortune' }),
  makeGameCard({ nodeId: '2', gameName: 'Lotus Roulette', gameType: 'TG' }),
];

function search({ body }: ApiCall) {
  const term = String(body.gameName ?? '').toLowerCase();
  const list = GAMES.filter((game) => game.gameName.toLowerCase().includes(term));
  return { list, pageNum: 1, totalPages: list.length > 0 ? 1 : 0, total: list.length };
}

const empty = { list: [], pageNum: 1, totalPages: 0, total: 0 };
const byPath = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);

/** Types the term and presses Enter. */
async function submit(term: string) {
  const input = screen.getByTestId('search-input');
  await userEvent.clear(input);
  await userEvent.type(input, `${term}{Enter}`);
}

afterEach(() => {
  useSessionStore.setState({ token: null });
});

describe('SearchModal (SPEC §2)', () => {
  it('searches a trimmed, non-empty name on Enter, 24 a page, with the result count and history', async () => {
    await resetLanguage();
    const calls = stubGamesApi({ '/wps/relay/GCSGAME_gameList': search });
    renderUi(<SearchModal opened onClose={() => undefined} />);

    await submit('   ');
    expect(byPath(calls, '/wps/relay/GCSGAME_gameList')).toEqual([]);

    await submit('  lotus ');
    expect(await screen.findByTestId('search-count')).toHaveProperty('textContent', '2 games found');
    expect(byPath(calls, '/wps/relay/GCSGAME_gameList')[0]?.body).toMatchObject({
      gameName: 'lotus',
      pageNo: 1,
      pageSize: 24,
    });
    expect(within(screen.getByTestId('search-results')).getAllByTestId('game-tile')).toHaveLength(2);
    expect(within(screen.getByTestId('search-history')).getByText('lotus')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('gameSearchHistory') ?? '[]')).toEqual(['lotus']);
  });

  it("says 'no data' when nothing matches", async () => {
    await resetLanguage();
    stubGamesApi({ '/wps/relay/GCSGAME_gameList': search });
    renderUi(<SearchModal opened onClose={() => undefined} />);
    await submit('dragon');
    expect(await screen.findByTestId('search-results-empty')).toBeTruthy();
    expect(screen.getByText('No data')).toBeTruthy();
    expect(screen.getByTestId('search-count').textContent).toBe('0 games found');
  });

  it('searches again from the history, and removes a term from it', async () => {
    await resetLanguage();
    window.localStorage.setItem('gameSearchHistory', JSON.stringify(['roulette', 'fortune']));
    const calls = stubGamesApi({ '/wps/relay/GCSGAME_gameList': search });
    renderUi(<SearchModal opened onClose={() => undefined} />);

    fireEvent.click(screen.getByRole('button', { name: 'Remove “fortune” from the history' }));
    expect(screen.queryByText('fortune')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('gameSearchHistory') ?? '[]')).toEqual(['roulette']);

    fireEvent.click(screen.getByRole('button', { name: 'roulette' }));
    expect(await screen.findByText('Lotus Roulette')).toBeTruthy();
    expect(byPath(calls, '/wps/relay/GCSGAME_gameList')[0]?.body.gameName).toBe('roulette');
  });

  it('lists a player’s 10 recent games, and a visitor gets no recent list', async () => {
    await resetLanguage();
    const calls = stubGamesApi({
      '/wps/relay/GCS_recentGame': { ...empty, list: [GAMES[0]], totalPages: 1, total: 1 },
    });
    const visitor = renderUi(<SearchModal opened onClose={() => undefined} />);
    expect(screen.queryByText('Recent games')).toBeNull();
    visitor.unmount();
    expect(byPath(calls, '/wps/relay/GCS_recentGame')).toEqual([]);

    useSessionStore.setState({ token: 'token-1' });
    renderUi(<SearchModal opened onClose={() => undefined} />);
    expect(await within(await screen.findByTestId('search-recent')).findByText('Lotus Fortune')).toBeTruthy();
    expect(byPath(calls, '/wps/relay/GCS_recentGame')[0]?.body).toMatchObject({ page: 1, pageSize: 10 });
  });

  it("shows 'no data' for a player without recent games", async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
    stubGamesApi({ '/wps/relay/GCS_recentGame': empty });
    renderUi(<SearchModal opened onClose={() => undefined} />);
    expect(await screen.findByTestId('search-recent-empty')).toBeTruthy();
  });

  it('speaks Hindi', async () => {
    await resetLanguage('hi');
    const calls = stubGamesApi({ '/wps/relay/GCSGAME_gameList': search });
    renderUi(<SearchModal opened onClose={() => undefined} />);
    expect(screen.getByText('गेम खोजें', { selector: 'h2' })).toBeTruthy();
    await submit('lotus');
    await waitFor(() => expect(screen.getByTestId('search-count').textContent).toBe('2 गेम मिले'));
    expect(byPath(calls, '/wps/relay/GCSGAME_gameList')[0]?.body.language).toBe('HI');
  });
});
