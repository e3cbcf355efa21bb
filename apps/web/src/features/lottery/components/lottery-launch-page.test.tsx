import type { LotterySlip } from '@lotus/shared/lottery.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { forgetLotterySessions, keepLotterySession } from '../hooks/use-lottery-session.ts';
import { makeDetail, makeDraw, makeGame } from '../test/lottery-fixtures.ts';
import { LotteryLaunchPage } from './lottery-launch-page.tsx';

const NORTH = makeGame({ gameCode: 'vn-north', name: 'Miền Bắc', everySeconds: null });
const FAST5 = makeGame({
  gameCode: 'vn-fast-5',
  name: 'VN Fast 5',
  nextDraw: makeDraw({ status: 'upcoming' }),
});
const FAST1 = makeGame();
const DICE = makeGame({ gameCode: 'lott-dice', name: 'Dice', family: 'dice3', variant: '' });
const detailOf = (url: URL) => {
  const code = url.pathname.split('/').pop() ?? '';
  const game = [NORTH, FAST5, FAST1, DICE].find((entry) => entry.gameCode === code);
  return game ? makeDetail({ ...game }) : undefined;
};
const routes = {
  '/lotto/api/games': { list: [NORTH, FAST5, FAST1, DICE] },
  '/lotto/api/games/vn-north': detailOf,
  '/lotto/api/games/vn-fast-5': detailOf,
  '/lotto/api/games/vn-fast-1': detailOf,
};

describe('lottery game pages', () => {
  beforeEach(async () => {
    await resetLanguage();
    forgetLotterySessions();
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('/vnLottery opens the first VN fast game open for bets, and the picker writes ?gameCode=', async () => {
    stubFetch(routes);
    const { router } = renderUi(<LotteryLaunchPage kind="vn" />, { path: '/vnLottery' });
    const page = await screen.findByTestId('lottery-game');
    expect(page.dataset.gameCode).toBe('vn-fast-1');
    // Only the VN games are offered.
    expect(screen.queryByTestId('lottery-game-lott-dice')).toBeNull();
    expect(within(page).getByTestId('lottery-countdown').dataset.phase).toBe('open');
    expect(within(page).getByTestId('lottery-bet-type-lo2').textContent).toContain('Odds 98.50');
    await userEvent.click(screen.getByTestId('lottery-game-vn-north'));
    await waitFor(() => expect(router.state.location.search).toBe('?gameCode=vn-north'));
    await waitFor(() => expect(screen.getByTestId('lottery-game').dataset.gameCode).toBe('vn-north'));
  });

  it('/lott?game= names the game with `game`', async () => {
    stubFetch({ ...routes, '/lotto/api/games/lott-dice': detailOf });
    renderUi(<LotteryLaunchPage kind="lott" framed={false} />, { path: '/lott?game=lott-dice' });
    expect((await screen.findByTestId('lottery-game')).dataset.gameCode).toBe('lott-dice');
  });

  it('lists my slips of the game with their status', async () => {
    useSessionStore.setState({ token: 'token-1' });
    keepLotterySession('vn-fast-1', {
      sessionToken: 's-1',
      currency: 'INR',
      currencySymbol: '₹',
      balanceMinor: '0',
      language: 'EN',
      nickname: 'p1',
    });
    const slip: LotterySlip = {
      slipId: 'LTO-7',
      drawId: 'vn-fast-1-20261127-0099',
      gameCode: 'vn-fast-1',
      gameName: 'VN Fast 1',
      drawNo: '20261127-0099',
      drawsAt: '2026-11-27T01:39:00.000Z',
      status: 'settled',
      totalStakeMinor: '1000',
      payoutMinor: '98500',
      maxPayoutMinor: '2659500',
      createdAt: '2026-11-27T01:38:00.000Z',
      lines: [
        {
          lineNo: 1,
          betType: 'lo2',
          selection: '45',
          stakeMinor: '1000',
          odds1e4: '985000',
          maxPayoutMinor: '2659500',
          payoutMinor: '98500',
        },
      ],
    };
    stubFetch({ ...routes, '/lotto/api/slips': { list: [slip], pageNum: 1, totalPages: 1 } });
    renderUi(<LotteryLaunchPage kind="code" />, { path: '/lottery?gameCode=vn-fast-1' });
    await userEvent.click(await screen.findByTestId('lottery-tab-my-bets'));
    const card = await within(await screen.findByTestId('lottery-my-bets')).findByTestId(
      'lottery-slip-LTO-7',
    );
    expect(card.dataset.status).toBe('settled');
    expect(within(card).getByTestId('lottery-slip-payout').textContent).toBe('Payout: ₹985.00');
  });
});
