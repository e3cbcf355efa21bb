import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGameOverlay } from '../../../lib/games/game-overlay-store.ts';
import { PLAY_PAUSED_MESSAGE } from '../../../lib/protection/protection-api.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { WALLET_KEYS } from '../../../lib/wallet/use-wallet-queries.ts';
import { makeGameCard } from '../../../test/game-fixtures.ts';
import { makePlaySession, serveApi } from '../../../test/protection-fixtures.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { nextReadInMs } from '../hooks/use-play-session.ts';
import { GameOverlays } from './game-overlays.tsx';
import { GamePage } from './game-page.tsx';

const LAUNCH = {
  content: '/originals/play?token=t&game=lotus-fortune&lang=EN',
  nodeId: '7',
  trial: false,
  mode: 'page',
};
const BALANCE = { sumBalance: '1000.00', currency: 'INR', balanceMinor: '100000' };

function serveGame(session: () => unknown, extra: Record<string, unknown> = {}) {
  return serveApi({
    '/wps/game/launchGame': LAUNCH,
    'GET /wps/v2/wallets/balance': BALANCE,
    'GET /wps/member/protection/session': session,
    ...extra,
  });
}
const sessionReads = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/wps/member/protection/session').length;

describe('the in-game overlay and the reality check (issue 17)', () => {
  beforeEach(async () => {
    await resetLanguage();
    useSessionStore.setState({ token: 'token-1' });
  });
  afterEach(() => {
    useSessionStore.setState({ token: null });
    useGameOverlay.setState({ overlay: null, notice: null });
    vi.restoreAllMocks();
  });

  it('shows the session time ticking from the server figure and the net position', async () => {
    let clock = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    serveGame(() => makePlaySession());
    renderUi(<GamePage />, { path: '/game?nodeId=7&name=Lotus%20Fortune' });
    const time = await screen.findByTestId('play-session-time');
    expect(time.textContent).toBe('0:12:05');
    expect(time.getAttribute('role')).toBe('timer');
    expect(time.getAttribute('aria-label')).toBe('12 min');
    expect(screen.getByTestId('play-session-net').textContent).toBe('-₹120.00');
    clock += 2_000;
    await waitFor(() => expect(time.textContent).toBe('0:12:07'));
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });

  it('shows over a real game in the pop-up; "see my history" closes the game', async () => {
    serveGame(() => makePlaySession({ realityCheckDue: true }));
    act(() => useGameOverlay.setState({ overlay: { kind: 'play', card: makeGameCard(), trial: false } }));
    const { router } = renderUi(<GameOverlays />, { path: '/rng' });
    expect((await screen.findByTestId('play-session-net')).textContent).toBe('-₹120.00');
    fireEvent.click(await screen.findByTestId('reality-check-history'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/myActivity'));
    expect(useGameOverlay.getState().overlay).toBeNull();
  });

  it('shows nothing over a free trial', async () => {
    const calls = serveGame(() => makePlaySession());
    renderUi(<GamePage />, { path: '/game?nodeId=7&trial=1' });
    await screen.findByTestId('game-frame');
    expect(screen.queryByTestId('play-session')).toBeNull();
    expect(sessionReads(calls)).toBe(0);
  });

  it('reads the session again when the balance changes and when the game says a bet was paused', async () => {
    const calls = serveGame(() => makePlaySession());
    const { queryClient } = renderUi(<GamePage />, { path: '/game?nodeId=7' });
    await screen.findByTestId('play-session-time');
    await waitFor(() => expect(queryClient.getQueryData(WALLET_KEYS.balance)).toEqual(BALANCE));
    const before = sessionReads(calls);
    act(() => queryClient.setQueryData(WALLET_KEYS.balance, { ...BALANCE, balanceMinor: '90000' }));
    await waitFor(() => expect(sessionReads(calls)).toBe(before + 1));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: PLAY_PAUSED_MESSAGE }, origin: window.location.origin }),
      );
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: PLAY_PAUSED_MESSAGE }, origin: 'https://evil.test' }),
      );
    });
    await waitFor(() => expect(sessionReads(calls)).toBe(before + 2));
  });

  it('opens the reality check when due, and "keep playing" acknowledges it', async () => {
    let due = true;
    const calls = serveGame(() => makePlaySession({ realityCheckDue: due, elapsedSeconds: 3_720 }), {
      'POST /wps/member/protection/reality-check/ack': () => {
        due = false;
        return makePlaySession({ realityCheckAt: '2026-11-27T12:00:00.000Z' });
      },
    });
    renderUi(<GamePage />, { path: '/game?nodeId=7' });
    const summary = await screen.findByTestId('reality-check-summary');
    expect(summary.getAttribute('role')).toBe('alert');
    expect(summary.textContent).toBe(
      'You have been playing for 1 h 2 min this session. Your net position is -₹120.00 (what you won minus what you staked).',
    );
    expect(screen.getByTestId('reality-check-staked').textContent).toBe('₹300.00');
    expect(screen.getByTestId('reality-check-won').textContent).toBe('₹180.00');
    expect(screen.queryByTestId('modal-close')).toBeNull();
    fireEvent.click(screen.getByTestId('reality-check-keep'));
    await waitFor(() => expect(screen.queryByTestId('reality-check-summary')).toBeNull());
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/reality-check/ack'))).toBe(
      true,
    );
  });

  it('"see my history" goes to My activity', async () => {
    serveGame(() => makePlaySession({ realityCheckDue: true }));
    const { router } = renderUi(<GamePage />, { path: '/game?nodeId=7' });
    fireEvent.click(await screen.findByTestId('reality-check-history'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/myActivity'));
  });

  it('"log out" ends the session', async () => {
    const calls = serveGame(() => makePlaySession({ realityCheckDue: true }), {
      'DELETE /wps/session/logout': {},
    });
    const { router } = renderUi(<GamePage />, { path: '/game?nodeId=7' });
    fireEvent.click(await screen.findByTestId('reality-check-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSessionStore.getState().token).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('reads again just after the next check or the session end, by the server clock', () => {
    const session = makePlaySession({
      now: '2026-11-27T10:59:00.000Z',
      realityCheckAt: '2026-11-27T11:00:00.000Z',
    });
    expect(nextReadInMs(session)).toBe(61_000);
    expect(nextReadInMs({ ...session, sessionEndsAt: '2026-11-27T10:59:30.000Z' })).toBe(31_000);
    expect(nextReadInMs({ ...session, realityCheckAt: '2026-11-27T18:00:00.000Z' })).toBe(300_000);
    expect(nextReadInMs({ ...session, realityCheckAt: '2026-11-27T10:00:00.000Z' })).toBe(1_000);
    expect(nextReadInMs({ ...session, realityCheckDue: true })).toBe(false);
  });
});
