import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { resetBetSlip, useBetSlip } from '../hooks/bet-slip-store.ts';
import { reloadOddsFormat } from '../hooks/use-odds-format.ts';
import { forgetSportsSessions } from '../hooks/use-sports-session.ts';
import { makeBet, makePick, requestsTo, SESSION_ROUTES } from '../test/sports-fixtures.ts';
import { BetSlip } from './bet-slip.tsx';

const A = makePick({ selectionId: '9001', eventId: '101', oddsMilli: 1910 });
const B = makePick({
  selectionId: '9103',
  eventId: '202',
  sport: 'football',
  marketType: 'match_result',
  selectionKey: 'away',
  selectionName: { EN: 'Goa Gulls', HI: 'गोवा गल्स' },
  oddsMilli: 6000,
  inPlay: true,
});

const bodiesOf = (stub: ReturnType<typeof stubFetch>, path: string) =>
  stub.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map((call) => JSON.parse(String(((call as unknown[])[1] as RequestInit).body)));

const refuse = (message: string, value: unknown = null, status = 409) =>
  Response.json({ success: false, message, value }, { status });

describe('bet slip', () => {
  beforeEach(async () => {
    await resetLanguage();
    resetBetSlip();
    reloadOddsFormat();
    forgetSportsSessions();
  });
  afterEach(() => useSessionStore.setState({ token: null }));

  it('takes a stake per single and sums the stakes and returns', async () => {
    stubFetch(SESSION_ROUTES);
    useBetSlip.setState({ picks: [A, B] });
    renderUi(<BetSlip />);
    const [first, second] = screen.getAllByTestId('sports-pick-stake');
    await userEvent.type(first as HTMLElement, '10');
    await userEvent.type(second as HTMLElement, '2.50');
    expect(screen.getByTestId('sports-slip-total').textContent).toBe('P12.50');
    // 10 × 1.91 + 2.50 × 6.00
    expect(screen.getByTestId('sports-slip-return').textContent).toBe('P34.10');
    await userEvent.clear(second as HTMLElement);
    await userEvent.type(second as HTMLElement, 'x');
    expect(screen.getByTestId('sports-place')).toHaveProperty('disabled', true);
  });

  it('combines different events into an accumulator, not two picks of one event', async () => {
    stubFetch({});
    useBetSlip.setState({ picks: [A, B], tab: 'multi' });
    renderUi(<BetSlip />);
    expect(screen.getByTestId('sports-multi-odds').textContent).toBe('11.46');
    await userEvent.type(screen.getByTestId('sports-multi-stake'), '10');
    expect(screen.getByTestId('sports-slip-return').textContent).toBe('P114.60');
    expect(screen.getByTestId('sports-place')).toHaveProperty('disabled', false);
    useBetSlip.getState().toggle(makePick({ selectionId: '9002', eventId: '101' }));
    expect((await screen.findByTestId('sports-multi-problem')).textContent).toBe(
      'An accumulator needs selections from different events.',
    );
    expect(screen.getByTestId('sports-place')).toHaveProperty('disabled', true);
  });

  it('asks a visitor to log in instead of placing', async () => {
    stubFetch({});
    useBetSlip.setState({ picks: [A], stakes: { '9001': '10' } });
    renderUi(<BetSlip />);
    await userEvent.click(screen.getByTestId('sports-place'));
    expect(useAuthModal.getState().modal).toEqual({ kind: 'login' });
    expect(screen.queryByRole('dialog')).toBeNull();
    useAuthModal.setState({ modal: null });
  });

  it('confirms before money moves, retries with the same request id, and re-confirms moved odds old → new', async () => {
    useSessionStore.setState({ token: 'token-1' });
    const answers: Response[] = [
      refuse('network_error_in_test', null, 502),
      refuse('sportsbook_odds_changed', {
        legs: [
          { selectionId: '9001', oddsMilli: 1850, active: true },
          { selectionId: '9103', oddsMilli: 6000, active: true },
        ],
      }),
    ];
    const stub = stubFetch({
      ...SESSION_ROUTES,
      '/sportsbook/api/bets': () =>
        answers.shift() ?? {
          bet: makeBet({ betId: 'SB-91', kind: 'multi', oddsMilli: 11100 }),
          balanceMinor: '99000',
        },
    });
    useBetSlip.setState({ picks: [A, B], tab: 'multi', multiStake: '10' });
    renderUi(<BetSlip />);
    await userEvent.click(screen.getByTestId('sports-place'));
    const dialog = await screen.findByTestId('sports-confirm');
    expect(within(dialog).getByTestId('sports-confirm-amount').textContent).toBe('₹10.00');
    // Goa Gulls is in play: the dialog says why the answer takes a few seconds.
    expect(within(dialog).getByTestId('sports-confirm-summary').textContent).toContain('In-play bets');
    expect(bodiesOf(stub, '/sportsbook/api/bets')).toHaveLength(0);

    // A lost answer: the retry sends the same request id.
    await userEvent.click(within(dialog).getByTestId('sports-confirm-confirm'));
    await within(dialog).findByTestId('sports-confirm-error');
    await userEvent.click(within(dialog).getByTestId('sports-confirm-confirm'));
    const error = await within(dialog).findByText(
      'The odds have changed. Check the new odds and confirm again.',
    );
    expect(error).toBeTruthy();
    expect(dialog.textContent).toContain('Mumbai Mavericks: 1.91 → 1.85');
    expect(within(screen.getByTestId('sports-pick-9001')).getByTestId('sports-pick-odds').textContent).toBe(
      '1.91 → now 1.85',
    );
    const accept = within(dialog).getByTestId('sports-confirm-confirm');
    expect(accept.textContent).toBe('Accept new odds and place');
    await userEvent.click(accept);
    expect((await screen.findByTestId('sports-placed')).textContent).toContain('SB-91');
    await waitFor(() => expect(screen.getByTestId('sports-slip').dataset.picks).toBe('0'));

    const [lost, retried, accepted] = bodiesOf(stub, '/sportsbook/api/bets');
    expect(lost).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{8,60}-0$/),
      kind: 'multi',
      stakeMinor: '1000',
      acceptRule: 'higher',
      legs: [
        { selectionId: '9001', oddsMilli: 1910 },
        { selectionId: '9103', oddsMilli: 6000 },
      ],
    });
    expect(retried.requestId).toBe(lost.requestId);
    // Accepting the new odds is a new intent: a new request id, the new price.
    expect(accepted.requestId).not.toBe(lost.requestId);
    expect(accepted.legs).toEqual([
      { selectionId: '9001', oddsMilli: 1850 },
      { selectionId: '9103', oddsMilli: 6000 },
    ]);
    const [firstBet] = requestsTo(stub, '/sportsbook/api/bets');
    expect(firstBet?.headers).toMatchObject({ 'x-sportsbook-session': 'sports-session-1' });
  });

  it('places singles one by one with the chosen acceptance rule and says a refusal in words', async () => {
    useSessionStore.setState({ token: 'token-1' });
    let n = 0;
    const stub = stubFetch({
      ...SESSION_ROUTES,
      '/sportsbook/api/bets': () => {
        n += 1;
        return n === 2
          ? refuse('sportsbook_liability_reached')
          : { bet: makeBet({ betId: `SB-${n}` }), balanceMinor: '90000' };
      },
    });
    useBetSlip.setState({ picks: [A, B], stakes: { '9001': '10', '9103': '5' } });
    renderUi(<BetSlip />);
    await userEvent.click(screen.getByTestId('sports-accept-rule'));
    await userEvent.click(await screen.findByRole('option', { name: 'Accept any odds' }));
    expect(useBetSlip.getState().acceptRule).toBe('any');
    await userEvent.click(screen.getByTestId('sports-place'));
    const dialog = await screen.findByTestId('sports-confirm');
    await userEvent.click(within(dialog).getByTestId('sports-confirm-confirm'));
    expect((await within(dialog).findByTestId('sports-confirm-error')).textContent).toBe(
      'This bet cannot be accepted at this stake. Try a smaller stake.',
    );
    // The first single was placed and left the slip; the refused one stays.
    expect(useBetSlip.getState().picks.map((pick) => pick.selectionId)).toEqual(['9103']);
    await userEvent.click(within(dialog).getByTestId('sports-confirm-confirm'));
    await screen.findByTestId('sports-placed');
    const bodies = bodiesOf(stub, '/sportsbook/api/bets');
    expect(
      bodies.map((body) => [body.requestId.slice(-2), body.kind, body.stakeMinor, body.acceptRule]),
    ).toEqual([
      ['-0', 'single', '1000', 'any'],
      ['-1', 'single', '500', 'any'],
      ['-1', 'single', '500', 'any'],
    ]);
    expect(bodies[1].requestId).toBe(bodies[2].requestId);
  });

  it('is a bar with the picks and total on a phone, opening into the slip', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: true })) as typeof window.matchMedia;
    try {
      stubFetch({});
      renderUi(<BetSlip />);
      const bar = await screen.findByRole('button', { name: 'Open the bet slip' });
      expect(bar.textContent).toBe('0 selectionsP0.00');
      useBetSlip.getState().toggle(A);
      // A new pick opens the sheet.
      expect(await screen.findByTestId('sports-pick-stake')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Hide the bet slip' }));
      expect(screen.getByRole('button', { name: 'Open the bet slip' }).textContent).toBe('1 selectionP0.00');
    } finally {
      window.matchMedia = wide;
    }
  });
});
