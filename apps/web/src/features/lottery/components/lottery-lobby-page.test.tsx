import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeMember } from '../../../test/fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { makeDraw, makeGame } from '../test/lottery-fixtures.ts';
import { LotteryLobbyPage } from './lottery-lobby-page.tsx';

const GAMES = [
  makeGame(),
  makeGame({
    gameCode: 'sea-4d',
    name: 'SEA 4D',
    family: 'sea4d',
    variant: '',
    everySeconds: null,
    nextDraw: makeDraw({ gameCode: 'sea-4d', closesAt: new Date(Date.now() - 1000).toISOString() }),
    lastResult: null,
  }),
  makeGame({ gameCode: 'elott-keno', name: 'Keno', family: 'keno', variant: '', gameType: 'ELOTT' }),
];

describe('lottery lobby', () => {
  beforeEach(async () => {
    await resetLanguage();
    window.localStorage.clear();
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('groups every game as a card with its countdown and last result', async () => {
    stubFetch({ '/lotto/api/games': { list: GAMES } });
    renderUi(<LotteryLobbyPage />, { path: '/lottery' });
    const card = await screen.findByTestId('lottery-card-vn-fast-1');
    expect(within(screen.getByTestId('lottery-group-vn')).getByText('VN Fast 1')).toBeTruthy();
    expect(within(screen.getByTestId('lottery-group-elott')).getByText('Keno')).toBeTruthy();
    expect(screen.queryByTestId('lottery-group-lott')).toBeNull();
    const countdown = within(card).getByTestId('lottery-countdown');
    expect(countdown.dataset.phase).toBe('open');
    expect(countdown.textContent).toMatch(/^Closes in 01:[0-3][0-9]$/);
    expect(within(card).getByTestId('lottery-card-result').textContent).toBe('12345');
    // Closed and no result yet: drawing; no result at all: said so.
    const sea = screen.getByTestId('lottery-card-sea-4d');
    expect(within(sea).getByTestId('lottery-countdown').textContent).toBe('Drawing…');
    expect(within(sea).getByTestId('lottery-card-result').textContent).toBe('No result yet');
    expect(within(card).getByRole('link', { name: 'Play VN Fast 1' }).getAttribute('href')).toBe(
      '/lottery?gameCode=vn-fast-1',
    );
  });

  it('keeps favourites per username and filters on them', async () => {
    useSessionStore.setState({ token: 'token-1' });
    stubFetch({
      '/lotto/api/games': { list: GAMES },
      '/wps/member/info': makeMember({ account: 'player1' }),
    });
    renderUi(<LotteryLobbyPage />, { path: '/lottery' });
    const star = await screen.findByRole('button', { name: 'Add Keno to favourites' });
    await userEvent.click(star);
    expect(
      screen.getByRole('button', { name: 'Remove Keno from favourites' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(JSON.parse(window.localStorage.getItem('lotteryFavourites') ?? '{}')).toEqual({
      player1: ['elott-keno'],
    });
    await userEvent.click(screen.getByText('Favourites'));
    expect(screen.getByTestId('lottery-card-elott-keno')).toBeTruthy();
    expect(screen.queryByTestId('lottery-card-vn-fast-1')).toBeNull();
  });

  it('says when there are no games, and offers a retry when they fail to load', async () => {
    stubFetch({ '/lotto/api/games': { list: [] } });
    const { unmount } = renderUi(<LotteryLobbyPage />);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No lotteries here yet');
    unmount();
    stubFetch({
      '/lotto/api/games': () =>
        Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 }),
    });
    renderUi(<LotteryLobbyPage />);
    const error = await screen.findByTestId('lottery-lobby-error');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
