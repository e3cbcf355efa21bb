import type { GameCard, Lane } from '@lotus/shared/games.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makeGameCard } from '../../../test/game-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { type FetchRoute, renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { GameLanes } from './game-lanes.tsx';
import { HomePage } from './home-page.tsx';

const LANES_PATH = '/wps/relay/GCSGAME_newGameVendor';

function card(nodeId: string, gameName: string): GameCard {
  return makeGameCard({
    nodeId,
    gameCode: `code-${nodeId}`,
    gameName,
    iconUrl: null,
    vendorLogoUrl: null,
    minLineNum: 0,
    accountTypeId: 0,
  });
}

function lane(title: string, page: string, cards: GameCard[], gameCount = cards.length): Lane {
  return { title, page, cards, gameCount, gameClassify: null };
}

function serve(lanes: Lane[] | FetchRoute) {
  return stubFetch({
    [LANES_PATH]: typeof lanes === 'function' ? lanes : { data: { lanes } },
  });
}

/** The JSON bodies sent for the lanes, in order. */
function laneRequests(fetchStub: ReturnType<typeof stubFetch>) {
  return (fetchStub.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][])
    .filter(([input]) => new URL(String(input), 'http://x').pathname === LANES_PATH)
    .map(([, init]) => ({
      method: init?.method,
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    }));
}

describe('home game lanes', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: null });
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('shows skeletons, then each lane as a titled row of tiles with a "see all" link to its page', async () => {
    const fetchStub = serve([
      lane('Hot games', '/hot', [card('1', 'Lotus Fortune'), card('2', 'Tiger Temple')], 14),
      lane('New games', '/new', [card('3', 'Monsoon Gems')], 1),
    ]);
    renderUi(<GameLanes />);
    const loading = screen.getByTestId('home-lanes-loading');
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.getAttribute('aria-label')).toBe('Loading games…');

    const lanes = await screen.findAllByTestId('home-lane');
    expect(screen.queryByTestId('home-lanes-loading')).toBeNull();
    expect(lanes).toHaveLength(2);
    const [hot, fresh] = lanes as [HTMLElement, HTMLElement];

    expect(within(hot).getByRole('heading', { level: 2, name: 'Hot games' })).toBeTruthy();
    expect(within(hot).getByRole('list', { name: 'Hot games' })).toBeTruthy();
    expect(
      within(hot)
        .getAllByTestId('game-tile')
        .map((tile) => tile.getAttribute('data-node-id')),
    ).toEqual(['1', '2']);
    const hotMore = within(hot).getByRole('link', { name: 'See all 14 games in Hot games' });
    expect(hotMore.getAttribute('href')).toBe('/hot');
    expect(hotMore.textContent).toBe('See all');

    expect(within(fresh).getAllByTestId('game-tile')).toHaveLength(1);
    expect(
      within(fresh).getByRole('link', { name: 'See all 1 game in New games' }).getAttribute('href'),
    ).toBe('/new');

    expect(laneRequests(fetchStub)).toEqual([
      { method: 'POST', body: expect.objectContaining({ language: 'EN' }) },
    ]);
  });

  it('"see all" goes to the lane\'s page', async () => {
    serve([lane('Slots', '/rng', [card('1', 'Lotus Fortune')], 30)]);
    const { router } = renderUi(<GameLanes />);
    await userEvent.click(await screen.findByTestId('home-lane-more'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'));
  });

  it('shows nothing when there are no lanes, or only empty ones', async () => {
    const fetchStub = serve([]);
    const first = renderUi(<GameLanes />);
    await waitFor(() => expect(screen.queryByTestId('home-lanes-loading')).toBeNull());
    expect(laneRequests(fetchStub)).toHaveLength(1);
    expect(screen.queryByTestId('home-lanes')).toBeNull();
    expect(screen.queryByTestId('home-lanes-error')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    first.unmount();

    serve([lane('Hot games', '/hot', [], 0)]);
    renderUi(<GameLanes />);
    await waitFor(() => expect(screen.queryByTestId('home-lanes-loading')).toBeNull());
    expect(screen.queryByTestId('home-lanes')).toBeNull();
    expect(screen.queryByText('Hot games')).toBeNull();
  });

  it('keeps only the lanes that have games', async () => {
    serve([lane('Jackpot', '/jp', [], 0), lane('Table games', '/roulette', [card('7', 'Roulette')])]);
    renderUi(<GameLanes />);
    const lanes = await screen.findAllByTestId('home-lane');
    expect(lanes.map((section) => section.getAttribute('data-page'))).toEqual(['/roulette']);
  });

  it('says when the lanes cannot be loaded, and retries', async () => {
    let fail = true;
    serve(() =>
      fail
        ? Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 })
        : { data: { lanes: [lane('Hot games', '/hot', [card('1', 'Lotus Fortune')])] } },
    );
    renderUi(<GameLanes />);
    const error = await screen.findByTestId('home-lanes-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(within(error).getByText('The games could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('home-lane')).toBeTruthy();
    expect(screen.queryByTestId('home-lanes-error')).toBeNull();
  });

  it('asks again in Hindi when the language changes to it', async () => {
    await resetLanguage('hi');
    const fetchStub = serve([lane('हॉट गेम्स', '/hot', [card('1', 'Lotus Fortune')], 3)]);
    renderUi(<GameLanes />);
    expect(await screen.findByRole('link', { name: 'सभी देखें: हॉट गेम्स में 3 गेम' })).toBeTruthy();
    expect(laneRequests(fetchStub)[0]?.body).toMatchObject({ language: 'HI' });
  });

  it('sits on the home page under the #home-games anchor', async () => {
    serve([lane('Hot games', '/hot', [card('1', 'Lotus Fortune')])]);
    renderUi(<HomePage brandName="Lotus" notices={null} jackpot={null} winners={null} />);
    const lanes = await screen.findByTestId('home-lanes');
    expect(lanes.closest('#home-games')).not.toBeNull();
  });
});
