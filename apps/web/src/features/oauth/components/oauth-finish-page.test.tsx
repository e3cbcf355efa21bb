import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { OauthFinishPage } from './oauth-finish-page.tsx';

const RESULT = { token: 'session-token-from-oauth', firstTimeLogin: true, passwordExpired: true };
const MEMBER = {
  id: '7',
  account: 'ashatest',
  nickname: 'Asha Test',
  type: 0,
  toUpline: false,
  clubLabel: { labelName: null, rankLevel: 0 },
  memberLabel: [],
  isAgent: false,
  isTrial: false,
  firstTimeLogin: true,
};

/** The address the provider sent the browser back to (jsdom keeps one document URL). */
function arriveAt(url: string) {
  window.history.replaceState(null, '', url);
}

function serve() {
  const fetchStub = stubFetch({
    '/wps/oauth/exchange': () => RESULT,
    '/wps/oauth/telegram': () => RESULT,
    '/wps/member/info': MEMBER,
  });
  return { fetchStub };
}

const postedBody = (fetchStub: ReturnType<typeof stubFetch>, path: string) => {
  // The stub's type names only the URL; fetch is called with (url, init).
  const calls = fetchStub.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
  const init = calls.find(([input]) => String(input) === path)?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
};

describe('OauthFinishPage', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.getState().signOut();
  });
  afterEach(() => arriveAt('/'));

  it('trades the login code from the fragment once, stores the session and goes home', async () => {
    const { fetchStub } = serve();
    arriveAt('/oauth/complete#code=one-time-login-code-123');
    const { router } = renderUi(<OauthFinishPage kind="complete" />, { path: '/oauth/complete' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSessionStore.getState().token).toBe(RESULT.token);
    expect(postedBody(fetchStub, '/wps/oauth/exchange')).toEqual({ code: 'one-time-login-code-123' });
    expect(fetchStub.mock.calls.filter(([input]) => String(input) === '/wps/oauth/exchange')).toHaveLength(1);
    // The single-use code does not stay in the address bar.
    expect(window.location.hash).toBe('');
  });

  it('goes on to the page the sign-in started from', async () => {
    serve();
    arriveAt('/oauth/complete#code=one-time-login-code-456&returnTo=%2Fgames');
    const { router } = renderUi(<OauthFinishPage kind="complete" />, { path: '/oauth/complete' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/games'));
  });

  it('shows the failure the callback reported, with a way home', async () => {
    const { fetchStub } = serve();
    arriveAt('/oauth/complete?error=oauth_failed');
    renderUi(<OauthFinishPage kind="complete" />, { path: '/oauth/complete' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign-in was cancelled or failed. Please try again.',
    );
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('posts the Telegram data from #tgAuthResult and signs in', async () => {
    const { fetchStub } = serve();
    const data = { id: 700000001, first_name: 'आशा', auth_date: 1_763_719_200, hash: 'a'.repeat(64) };
    const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(data))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    arriveAt(`/oauth/telegram#tgAuthResult=${encoded}`);
    const { router } = renderUi(<OauthFinishPage kind="telegram" />, { path: '/oauth/telegram' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(postedBody(fetchStub, '/wps/oauth/telegram')).toEqual(data);
  });

  it('shows the server error of a refused Telegram sign-in in Hindi', async () => {
    await resetLanguage('hi');
    stubFetch({
      '/wps/oauth/telegram': () =>
        Response.json({ success: false, message: 'telegram_auth_expired', value: null }, { status: 400 }),
    });
    arriveAt(
      `/oauth/telegram#tgAuthResult=${btoa(JSON.stringify({ id: 1, auth_date: 1, hash: 'b'.repeat(64) }))}`,
    );
    renderUi(<OauthFinishPage kind="telegram" />, { path: '/oauth/telegram' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'टेलीग्राम साइन-इन की समय-सीमा समाप्त हो गई। कृपया पुनः प्रयास करें।',
    );
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('fails without posting when the Telegram result is missing or garbled', async () => {
    const fetchStub = stubFetch({});
    arriveAt('/oauth/telegram#tgAuthResult=not-json');
    renderUi(<OauthFinishPage kind="telegram" />, { path: '/oauth/telegram' });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
