import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { resetStudioSessions } from '../hooks/use-studio-session.ts';
import { fakeStudio, preferReducedMotion } from '../test-support/fake-studio.ts';
import { OriginalsPlayPage } from './play-page.tsx';

const LAUNCH = 'launch-token-0123456789abcdef';

describe('OriginalsPlayPage', () => {
  beforeAll(() => preferReducedMotion());
  beforeEach(async () => {
    resetStudioSessions();
    await resetLanguage();
  });

  it('opens a trial once, shows the demo balance and seed, spins and shows the outcome', async () => {
    const studio = fakeStudio({ gameCode: 'lotus-fortune', trial: true });
    renderUi(<OriginalsPlayPage />, { path: '/originals/play?trial=1&game=lotus-fortune&lang=EN' });
    await screen.findByTestId('originals-screen');
    expect(screen.getByTestId('demo-badge').textContent).toBe('Demo');
    expect(screen.getByTestId('originals-balance').textContent).toBe('₹100,000.00');
    expect(screen.getByTestId('seed-summary').textContent).toContain('client-seed-1');
    const opens = studio.state.calls.filter((c) => c.path === '/originals/api/sessions');
    expect(opens).toHaveLength(1);
    expect(opens[0]?.body).toEqual({ trial: true, gameCode: 'lotus-fortune', language: 'EN' });

    fireEvent.change(screen.getByTestId('slot-bet'), { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('spin'));
    await waitFor(() => expect(studio.plays()).toHaveLength(1));
    const sent = studio.plays()[0]?.body as { requestId: string; bet: unknown };
    expect(sent.bet).toEqual({ game: 'slot', betMinor: '2000' });
    expect(sent.requestId.length).toBeGreaterThanOrEqual(8);
    expect(studio.plays()[0]?.session).toBe('studio-session-token');

    const round = studio.state.rounds[0];
    if (!round) throw new Error('no round');
    const outcome = round.outcome as { base: { window: string[][] }; freeSpins: { window: string[][] }[] };
    const lastWindow = outcome.freeSpins.at(-1)?.window ?? outcome.base.window;
    await waitFor(() =>
      expect(screen.getByTestId('originals-balance').textContent).toBe(
        `₹${(Number(studio.state.balance) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      ),
    );
    // The reels take at least 2.5 s even with reduced motion (issue 22): the announcement comes when they stop.
    await waitFor(() => expect(screen.getByTestId('originals-announcement').textContent).not.toBe(''));
    const shown = [0, 1, 2, 3, 4].map((reel) =>
      Array.from(screen.getByTestId(`reel-${reel}`).querySelectorAll('[data-symbol]')).map((c) =>
        c.getAttribute('data-symbol'),
      ),
    );
    expect(shown).toEqual(lastWindow);
    const pay = BigInt(round.payoutMinor);
    expect(screen.getByTestId('originals-announcement').textContent).toBe(
      pay > 0n
        ? `You won ₹${(Number(pay) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}.`
        : 'No win this time.',
    );
    // The round appears in the history; its seed is not revealed yet.
    const history = await screen.findByTestId('round-history');
    expect(within(history).getAllByTestId('history-row')).toHaveLength(1);
    expect(within(history).queryByTestId('verify-link')).toBeNull();
  }, 15_000);

  it('resumes a launch from the frame storage on reload instead of spending the token again', async () => {
    const studio = fakeStudio({ gameCode: 'dragon-tiger' });
    const first = renderUi(<OriginalsPlayPage />, {
      path: `/originals/play?token=${LAUNCH}&game=dragon-tiger&lang=HI`,
    });
    await screen.findByTestId('originals-screen');
    expect(studio.state.calls.filter((c) => c.path.endsWith('/sessions'))[0]?.body).toEqual({
      launchToken: LAUNCH,
    });
    first.unmount();
    resetStudioSessions();
    await resetLanguage();
    renderUi(<OriginalsPlayPage />, { path: `/originals/play?token=${LAUNCH}&game=dragon-tiger&lang=HI` });
    await screen.findByTestId('originals-screen');
    expect(studio.state.calls.filter((c) => c.path.endsWith('/sessions'))).toHaveLength(1);
    expect(studio.state.calls.some((c) => c.path.endsWith('/balance'))).toBe(true);
    // The frame speaks the launch language.
    await waitFor(() => expect(screen.getByTestId('dt-bet-dragon').textContent).toContain('ड्रैगन'));
  });

  it('rotates the seed, reveals the old one and links each of its rounds to the verify page', async () => {
    const studio = fakeStudio({ gameCode: 'dragon-tiger' });
    const { router } = renderUi(<OriginalsPlayPage />, {
      path: '/originals/play?token=launch-token-rotate-000001&game=dragon-tiger',
    });
    await screen.findByTestId('dt-bet-tiger');
    fireEvent.click(screen.getByTestId('dt-bet-tiger'));
    fireEvent.click(screen.getByTestId('deal'));
    await screen.findByTestId('dt-result');
    const oldSeed = studio.state.serverSeed;

    fireEvent.click(screen.getByRole('tab', { name: 'Provably fair' }));
    expect(screen.getByTestId('seed-nonce').textContent).toBe('1');
    fireEvent.click(screen.getByTestId('rotate-seed'));
    const revealed = await screen.findByTestId('revealed-seed');
    expect(revealed.textContent).toContain(oldSeed);
    expect(revealed.textContent).toContain('1 round was played with it');
    expect(screen.getByTestId('seed-nonce').textContent).toBe('0');
    expect(screen.getByTestId('server-seed-hash').textContent).not.toBe(
      studio.state.rounds[0]?.serverSeedHash,
    );

    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    const link = await screen.findByTestId('verify-link');
    fireEvent.click(link);
    const target = new URL(`http://x${router.state.location.pathname}${router.state.location.search}`);
    expect(target.pathname).toBe('/originals/verify');
    expect(target.searchParams.get('serverSeed')).toBe(oldSeed);
    expect(target.searchParams.get('nonce')).toBe('0');
    expect(JSON.parse(target.searchParams.get('bet') ?? '')).toEqual({
      game: 'dragon-tiger',
      bets: [{ side: 'tiger', amountMinor: '1000' }],
    });
    expect(target.searchParams.get('back')).toContain('/originals/play');
    // The stored outcome travels in the frame's storage for the verify page to compare.
    expect(JSON.parse(window.sessionStorage.getItem('originals:outcome:round-1') ?? 'null')).toEqual(
      studio.state.rounds[0]?.outcome,
    );
  });

  it('changes the client seed (which also reveals the server seed) and refuses one with a space', async () => {
    const studio = fakeStudio({ gameCode: 'monsoon-gems' });
    renderUi(<OriginalsPlayPage />, {
      path: '/originals/play?token=launch-token-client-seed-01&game=monsoon-gems',
    });
    await screen.findByTestId('originals-screen');
    fireEvent.click(screen.getByRole('tab', { name: 'Provably fair' }));
    const input = screen.getByLabelText('Client seed');
    fireEvent.change(input, { target: { value: 'my seed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this client seed' }));
    expect(
      await screen.findByText('The client seed must be 1 to 64 letters, digits or symbols, without spaces.'),
    ).toBeTruthy();
    expect(studio.state.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(input, { target: { value: 'my-own-seed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this client seed' }));
    await screen.findByTestId('revealed-seed');
    expect(studio.state.calls.find((c) => c.method === 'PUT')?.body).toEqual({ clientSeed: 'my-own-seed' });
    expect(screen.getByTestId('seed-summary').textContent).toContain('my-own-seed');
    expect(screen.getByTestId('revealed-seed').textContent).toContain('ab'.repeat(32));
  });

  it('says so when the session has expired', async () => {
    const studio = fakeStudio({ gameCode: 'lotus-fortune' });
    // A session kept from before a reload, which the studio has since expired.
    window.sessionStorage.setItem(
      `originals:${LAUNCH}`,
      JSON.stringify({ ...studio.session(), sessionToken: 'old-token' }),
    );
    renderUi(<OriginalsPlayPage />, { path: `/originals/play?token=${LAUNCH}&game=lotus-fortune` });
    const fatal = await screen.findByTestId('originals-fatal');
    expect(fatal.getAttribute('data-code')).toBe('session_expired');
    expect(fatal.textContent).toContain('Session expired');
    expect(window.sessionStorage.getItem(`originals:${LAUNCH}`)).toBeNull();
  });

  it('shows API errors translated and stops autoplay, which never starts rounds closer than 2.5 s', async () => {
    const studio = fakeStudio({ gameCode: 'monsoon-gems' });
    renderUi(<OriginalsPlayPage />, {
      path: '/originals/play?token=launch-token-autoplay-0001&game=monsoon-gems',
    });
    await screen.findByTestId('originals-screen');
    fireEvent.click(screen.getByTestId('autoplay'));
    await waitFor(() => expect(studio.plays()).toHaveLength(1));
    studio.state.fail = { code: 'round_pending', status: 409 };
    await waitFor(() => expect(studio.plays()).toHaveLength(2));
    const [first, second] = studio.plays();
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(2500);
    const alert = await screen.findByTestId('originals-error');
    expect(alert.textContent).toContain('Your last round is still being settled');
    expect((screen.getByTestId('autoplay') as HTMLInputElement).checked).toBe(false);
    // Stopped: no third round.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(studio.plays()).toHaveLength(2);
  }, 15_000);
});
