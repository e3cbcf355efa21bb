import type { LotterySlip } from '@lotus/shared/lottery.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { forgetLotterySessions, keepLotterySession } from '../hooks/use-lottery-session.ts';
import { makeDetail, makeDraw } from '../test/lottery-fixtures.ts';
import { LotteryBetPanel } from './lottery-bet-panel.tsx';

const GAME = makeDetail();
const SLIP: LotterySlip = {
  slipId: 'LTO-41',
  drawId: GAME.nextDraw?.drawId ?? '',
  gameCode: 'vn-fast-1',
  gameName: 'VN Fast 1',
  drawNo: GAME.nextDraw?.drawNo ?? '',
  drawsAt: GAME.nextDraw?.drawsAt ?? '',
  status: 'placed',
  totalStakeMinor: '6000',
  payoutMinor: null,
  maxPayoutMinor: '0',
  createdAt: '2026-11-27T01:40:00.000Z',
  lines: [],
};
const SESSION_ROUTES = {
  '/wps/relay/GCSGAME_gameList': {
    list: [{ nodeId: '77', gameCode: 'vn-fast-1' }],
    pageNum: 1,
    totalPages: 1,
  },
  '/wps/game/launchGame': {
    content: '/lotto/play?token=launch-token-0123456789',
    nodeId: '77',
    trial: false,
    mode: 'page',
  },
  '/lotto/api/session': {
    sessionToken: 'lottery-session-1',
    currency: 'INR',
    currencySymbol: '₹',
    balanceMinor: '100000',
    language: 'EN',
    nickname: 'p1',
  },
};

const bodiesOf = (stub: ReturnType<typeof stubFetch>, path: string) =>
  stub.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map((call) => (call as unknown[])[1] as RequestInit);

