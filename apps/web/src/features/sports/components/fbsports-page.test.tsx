import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { resetBetSlip } from '../hooks/bet-slip-store.ts';
import { forgetSportsSessions } from '../hooks/use-sports-session.ts';
import { makeEventsPage, requestsTo, SESSION_ROUTES } from '../test/sports-fixtures.ts';
import { FbSportsPage } from './fbsports-page.tsx';

describe('/fbsports', () => {
  beforeEach(async () => {
    await resetLanguage();
    resetBetSlip();
    forgetSportsSessions();
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('launches the book by GCS_gameLaunchFB and opens its session with the launch token', async () => {
    useSessionStore.setState({ token: 'token-1' });
    const stub = stubFetch({
      ...SESSION_ROUTES,
      '/sportsbook/api/events': makeEventsPage(),
      '/wps/relay/GCS_gameLaunchFB': {
        url: '/sportsbook?launchToken=fb-launch-token-0123456789',
        gameCode: 'sports',
      },
    });
    renderUi(<FbSportsPage />);
    expect(await screen.findByTestId('sports-event-202')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('page-fbsports').dataset.launch).toBe('success'));
    const [session] = requestsTo(stub, '/sportsbook/api/session');
    expect(JSON.parse(String(session?.body))).toEqual({ launchToken: 'fb-launch-token-0123456789' });
  });

  it('still shows the book when the relay is not there', async () => {
    useSessionStore.setState({ token: 'token-1' });
    stubFetch({ '/sportsbook/api/events': makeEventsPage() });
    renderUi(<FbSportsPage />);
    expect(await screen.findByTestId('sports-event-101')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('page-fbsports').dataset.launch).toBe('error'));
    expect(screen.queryByTestId('sports-error')).toBeNull();
  });
});
