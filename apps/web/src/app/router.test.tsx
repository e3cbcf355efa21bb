import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthModal } from '../lib/session/auth-modal-store.ts';
import { makePermission } from '../test/fixtures.ts';
import { findLayout, renderApp, resetLanguage } from '../test/render-app.tsx';

/**
 * docs/foundation-contract.md "Routes and their layout variants", written out again here on purpose: the
 * router must match the contract, not itself. [path, page testid, header, banner, footer, side menu, extra]
 */
type Row = [string, string, 'on' | 'off', 'on' | 'off', 'on' | 'off', 'on' | 'off', Record<string, string>?];

const CONTRACT: Row[] = [
  ['/', 'page-home', 'on', 'on', 'on', 'on'],
  ['/index', 'page-home', 'on', 'on', 'on', 'on'],
  ['/index.html', 'page-home', 'on', 'on', 'on', 'on'],
  ['/home', 'page-home', 'on', 'on', 'on', 'on'],
  ['/register', 'page-home', 'on', 'on', 'on', 'on'],
  ['/register.html', 'page-home', 'on', 'on', 'on', 'on'],
  ['/noticePage', 'page-notice', 'on', 'off', 'on', 'on'],
  ['/pointMall', 'page-point-mall', 'on', 'on', 'on', 'on'],
  ['/sports', 'page-sports-lobby', 'on', 'on', 'on', 'on', { 'data-game': 'sports' }],
  ['/esports', 'page-sports-lobby', 'on', 'on', 'on', 'on', { 'data-game': 'esports' }],
  ['/lott', 'page-sports-lobby', 'on', 'off', 'on', 'on', { 'data-game': 'lott' }],
  ['/elott', 'page-sports-lobby', 'on', 'on', 'on', 'on', { 'data-game': 'elott' }],
  ['/sports/event/101', 'page-sports-event', 'on', 'off', 'on', 'on', { 'data-event-id': '101' }],
  ['/esports/event/202', 'page-sports-event', 'on', 'off', 'on', 'on', { 'data-event-id': '202' }],
  ['/lottery', 'page-lottery', 'off', 'off', 'off', 'off'],
  ['/lottery?gameCode=VN01', 'page-lottery-launch', 'on', 'off', 'off', 'off'],
  ['/vnLottery', 'page-lottery-launch', 'on', 'off', 'off', 'off'],
  ['/seaLottery', 'page-lottery-launch', 'on', 'off', 'off', 'off'],
  ['/rng', 'page-games', 'on', 'on', 'on', 'on', { 'data-game-type': 'rng' }],
  ['/fish', 'page-games', 'on', 'on', 'on', 'on', { 'data-game-type': 'fish' }],
  ['/pvp?page=KY', 'page-games', 'on', 'on', 'on', 'on', { 'data-game-type': 'pvp' }],
  ['/live', 'page-live', 'on', 'on', 'on', 'on'],
  ['/promotions', 'page-promotions', 'on', 'on', 'on', 'on'],
  ['/promoDetail', 'page-promo-detail', 'on', 'off', 'on', 'on'],
  ['/help', 'page-help', 'on', 'on', 'on', 'on'],
  ['/down', 'page-download', 'on', 'on', 'on', 'on'],
  ['/download', 'page-download', 'on', 'on', 'on', 'on'],
  ['/join', 'page-join', 'on', 'off', 'on', 'on'],
  ['/seamless', 'page-seamless', 'off', 'off', 'off', 'off'],
  ['/fbsports', 'page-fbsports', 'on', 'off', 'off', 'off'],
  ['/game', 'page-game', 'on', 'off', 'off', 'off'],
  ['/helpmc', 'page-helpmc', 'off', 'off', 'off', 'off'],
  ['/hot', 'page-category', 'on', 'off', 'on', 'on', { 'data-category': 'hot' }],
  ['/new', 'page-category', 'on', 'off', 'on', 'on', { 'data-category': 'new' }],
  ['/cockfight', 'page-category', 'on', 'off', 'on', 'on', { 'data-category': 'cockfight' }],
  ['/jp', 'page-category', 'on', 'off', 'on', 'on', { 'data-category': 'jp' }],
  ['/roulette', 'page-category', 'on', 'off', 'on', 'on', { 'data-category': 'roulette' }],
  ['/favorite', 'page-favorite', 'on', 'off', 'on', 'on'],
  ['/recent', 'page-recent', 'on', 'off', 'on', 'on'],
  ['/playerRank', 'page-player-rank', 'on', 'off', 'on', 'on'],
  ['/login', 'page-login', 'on', 'off', 'on', 'off'],
  ['/blog', 'page-blog', 'on', 'off', 'on', 'on'],
  ['/blog/welcome', 'page-blog-article', 'on', 'off', 'on', 'on'],
  ['/winners', 'page-winners', 'on', 'off', 'on', 'on'],
  ['/page/terms', 'page-content', 'on', 'on', 'on', 'on', { 'data-page-key': 'terms' }],
  ['/no/such/page', 'page-not-found', 'on', 'off', 'on', 'on'],
];

describe('route table', () => {
  beforeEach(() => resetLanguage());

  it.each(CONTRACT)(
    '%s renders %s in its layout variant',
    async (path, testId, header, banner, footer, side, extra) => {
      renderApp(path);
      const layout = await findLayout();
      const page = await screen.findByTestId(testId);

      expect(layout.dataset).toMatchObject({ header, banner, footer, sideMenu: side });
      expect(layout.querySelector('.w1200')).not.toBeNull();
      for (const [name, value] of Object.entries(extra ?? {})) expect(page.getAttribute(name)).toBe(value);

      // The parts the attributes announce are really there (or really absent).
      // (The footer and the side menu load beside the page, site-layout.tsx: waited for when announced.)
      expect(screen.queryByTestId('site-header') !== null).toBe(header === 'on');
      if (footer === 'on') await screen.findByTestId('site-footer');
      else expect(screen.queryByTestId('site-footer')).toBeNull();
      if (side === 'on') await screen.findByTestId('side-menu');
      else expect(screen.queryByTestId('side-menu')).toBeNull();
      expect(within(layout).getByRole('main').contains(page)).toBe(true);
    },
  );

  it('opens the register modal over home on /register', async () => {
    renderApp('/register');
    expect(await screen.findByRole('dialog')).toBeDefined();
    expect(screen.getByTestId('register-modal')).toBeDefined();
    expect(await screen.findByTestId('page-home')).toBeDefined();
  });

  it('shows a login prompt, not a list, to a visitor on /favorite', async () => {
    renderApp('/favorite');
    const prompt = await screen.findByTestId('login-required');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Log in' }));
    expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
    useAuthModal.setState({ modal: null });
  });

  it('names the page in document.title', async () => {
    renderApp('/promotions', { permission: makePermission({ brandName: 'Acme' }) });
    await screen.findByTestId('page-promotions');
    expect(document.title).toBe('Promotions - Acme');
  });
});
