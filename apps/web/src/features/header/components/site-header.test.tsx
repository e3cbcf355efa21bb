import type { GameMenuCategory, GameMenus, GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { makePermission } from '../../../test/fixtures.ts';
import { makeGameCard } from '../../../test/game-fixtures.ts';
import { findLayout, renderApp, resetLanguage } from '../../../test/render-app.tsx';

const lotus = (overrides: Partial<GameMenuVendor> = {}): GameMenuVendor => ({
  vassalage: 'LOTUS',
  displayName: 'Lotus Originals',
  logoUrl: '/brand/vendors/lotus.svg',
  gameType: 'RNG',
  isGame: 'LOBBY',
  maintenance: true,
  ...overrides,
});

const category = (
  key: string,
  page: string,
  labelKey: string,
  vendors: GameMenuVendor[],
): GameMenuCategory => ({
  key,
  labelKey,
  gameType: key,
  icon: 'slots',
  page,
  banner: null,
  auth: false,
  vendors,
});

/** What the seeded server answers: the in-house vendor under slots, cards and table games. */
const seededMenus = (vendor: Partial<GameMenuVendor> = {}): GameMenus => ({
  categories: [
    category('RNG', '/rng', 'category.slots', [lotus(vendor)]),
    category('PVP', '/pvp', 'category.cards', [lotus({ ...vendor, gameType: 'PVP' })]),
    category('TG', '/roulette', 'category.tableGames', [lotus({ ...vendor, gameType: 'TG' })]),
  ],
});

type MenusReply = GameMenus | 'fail' | Promise<GameMenus>;

/**
 * Answers game_menus (renderApp's stub answers the start-up calls). Called right after renderApp: the
 * nav asks only once the layout has rendered, which needs the start-up calls to resolve first.
 */
function serveGameMenus(reply: MenusReply | ((url: URL) => MenusReply)) {
  const stub = vi.mocked(globalThis.fetch);
  const startUp = stub.getMockImplementation();
  const requests: URL[] = [];
  stub.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/lgw/games/game_menus') return startUp?.(input, init) as Promise<Response>;
    requests.push(url);
    const answer = await (typeof reply === 'function' ? reply(url) : reply);
    if (answer === 'fail') {
      return Response.json({ success: false, message: 'unknown_error', value: null }, { status: 500 });
    }
    return Response.json({ success: true, message: 'ok', value: answer });
  });
  return requests;
}

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

