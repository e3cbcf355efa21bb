import type { Round } from '@lotus/shared/originals.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAY_PAUSED_MESSAGE } from '../../../lib/protection/protection-api.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { resetStudioSessions } from '../hooks/use-studio-session.ts';
import { fakeStudio, preferReducedMotion } from '../test-support/fake-studio.ts';
import { OriginalsPlayPage } from './play-page.tsx';

const PATH = '/originals/play?token=launch-token-0123456789abcdef&game=lotus-fortune&lang=EN';

function spin() {
  fireEvent.change(screen.getByTestId('slot-bet'), { target: { value: '2000' } });
  fireEvent.click(screen.getByTestId('spin'));
}

describe("the in-house studio and the player's protection (issue 17)", () => {
  beforeAll(() => preferReducedMotion());
  beforeEach(async () => {
    resetStudioSessions();
    sessionStorage.clear();
    await resetLanguage();
  });
  afterEach(() => vi.restoreAllMocks());

  it('says a bet over a play limit was not placed, links to the limits, and keeps the balance', async () => {
    const studio = fakeStudio({ gameCode: 'lotus-fortune', balanceMinor: '500000' });
    renderUi(<OriginalsPlayPage />, { path: PATH });
    await screen.findByTestId('originals-screen');
    studio.state.fail = { code: 'limit_reached', status: 403 };
    spin();
    const alert = await screen.findByTestId('originals-error');
    expect(alert.getAttribute('data-code')).toBe('limit_reached');
    expect(alert.textContent).toContain('Nothing was taken from your balance.');
    const link = within(alert).getByTestId('originals-limits-link');
    expect(link.getAttribute('href')).toBe('/member/securityCenter?tab=limits');
    expect(link.getAttribute('target')).toBe('_top');
    expect(screen.getByTestId('originals-balance').textContent).toBe('₹5,000.00');
  });

  it('tells the page around the frame when a bet waits for the reality check', async () => {
    const studio = fakeStudio({ gameCode: 'lotus-fortune' });
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    renderUi(<OriginalsPlayPage />, { path: PATH });
    await screen.findByTestId('originals-screen');
    studio.state.fail = { code: 'reality_check_due', status: 409 };
    spin();
    expect((await screen.findByTestId('originals-error')).textContent).toContain(
      'Time for a short check-in.',
    );
    expect(postMessage).toHaveBeenCalledWith({ type: PLAY_PAUSED_MESSAGE }, window.location.origin);
  });

  it('recalls the last ten rounds of this game, and says so', async () => {
    const studio = fakeStudio({ gameCode: 'lotus-fortune' });
    const round = (index: number, gameCode: string): Round => ({
      roundId: `round-${index}`,
      gameCode,
      trial: false,
      serverSeedHash: 'h',
      clientSeed: 'c',
      nonce: index,
      serverSeed: null,
      stakeMinor: '100',
      payoutMinor: '0',
      outcome: {},
      createdAt: '2026-11-27T10:00:00.000Z',
    });
    studio.state.rounds.push(
      ...Array.from({ length: 20 }, (_, index) =>
        round(index, index % 3 === 0 ? 'dragon-tiger' : 'lotus-fortune'),
      ),
    );
    renderUi(<OriginalsPlayPage />, { path: PATH });
    const history = await screen.findByTestId('round-history');
    await waitFor(() => expect(within(history).getAllByTestId('history-row')).toHaveLength(10));
    expect(within(history).getByTestId('history-caption').textContent).toContain(
      'Your last 10 rounds of this game',
    );
    expect(
      studio.state.calls.find((call) => call.path.endsWith('/rounds') && call.method === 'GET'),
    ).toBeTruthy();
  });
});
