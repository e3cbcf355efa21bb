import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/session/session-store.ts';
import { makePermission } from '../test/fixtures.ts';
import { findLayout, renderApp, resetLanguage } from '../test/render-app.tsx';
import { mustRedirectToLogin, VISITOR_PATHS } from './route-guard.ts';

const closedBrand = { permission: makePermission({ loggedInToHomePage: true }) };

describe('route guard (logged-in to home page)', () => {
  beforeEach(() => resetLanguage());
  afterEach(() => useSessionStore.setState({ token: null }));

  it('lets everyone through when the brand setting is off', () => {
    expect(mustRedirectToLogin({ loggedInToHomePage: false, hasToken: false, pathname: '/promotions' })).toBe(
      false,
    );
  });

  it('lets a player with a session token through', () => {
    expect(mustRedirectToLogin({ loggedInToHomePage: true, hasToken: true, pathname: '/promotions' })).toBe(
      false,
    );
  });

  it('redirects a visitor on any other path, whatever its case or trailing slash', () => {
    for (const pathname of ['/', '/promotions', '/Promotions/', '/help', '/down', '/no/such/page']) {
      expect(mustRedirectToLogin({ loggedInToHomePage: true, hasToken: false, pathname }), pathname).toBe(
        true,
      );
    }
  });

  it('sends a visitor from / to /login, dropping query and hash', async () => {
    const { router } = renderApp('/promotions?x=1#top', closedBrand);
    await screen.findByTestId('page-login');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.hash).toBe('');
  });

  it.each([
    ['/login', 'page-login'],
    ['/register', 'page-home'],
    ['/register.html', 'page-home'],
    ['/helpmc', 'page-helpmc'],
    ['/download', 'page-download'],
  ])('lets a visitor reach %s', async (path, testId) => {
    expect(VISITOR_PATHS).toContain(path);
    const { router } = renderApp(path, closedBrand);
    await screen.findByTestId(testId);
    expect(router.state.location.pathname).toBe(path);
  });

  it('does not redirect a visitor holding a session token', async () => {
    useSessionStore.getState().signIn('a-token');
    const { router } = renderApp('/promotions', closedBrand);
    await findLayout();
    await screen.findByTestId('page-promotions');
    expect(router.state.location.pathname).toBe('/promotions');
  });
});
