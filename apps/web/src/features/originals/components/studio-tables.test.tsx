import { playRound } from '@lotus/games/play';
import { STUDIO_SLOTS } from '@lotus/games/slots/studio-slots';
import type { SlotOutcome } from '@lotus/games/types';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi } from '../../../test/render-ui.tsx';
import { resetStudioSessions } from '../hooks/use-studio-session.ts';
import { fakeStudio, preferReducedMotion } from '../test-support/fake-studio.ts';
import { OriginalsPlayPage } from './play-page.tsx';
import { SlotHoldBoard } from './slot-hold-board.tsx';

const betOf = (call: { body: unknown } | undefined) => (call?.body as { bet?: unknown } | undefined)?.bet;

describe('issue 22: the studio sic bo, baccarat and andar bahar', () => {
  beforeAll(() => preferReducedMotion());
  beforeEach(async () => {
    resetStudioSessions();
    await resetLanguage();
  });

  it.each([
    ['sic-bo', ['spot-big', 'spot-single:4', 'spot-total:9'], 'sic-bo-total'],
    ['baccarat', ['spot-banker', 'spot-player-pair'], 'baccarat-points-banker'],
    ['andar-bahar', ['spot-andar'], 'ab-joker'],
  ])('%s: chips on spots, play, the result drawn, the table cleared', async (game, spots, drawn) => {
    const studio = fakeStudio({ gameCode: game });
    renderUi(<OriginalsPlayPage />, {
      path: `/originals/play?token=launch-token-${game}-0001&game=${game}`,
    });
    await screen.findByTestId(`${game}-table`);
    for (const spot of spots) fireEvent.click(screen.getByTestId(spot));
    fireEvent.click(screen.getByTestId('deal'));
    const result = await screen.findByTestId(`${game}-result`);
    expect(screen.getByTestId(drawn)).toBeTruthy();
    const played = studio.state.rounds.at(-1);
    expect(result.textContent).toContain(played?.payoutMinor === '0' ? 'No win' : 'You won');
    const bet = betOf(
      studio.state.calls.find((call) => call.method === 'POST' && call.path.endsWith('/rounds')),
    );
    expect((bet as { game: string }).game).toBe(game);
    expect((bet as { bets: unknown[] }).bets).toHaveLength(spots.length);
    // The table is empty again after the round; rebet puts the bets back as repeated.
    await waitFor(() => expect(screen.getByTestId(spots[0] ?? '').getAttribute('data-repeated')).toBeNull());
  });

  it('shows the hold-and-win feature: locked coins, respins left, the total', async () => {
    const title = STUDIO_SLOTS['lakshmi-coins'];
    let outcome: SlotOutcome | null = null;
    for (let nonce = 0; nonce < 5000 && !outcome?.holdAndWin; nonce += 1) {
      outcome = playRound(
        'lakshmi-coins',
        { game: 'slot', betMinor: '1000' },
        { serverSeed: 'cd'.repeat(32), clientSeed: 'hold', nonce },
      ) as SlotOutcome;
    }
    const hold = outcome?.holdAndWin;
    if (!hold) throw new Error('no feature in 5,000 rounds');
    const view = renderUi(
      <SlotHoldBoard title={title} hold={hold} step={0} betMinor="1000" currencySymbol="₹" />,
    );
    const board = screen.getByTestId('hold-board');
    expect(board.querySelectorAll('[data-held]')).toHaveLength(hold.start.length);
    expect(screen.getByTestId('hold-respins').textContent).toBe('3 respins left');
    view.unmount();
    renderUi(
      <SlotHoldBoard
        title={title}
        hold={hold}
        step={hold.respins.length}
        betMinor="1000"
        currencySymbol="₹"
      />,
    );
    const held = hold.start.length + hold.respins.reduce((n, r) => n + r.landed.length, 0);
    expect(screen.getByTestId('hold-board').querySelectorAll('[data-held]')).toHaveLength(held);
    expect(screen.getByTestId('hold-total').textContent).toContain('₹');
  });

  it("offers slot autoplay only where the brand's rules allow it", async () => {
    fakeStudio({ gameCode: 'golden-diya', autoplayAllowed: false });
    const view = renderUi(<OriginalsPlayPage />, {
      path: '/originals/play?token=launch-token-golden-0001&game=golden-diya',
    });
    await screen.findByTestId('spin');
    expect(screen.queryByTestId('autoplay')).toBeNull();
    view.unmount();
    resetStudioSessions();
    fakeStudio({ gameCode: 'golden-diya', autoplayAllowed: true });
    renderUi(<OriginalsPlayPage />, {
      path: '/originals/play?token=launch-token-golden-0002&game=golden-diya',
    });
    expect(await screen.findByTestId('autoplay')).toBeTruthy();
  });
});