describe('lottery bet slip', () => {
  beforeEach(async () => {
    await resetLanguage();
    forgetLotterySessions();
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('adds picks as lines, totals them, validates the stake and un-picks on a second tap', async () => {
    stubFetch({});
    renderUi(<LotteryBetPanel game={GAME} />);
    const slip = screen.getByTestId('lottery-slip');
    await userEvent.click(screen.getByTestId('lottery-pick-07'));
    await userEvent.click(screen.getByTestId('lottery-pick-42'));
    expect(screen.getByTestId('lottery-pick-07').getAttribute('aria-pressed')).toBe('true');
    expect(slip.dataset.lines).toBe('2');
    const stake = screen.getByTestId('lottery-stake-input');
    await userEvent.clear(stake);
    await userEvent.type(stake, '30');
    expect(screen.getByTestId('lottery-slip-total').textContent).toBe('₹60.00');
    // lô pays at most 2,659.5 per unit (27 prizes): 30 × 2,659.5 per line.
    expect(screen.getByTestId('lottery-slip-return').textContent).toBe('₹159,570.00');
    await userEvent.clear(stake);
    await userEvent.type(stake, '0.5');
    expect(within(slip).getByText(/minimum/i)).toBeTruthy();
    expect(screen.getByTestId('lottery-place')).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByTestId('lottery-pick-07'));
    expect(slip.dataset.lines).toBe('1');
  });

  it('combines xiên picks into one canonical line', async () => {
    stubFetch({});
    renderUi(<LotteryBetPanel game={GAME} />);
    await userEvent.click(screen.getByTestId('lottery-bet-type-xien2'));
    await userEvent.click(screen.getByTestId('lottery-pick-34'));
    await userEvent.click(screen.getByTestId('lottery-pick-12'));
    expect(screen.getByTestId('lottery-line-xien2-12-34')).toBeTruthy();
    expect(screen.getByTestId('lottery-pick-34').getAttribute('aria-pressed')).toBe('false');
  });

  it('takes 3 càng as exactly three typed digits, and 5D picks per position', async () => {
    stubFetch({});
    const { unmount } = renderUi(<LotteryBetPanel game={GAME} />);
    await userEvent.click(screen.getByTestId('lottery-bet-type-cang3'));
    await userEvent.type(screen.getByTestId('lottery-entry-input'), '07{Enter}');
    expect(screen.getByText('Enter exactly 3 digits')).toBeTruthy();
    await userEvent.type(screen.getByTestId('lottery-entry-input'), '7');
    await userEvent.click(screen.getByTestId('lottery-entry-add'));
    expect(screen.getByTestId('lottery-line-cang3-077')).toBeTruthy();
    unmount();

    const fiveD = makeDetail({
      gameCode: 'lott-5d',
      family: 'lott5d',
      odds: [{ betType: 'bigsmall', odds1e4: '19500', maxUnits: '19500', declaredReturn: 0.975 }],
    });
    renderUi(<LotteryBetPanel game={fiveD} />);
    await userEvent.click(screen.getByTestId('lottery-position-p3'));
    await userEvent.click(screen.getByTestId('lottery-pick-p3:big'));
    expect(screen.getByTestId('lottery-line-bigsmall-p3:big').textContent).toBe('Big / small Position 3 Big');
    await userEvent.click(screen.getByTestId('lottery-clear'));
    await userEvent.click(screen.getByTestId('lottery-quick-pick'));
    const [line] = within(screen.getByTestId('lottery-slip')).getAllByTestId(/^lottery-line-/);
    expect(line?.dataset.testid).toMatch(/^lottery-line-bigsmall-p[1-5]:(big|small)$/);
  });

  it('refuses to place on a draw whose window has closed', async () => {
    stubFetch({});
    const closed = makeDetail({ nextDraw: makeDraw({ closesAt: new Date(Date.now() - 1).toISOString() }) });
    renderUi(<LotteryBetPanel game={closed} />);
    await userEvent.click(screen.getByTestId('lottery-pick-07'));
    expect(screen.getByTestId('lottery-place')).toHaveProperty('disabled', true);
    expect(screen.getByText('No draw is open for bets')).toBeTruthy();
  });

  it('is a bar with the line count and total on a phone, opening into the slip', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: true })) as typeof window.matchMedia;
    try {
      stubFetch({});
      renderUi(<LotteryBetPanel game={GAME} />);
      await userEvent.click(screen.getByTestId('lottery-pick-07'));
      const open = await screen.findByRole('button', { name: 'Open the bet slip' });
      expect(open.textContent).toBe('1 line₹10.00');
      expect(screen.queryByTestId('lottery-stake-input')).toBeNull();
      await userEvent.click(open);
      expect(screen.getByTestId('lottery-stake-input')).toBeTruthy();
    } finally {
      window.matchMedia = wide;
    }
  });

  it('asks a visitor to log in instead of placing', async () => {
    stubFetch({});
    renderUi(<LotteryBetPanel game={GAME} />);
    await userEvent.click(screen.getByTestId('lottery-pick-07'));
    await userEvent.click(screen.getByTestId('lottery-place'));
    expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms, opens the lottery session and posts the slip with one request id, retried after a refusal', async () => {
    useSessionStore.setState({ token: 'token-1' });
    let refuse = true;
    const stub = stubFetch({
      ...SESSION_ROUTES,
      '/lotto/api/slips': () => {
        if (!refuse) return { slip: SLIP, balanceMinor: '94000' };
        refuse = false;
        return Response.json(
          { success: false, message: 'lottery_liability_reached', value: { lineNo: 2, leftMinor: '0' } },
          { status: 409 },
        );
      },
    });
    renderUi(<LotteryBetPanel game={GAME} />);
    await userEvent.click(screen.getByTestId('lottery-pick-07'));
    await userEvent.click(screen.getByTestId('lottery-pick-42'));
    await userEvent.clear(screen.getByTestId('lottery-stake-input'));
    await userEvent.type(screen.getByTestId('lottery-stake-input'), '30');
    await userEvent.click(screen.getByTestId('lottery-place'));
    const dialog = await screen.findByTestId('lottery-confirm');
    expect(within(dialog).getByTestId('lottery-confirm-amount').textContent).toBe('₹60.00');
    expect(bodiesOf(stub, '/lotto/api/slips')).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('lottery-confirm-confirm'));
    const error = await within(dialog).findByTestId('lottery-confirm-error');
    expect(error.textContent).toContain('reached its limit');
    expect(error.textContent).toContain('Lô 42');
    await userEvent.click(within(dialog).getByTestId('lottery-confirm-confirm'));
    expect((await screen.findByTestId('lottery-placed')).textContent).toContain('LTO-41');
    await waitFor(() => expect(screen.getByTestId('lottery-slip').dataset.lines).toBe('0'));
    expect(screen.getByTestId('lottery-balance').textContent).toBe('Lottery balance ₹940.00');

    const posts = bodiesOf(stub, '/lotto/api/slips');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map((init) => JSON.parse(String(init.body)));
    expect(first).toEqual({
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      drawId: GAME.nextDraw?.drawId,
      lines: [
        { betType: 'lo2', selection: '07', stakeMinor: '3000' },
        { betType: 'lo2', selection: '42', stakeMinor: '3000' },
      ],
    });
    expect(second.requestId).toBe(first.requestId);
    const headers = (posts[0] as RequestInit).headers as Record<string, string>;
    expect(headers['x-lottery-session']).toBe('lottery-session-1');
    expect(JSON.parse(String(bodiesOf(stub, '/lotto/api/session')[0]?.body))).toEqual({
      launchToken: 'launch-token-0123456789',
    });
    expect(
      new URL(
        String(stub.mock.calls.find(([i]) => String(i).includes('launchGame'))?.[0]),
        'http://x',
      ).searchParams.get('nodeId'),
    ).toBe('77');
  });

  it('reopens the lottery session once when the engine says it expired', async () => {
    useSessionStore.setState({ token: 'token-1' });
    keepLotterySession('vn-fast-1', { ...SESSION_ROUTES['/lotto/api/session'], sessionToken: 'old-session' });
    const stub = stubFetch({});
    stub.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      if (path === '/lotto/api/slips' && headers['x-lottery-session'] === 'old-session') {
        return Response.json({ success: false, message: 'session_expired', value: null }, { status: 401 });
      }
      const value =
        path === '/lotto/api/slips'
          ? { slip: SLIP, balanceMinor: '1' }
          : SESSION_ROUTES[path as keyof typeof SESSION_ROUTES];
      if (value === undefined) {
        return Response.json({ success: false, message: 'not_found', value: null }, { status: 404 });
      }
      return Response.json({ success: true, message: 'ok', value });
    });
    renderUi(<LotteryBetPanel game={GAME} />);
    await userEvent.click(screen.getByTestId('lottery-pick-07'));
    await userEvent.click(screen.getByTestId('lottery-place'));
    await userEvent.click(
      within(await screen.findByTestId('lottery-confirm')).getByTestId('lottery-confirm-confirm'),
    );
    expect((await screen.findByTestId('lottery-placed')).textContent).toContain('LTO-41');
    const sessions = bodiesOf(stub, '/lotto/api/slips').map(
      (init) => (init.headers as Record<string, string>)['x-lottery-session'],
    );
    expect(sessions).toEqual(['old-session', 'lottery-session-1']);
  });
});
