import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { ThirdPartyButtons } from './third-party-buttons.tsx';

const TELEGRAM = { botName: 'lotus_bot', botId: '123456789', authUrl: 'https://oauth.telegram.org' };

describe('ThirdPartyButtons', () => {
  beforeEach(async () => {
    await resetLanguage();
  });

  it('renders nothing when the site offers no third-party sign-in', async () => {
    stubFetch({ '/wps/oauth/providers': { google: false, facebook: false, telegram: null } });
    const { container, queryClient } = renderUi(<ThirdPartyButtons />);
    await waitFor(() => expect(queryClient.getQueryState(['oauth', 'providers'])?.status).toBe('success'));
    expect(container.querySelector('[data-testid="third-party-sign-in"]')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links only the configured providers: Google to the start route with the current path, Telegram to its page', async () => {
    stubFetch({ '/wps/oauth/providers': { google: true, facebook: false, telegram: TELEGRAM } });
    renderUi(<ThirdPartyButtons />, { path: '/games?tab=hot' });
    const google = await screen.findByRole('link', { name: 'Google' });
    expect(google.getAttribute('href')).toBe('/wps/oauth/google/start?returnTo=%2Fgames%3Ftab%3Dhot');
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull();
    const telegram = new URL(screen.getByRole('link', { name: 'Telegram' }).getAttribute('href') ?? '');
    expect(`${telegram.origin}${telegram.pathname}`).toBe('https://oauth.telegram.org/auth');
    expect(Object.fromEntries(telegram.searchParams)).toEqual({
      bot_id: '123456789',
      origin: window.location.origin,
      return_to: `${window.location.origin}/oauth/telegram`,
    });
    expect(screen.getByRole('group', { name: 'Or sign in with' })).toBeTruthy();
  });

  it('names the group in Hindi', async () => {
    await resetLanguage('hi');
    stubFetch({ '/wps/oauth/providers': { google: false, facebook: true, telegram: null } });
    renderUi(<ThirdPartyButtons />);
    expect(await screen.findByRole('group', { name: 'या इससे साइन इन करें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      '/wps/oauth/facebook/start?returnTo=%2F',
    );
  });
});