function currentNavLinks() {
  return nav()
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

function navLabels() {
  return nav()
    .getAllByRole('link')
    .map((link) => link.textContent);
}

async function openDropdown(key: string) {
  await userEvent.click(await screen.findByTestId(`nav-toggle-${key}`));
  return screen.findByRole('menu');
}

describe('site header nav bar', () => {
  beforeEach(() => resetLanguage());
  afterEach(() => {
    useSessionStore.setState({ token: null });
    useAuthModal.setState({ modal: null });
  });

  it('shows Home and Promo at once, holding room for the categories until game_menus answers', async () => {
    let answer: (menus: GameMenus) => void = () => undefined;
    renderApp('/');
    const requests = serveGameMenus(new Promise<GameMenus>((resolve) => (answer = resolve)));
    await findLayout();
    expect(navLabels()).toEqual(['Home', 'Promo']);
    expect(screen.getAllByTestId('nav-placeholder').length).toBeGreaterThan(0);
    expect(screen.getByTestId('nav-list').getAttribute('aria-busy')).toBe('true');

    answer(seededMenus());
    await waitFor(() => expect(navLabels()).toEqual(['Home', 'Slots', 'Cards', 'Table games', 'Promo']));
    expect(screen.queryByTestId('nav-placeholder')).toBeNull();
    expect(screen.getByTestId('nav-list').getAttribute('aria-busy')).toBe('false');
    expect(requests[0]?.searchParams.get('language')).toBe('EN');
    expect(requests[0]?.searchParams.get('platform')).toBe('html5-desktop');
  });

  it('links each category to its page and highlights the entry of the current route only', async () => {
    renderApp('/roulette');
    serveGameMenus(seededMenus());
    await findLayout();
    await waitFor(() => expect(currentNavLinks()).toEqual(['Table games']));
    expect(nav().getByRole('link', { name: 'Slots' }).getAttribute('href')).toBe('/rng');
    expect(nav().getByRole('link', { name: 'Cards' }).getAttribute('href')).toBe('/pvp');
    expect(nav().getByRole('link', { name: 'Promo' }).getAttribute('href')).toBe('/promotions');
  });

  it('highlights Home on /index.html and nothing on a page without an entry', async () => {
    const view = renderApp('/index.html');
    serveGameMenus(seededMenus());
    await findLayout();
    await nav().findByRole('link', { name: 'Slots' });
    expect(currentNavLinks()).toEqual(['Home']);
    await view.router.navigate('/noticePage');
    await waitFor(() => expect(currentNavLinks()).toEqual([]));
  });

  it('labels /rng Casino when the brand supports PT, and shows Bingo only with TY', async () => {
    const bingo = category('BG', '/bingo', 'category.bingo', [lotus({ gameType: 'BG' })]);
    renderApp('/rng', { permission: makePermission({ supportedLanguages: ['EN', 'HI', 'PT'] }) });
    serveGameMenus({ categories: [...seededMenus().categories, bingo] });
    await findLayout();
    expect((await nav().findByRole('link', { name: 'Casino' })).getAttribute('href')).toBe('/rng');
    expect(nav().queryByRole('link', { name: 'Slots' })).toBeNull();
    expect(nav().queryByRole('link', { name: 'Bingo' })).toBeNull();
  });

  it('shows Bingo when the brand supports TY', async () => {
    const bingo = category('BG', '/bingo', 'category.bingo', [lotus({ gameType: 'BG' })]);
    renderApp('/', { permission: makePermission({ supportedLanguages: ['EN', 'HI', 'TY'] }) });
    serveGameMenus({ categories: [bingo] });
    await findLayout();
    expect((await nav().findByRole('link', { name: 'Bingo' })).getAttribute('href')).toBe('/bingo');
  });

  it('opens a category drop-down from its toggle, focus inside, Escape closing it back to the toggle', async () => {
    renderApp('/');
    serveGameMenus(seededMenus());
    await findLayout();
    const toggle = await screen.findByRole('button', { name: 'Show Slots game providers' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    const menu = await openDropdown('RNG');
    expect(menu.getAttribute('aria-label')).toBe('Slots game providers');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Lotus OriginalsUnder maintenance']);
    expect(menu.dataset.align).toBe('center');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });

  it('opens the drop-down on mouse hover without moving focus, and not for a touch', async () => {
    renderApp('/');
    serveGameMenus(seededMenus());
    await findLayout();
    const link = await nav().findByRole('link', { name: 'Cards' });
    const entry = link.parentElement as HTMLElement;

    fireEvent.pointerEnter(entry, { pointerType: 'touch' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.pointerEnter(entry, { pointerType: 'mouse' });
    const menu = await screen.findByRole('menu');
    expect(menu.getAttribute('aria-label')).toBe('Cards game providers');
    expect(menu.contains(document.activeElement)).toBe(false);

    fireEvent.pointerLeave(entry, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('lays out 11 vendors as a left-aligned grid with a more entry to the category page', async () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      lotus({ vassalage: `LOTUS_${index}`, displayName: `Studio ${index}`, maintenance: false }),
    );
    renderApp('/');
    serveGameMenus({ categories: [category('RNG', '/rng', 'category.slots', many)] });
    await findLayout();
    const menu = await openDropdown('RNG');
    expect(menu.dataset.align).toBe('grid');
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(12);
    const more = items.at(-1);
    expect(more?.textContent).toBe('…More providers');
    expect(more?.getAttribute('href')).toBe('/rng');
  });

  it('opens the login pop-up for a visitor who picks a vendor, launching nothing', async () => {
    const view = renderApp('/');
    serveGameMenus(seededMenus({ maintenance: false }));
    await findLayout();
    const menu = await openDropdown('RNG');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Lotus Originals/ }));
    await waitFor(() => expect(useAuthModal.getState().modal).toEqual({ kind: 'login' }));
    expect(view.router.state.location.pathname).toBe('/');
    expect(view.router.state.location.search).toBe('');
  });

  it('tells a player the vendor is under maintenance and stays on the page', async () => {
    useSessionStore.getState().signIn('player-token');
    const view = renderApp('/');
    serveGameMenus(seededMenus());
    await findLayout();
    const menu = await openDropdown('PVP');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Lotus Originals/ }));
    const notice = await screen.findByTestId('maintenance-notice');
    expect(notice.textContent).toContain('Lotus Originals is under maintenance');
    expect(notice.textContent).toContain('This game is under maintenance. Please try again later.');
    expect(view.router.state.location.pathname).toBe('/');
    await userEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('maintenance-notice')).toBeNull());
  });

  it("opens a player's slots vendor on the vendor list page", async () => {
    useSessionStore.getState().signIn('player-token');
    const view = renderApp('/');
    serveGameMenus(seededMenus({ maintenance: false }));
    await findLayout();
    const menu = await openDropdown('RNG');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Lotus Originals/ }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/rng'));
    expect(view.router.state.location.search).toBe('?page=LOTUS');
    await waitFor(() => expect(currentNavLinks()).toEqual(['Slots']));
  });

  it("opens the game list pop-up of a VASSALAGE vendor with the vendor's games of the type", async () => {
    useSessionStore.getState().signIn('player-token');
    renderApp('/');
    serveGameMenus(seededMenus({ maintenance: false, isGame: 'VASSALAGE' }));
    const stub = vi.mocked(globalThis.fetch);
    const menusAndStartUp = stub.getMockImplementation();
    const listBodies: unknown[] = [];
    stub.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname !== '/wps/relay/GCSGAME_gameList') {
        return menusAndStartUp?.(input, init) as Promise<Response>;
      }
      listBodies.push(JSON.parse(String(init?.body)));
      const card = makeGameCard({ nodeId: '4', gameName: 'European Roulette', gameType: 'TG' });
      return Response.json({
        success: true,
        message: 'ok',
        value: { list: [card], pageNum: 1, totalPages: 1, total: 1 },
      });
    });
    await findLayout();
    const menu = await openDropdown('TG');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Lotus Originals/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lotus Originals games' });
    expect(await within(dialog).findByRole('button', { name: 'Play European Roulette' })).toBeTruthy();
    expect(listBodies).toEqual([expect.objectContaining({ vassalage: 'LOTUS', gameType: 'TG', pageNo: 1 })]);
  });

  it('offers a retry when game_menus fails, and shows the categories once it answers', async () => {
    let fail = true;
    renderApp('/');
    serveGameMenus(() => (fail ? 'fail' : seededMenus()));
    await findLayout();
    const retry = await screen.findByRole('button', {
      name: 'Game categories could not be loaded. Try again',
    });
    expect(navLabels()).toEqual(['Home', 'Promo']);
    fail = false;
    await userEvent.click(retry);
    await waitFor(() => expect(navLabels()).toEqual(['Home', 'Slots', 'Cards', 'Table games', 'Promo']));
    expect(screen.queryByTestId('nav-retry')).toBeNull();
  });

  it('shows the brand name and the login form for a visitor', async () => {
    renderApp('/', { permission: makePermission({ brandName: 'Acme Play' }) });
    serveGameMenus(seededMenus());
    await findLayout();
    const header = screen.getByTestId('site-header');
    expect(header.textContent).toContain('Acme Play');
    expect(within(header).getByTestId('header-login-form')).toBeTruthy();
    expect(within(header).queryByTestId('player-strip')).toBeNull();
    await userEvent.click(within(header).getByTestId('login-entry'));
    expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
  });
});

describe('footer vendor row', () => {
  beforeEach(() => resetLanguage());

  it('shows each vendor once as a lazy logo with alt text, linking to its first category', async () => {
    renderApp('/');
    serveGameMenus(seededMenus());
    await findLayout();
    const row = await screen.findByTestId('footer-vendors');
    expect(within(row).getByRole('heading').textContent).toBe('Game providers');
    const links = within(row).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/rng');
    const logo = within(row).getByRole('img', { name: 'Lotus Originals' });
    expect(logo.getAttribute('src')).toBe('/brand/vendors/lotus.svg');
    expect(logo.getAttribute('loading')).toBe('lazy');
  });

  it('has no row while there is no vendor', async () => {
    renderApp('/');
    serveGameMenus({ categories: [] });
    await findLayout();
    await waitFor(() => expect(screen.getByTestId('nav-list').getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByTestId('footer-vendors')).toBeNull();
  });
});
