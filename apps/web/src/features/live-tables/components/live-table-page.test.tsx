import type { LiveBet } from '@lotus/shared/live.schema';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { makeTable } from '../test/live-fixtures.ts';
import { LiveTablePage } from './live-table-page.tsx';

const SESSION = {
  sessionToken: 'live-session-1',
  playerRef: 'p1',
  currency: 'INR',
  language: 'EN',
  balanceMinor: '100000',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  tableCode: 'baccarat-1',
};

function placedBet(overrides: Partial<LiveBet> = {}): LiveBet {
  return {
    betId: 'LV-7',
    tableCode: 'baccarat-1',
    roundId: '41',
    roundNo: 41,
    status: 'placed',
    stakeMinor: '2000',
    payoutMinor: null,
    spots: [{ spot: 'banker', amountMinor: '2000', payMinor: null }],
    createdAt: new Date().toISOString(),
    settledAt: null,
    ...overrides,
  };
}

describe('live table', () => {
  beforeEach(async () => {
    await resetLanguage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lets a visitor watch: spots named with their pays, the phase in a live region, the roads', async () => {
    stubFetch({ '/api/live/tables/baccarat-1': makeTable() });
    renderUi(<LiveTablePage code="baccarat-1" launchToken={null} currencySymbol="₹" />);
    const banner = await screen.findByTestId('live-phase-banner');
    const phase = within(banner).getByTestId('live-phase-text');
    expect(phase.getAttribute('aria-live')).toBe('polite');
    expect(phase.textContent).toBe('Place your bets');
    expect(screen.getByRole('button', { name: 'Banker, pays 0.95:1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Player pair, pays 11:1' })).toBeTruthy();
    // A visitor cannot bet: the spots are disabled and a login prompt stands where the rack would be.
    expect((screen.getByTestId('spot-tie') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('login-required')).toBeTruthy();
    for (const road of ['bead', 'big', 'bigEye', 'small', 'cockroach']) {
      expect(screen.getByTestId(`road-${road}`)).toBeTruthy();
    }
    expect(screen.getByTestId('live-commitment').textContent).toBe('ab'.repeat(32));
  });

  it('places one confirm of chips with the session and an Idempotency-Key, then shows the stake', async () => {
    let bets: LiveBet[] = [];
    const fetchStub = stubFetch({
      '/api/live/tables/baccarat-1': makeTable(),
      '/api/live/session': SESSION,
      '/api/live/bets': () => ({ list: bets }),
      '/api/live/tables/baccarat-1/bets': () => {
        bets = [placedBet()];
        return { bet: bets[0], balanceMinor: '98000' };
      },
    });
    renderUi(<LiveTablePage code="baccarat-1" launchToken={'t'.repeat(32)} currencySymbol="₹" />);
    await screen.findByTestId('bet-rack');
    const banker = screen.getByTestId('spot-banker');
    await userEvent.click(banker);
    await userEvent.click(banker);
    expect(banker.getAttribute('aria-label')).toBe('Banker, pays 0.95:1, ₹20.00 on the table');
    await userEvent.click(screen.getByTestId('live-place'));
    const dialog = await screen.findByTestId('live-confirm');
    expect(within(dialog).getByTestId('live-confirm-amount').textContent).toBe('₹20.00');
    await userEvent.click(within(dialog).getByTestId('live-confirm-confirm'));
    expect(await screen.findByTestId('live-my-stake')).toBeTruthy();
    const calls = fetchStub.mock.calls as unknown as [RequestInfo | URL, RequestInit][];
    const post = calls.find(([url]) => String(url).endsWith('/api/live/tables/baccarat-1/bets'));
    const init = post?.[1] ?? {};
    expect(JSON.parse(String(init.body))).toEqual({ roundId: '41', bets: { banker: '2000' } });
    const headers = new Headers(init.headers);
    expect(headers.get('x-live-session')).toBe('live-session-1');
    expect(headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByTestId('live-balance').textContent).toBe('₹980.00');
    // The placed bet sits on its spot; the slip is empty again and Rebet would put it back.
    expect(screen.getByTestId('chip-banker').textContent).toBe('₹20');
    expect((screen.getByTestId('rebet') as HTMLButtonElement).disabled).toBe(false);
  });

  it('roulette: takes splits, streets and corners from the shared layout, each sent as its spot', async () => {
    const roulette = makeTable({
      kind: 'roulette',
      code: 'roulette-1',
      gameCode: 'roulette-1',
      limits: ['straight', 'split', 'street', 'corner', 'red'].map((kind) => ({
        kind,
        minMinor: '1000',
        maxMinor: '500000',
      })),
      road: [],
      lastResults: [],
    });
    const fetchStub = stubFetch({
      '/api/live/tables/roulette-1': roulette,
      '/api/live/session': { ...SESSION, tableCode: 'roulette-1' },
      '/api/live/bets': { list: [] },
      '/api/live/tables/roulette-1/bets': {
        bet: placedBet({ tableCode: 'roulette-1' }),
        balanceMinor: '96000',
      },
    });
    renderUi(<LiveTablePage code="roulette-1" launchToken={'t'.repeat(32)} currencySymbol="₹" />);
    await screen.findByTestId('bet-rack');
    const split = screen.getByTestId('roulette-split-8-11');
    await userEvent.click(split);
    await userEvent.click(split);
    expect(split.getAttribute('aria-label')).toBe('Split 8-11, ₹20.00 on the table');
    await userEvent.click(screen.getByTestId('roulette-street-0-1-2'));
    // By keyboard: the picker's Corner, then the four numbers.
    await userEvent.click(screen.getByRole('radio', { name: 'Corner' }));
    for (const n of [1, 2, 4, 5]) await userEvent.click(screen.getByTestId(`roulette-${n}`));
    await userEvent.click(screen.getByTestId('roulette-red'));
    await userEvent.click(screen.getByTestId('live-place'));
    const dialog = await screen.findByTestId('live-confirm');
    expect(within(dialog).getByText('Split 8-11')).toBeTruthy();
    expect(within(dialog).getByText('Street 0-1-2')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('live-confirm-confirm'));
    await screen.findByTestId('live-balance');
    const calls = fetchStub.mock.calls as unknown as [RequestInfo | URL, RequestInit][];
    const post = calls.find(([url]) => String(url).endsWith('/api/live/tables/roulette-1/bets'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      roundId: '41',
      bets: { 'split:8-11': '2000', 'street:0-1-2': '1000', 'corner:1-2-4-5': '1000', red: '1000' },
    });
  });

  it('shows a finished round face up, the winner lit and the player’s settled result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dealt = makeTable({
      phase: 'result',
      round: {
        ...makeTable().round,
        phase: 'result',
        outcome: {
          game: 'baccarat',
          player: [
            { rank: 2, suit: 0 },
            { rank: 3, suit: 1 },
          ],
          banker: [
            { rank: 12, suit: 2 },
            { rank: 8, suit: 3 },
          ],
          playerPoints: 5,
          bankerPoints: 8,
          winner: 'banker',
          playerPair: false,
          bankerPair: false,
          natural: true,
        },
      },
    });
    stubFetch({
      '/api/live/tables/baccarat-1': dealt,
      '/api/live/session': SESSION,
      '/api/live/bets': {
        list: [placedBet({ status: 'settled', payoutMinor: '3900', settledAt: new Date().toISOString() })],
      },
    });
    renderUi(<LiveTablePage code="baccarat-1" launchToken={'t'.repeat(32)} currencySymbol="₹" />);
    const outcome = await screen.findByTestId('live-outcome');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(outcome.dataset.done).toBe('true');
    expect(within(outcome).getByTestId('hand-banker-card-0').dataset.face).toBe('up');
    expect(screen.getByTestId('live-winner').textContent).toBe('Banker wins 8 to 5');
    expect(screen.getByTestId('live-phase-text').textContent).toBe('Result: Banker wins 8 to 5');
    const result = await screen.findByTestId('live-my-result');
    expect(result.textContent).toBe('Round 41: you won ₹19.00 (returned ₹39.00 on ₹20.00)');
    expect(screen.getByTestId('spot-banker').dataset.won).toBe('true');
    vi.useRealTimers();
  });

  it('brings a dealing round’s cards out one by one, each flipping face up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const base = makeTable();
    stubFetch({
      '/api/live/tables/baccarat-1': makeTable({
        phase: 'dealing',
        round: {
          ...base.round,
          phase: 'dealing',
          outcome: {
            game: 'dragon-tiger',
            dragon: { rank: 12, suit: 1 },
            tiger: { rank: 3, suit: 0 },
            winner: 'dragon',
          },
        },
      }),
    });
    renderUi(<LiveTablePage code="baccarat-1" launchToken={null} currencySymbol="₹" />);
    const outcome = await screen.findByTestId('live-outcome');
    expect(within(outcome).getByTestId('hand-dragon-card-0').dataset.face).toBe('down');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(750);
    });
    expect(within(outcome).getByTestId('hand-dragon-card-0').dataset.face).toBe('up');
    expect(within(outcome).getByTestId('hand-tiger-card-0').dataset.face).toBe('down');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(750);
    });
    expect(within(outcome).getByTestId('hand-tiger-card-0').dataset.face).toBe('up');
    expect(screen.getByTestId('live-winner').textContent).toBe('Dragon wins');
    vi.useRealTimers();
  });
});
