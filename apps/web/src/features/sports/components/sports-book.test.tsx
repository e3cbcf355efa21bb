import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { resetBetSlip, useBetSlip } from '../hooks/bet-slip-store.ts';
import { reloadOddsFormat } from '../hooks/use-odds-format.ts';
import {
  makeDetail,
  makeEventsPage,
  makeFootball,
  makeMarket,
  makeSelection,
} from '../test/sports-fixtures.ts';
import { CockfightPage, currentFight } from './cockfight-page.tsx';
import { fightResult } from './cockfight-results.tsx';
import { SportsBook } from './sports-book.tsx';
import { SportsEventPage } from './sports-event-page.tsx';

describe('sports lobby', () => {
  beforeEach(async () => {
    await resetLanguage();
    resetBetSlip();
    reloadOddsFormat();
  });

  it('lists sports with counts, competitions and each event with its score or start and main odds', async () => {
    const stub = stubFetch({ '/sportsbook/api/events': makeEventsPage() });
    renderUi(<SportsBook group="sports" />);
    const football = await screen.findByTestId('sports-event-202');
    expect(screen.getByTestId('sports-sport-football').textContent).toBe('Football (1 live · 1)');
    expect(screen.getByRole('heading', { name: 'Indian T20 League' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Premier Football League' })).toBeTruthy();
    expect(within(football).getByTestId('sports-score').textContent).toBe('1 – 0');
    expect(
      within(football).getByRole('link', { name: 'Delhi Dynamos v Goa Gulls' }).getAttribute('href'),
    ).toBe('/sports/event/202');
    expect(within(football).getByRole('button', { name: 'Draw at 4.20' }).textContent).toBe('X4.20');
    const cricket = screen.getByTestId('sports-event-101');
    expect(within(cricket).getByText(/^Starts /)).toBeTruthy();
    expect(within(cricket).getByText('6 markets')).toBeTruthy();

    await userEvent.click(screen.getByTestId('sports-sport-cricket'));
    await waitFor(() =>
      expect(
        stub.mock.calls.some(
          ([input]) => new URL(String(input), 'http://x').searchParams.get('sport') === 'cricket',
        ),
      ).toBe(true),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Live now' }));
    await waitFor(() =>
      expect(
        stub.mock.calls.some(
          ([input]) => new URL(String(input), 'http://x').searchParams.get('when') === 'live',
        ),
      ).toBe(true),
    );
  });

  it('names teams, competitions and sports in Hindi', async () => {
    await resetLanguage('hi');
    stubFetch({ '/sportsbook/api/events': makeEventsPage() });
    renderUi(<SportsBook group="sports" />);
    expect(await screen.findByRole('link', { name: 'दिल्ली डायनामोज़ बनाम गोवा गल्स' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'इंडियन टी20 लीग' })).toBeTruthy();
    expect(screen.getByTestId('sports-sport-football').textContent).toBe('फ़ुटबॉल (1 लाइव · 1)');
  });

  it('shows skeletons while loading, then an empty state when nothing is on', async () => {
    let answer: (value: Response) => void = () => undefined;
    stubFetch({}).mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderUi(<SportsBook group="esports" />);
    expect(await screen.findByTestId('sports-loading')).toBeTruthy();
    answer(Response.json({ success: true, message: 'ok', value: makeEventsPage([]) }));
    expect((await screen.findByTestId('sports-empty')).textContent).toContain('No events right now.');
  });

  it('puts a price on the slip and shows it in the odds format the player chose', async () => {
    stubFetch({ '/sportsbook/api/events': makeEventsPage() });
    renderUi(<SportsBook group="sports" />);
    const home = await screen.findByTestId('sports-odds-9101');
    await userEvent.click(home);
    expect(home.getAttribute('aria-pressed')).toBe('true');
    expect(
      useBetSlip.getState().picks.map((pick) => [pick.selectionId, pick.oddsMilli, pick.inPlay]),
    ).toEqual([['9101', 1500, true]]);
    expect(screen.getByTestId('sports-slip').dataset.picks).toBe('1');
    await userEvent.selectOptions(screen.getByTestId('sports-odds-format'), 'indian');
    expect(home.textContent).toBe('150');
    expect(window.localStorage.getItem('sportsOddsFormat')).toBe('indian');
    await userEvent.selectOptions(screen.getByTestId('sports-odds-format'), 'fractional');
    // The column's "1" above the price 1/2.
    expect(home.textContent).toBe('11/2');
  });
});

describe('sports lobby results', () => {
  beforeEach(async () => {
    await resetLanguage();
    resetBetSlip();
    reloadOddsFormat();
  });

  it('lists the latest results with the final score and each outcome, newest first', async () => {
    const finished = makeFootball({
      status: 'resulted',
      score: { home: '2', away: '1', clock: "90'", period: 'FT' },
      mainMarket: makeMarket({
        id: '601',
        type: 'match_result',
        status: 'resulted',
        selections: [
          makeSelection({ id: '9101', key: 'home', outcome: 'win' }),
          makeSelection({ id: '9102', key: 'draw', outcome: 'lose' }),
          makeSelection({ id: '9103', key: 'away', outcome: 'lose' }),
        ],
      }),
    });
    const stub = stubFetch({
      '/sportsbook/api/events': makeEventsPage(),
      '/sportsbook/api/results': (url: URL) =>
        url.searchParams.get('sport') ? { list: [] } : { list: [finished] },
    });
    renderUi(<SportsBook group="sports" />);
    await screen.findByTestId('sports-event-101');
    await userEvent.click(screen.getByRole('radio', { name: 'Results' }));
    const row = await screen.findByTestId('sports-event-202');
    expect(row.dataset.status).toBe('resulted');
    expect(screen.queryByTestId('sports-event-101')).toBeNull();
    expect(within(row).getByLabelText('Final score 2 to 1').textContent).toBe('2 – 1');
    expect(within(row).getByText('Resulted')).toBeTruthy();
    expect(within(row).getByTestId('sports-result-9101').textContent).toBe('1✓ Won');
    expect(within(row).getByTestId('sports-result-9103').dataset.outcome).toBe('lose');
    expect(within(row).queryAllByRole('button')).toEqual([]);
    const read = stub.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .find((url) => url.pathname === '/sportsbook/api/results');
    expect(Object.fromEntries(read?.searchParams ?? [])).toEqual({ group: 'sports', limit: '20' });

    await userEvent.click(screen.getByTestId('sports-sport-cricket'));
    expect((await screen.findByTestId('sports-empty')).textContent).toBe('No results yet.');
  });
});

describe('sports event page', () => {
  beforeEach(async () => {
    await resetLanguage();
    resetBetSlip();
    reloadOddsFormat();
  });

  it('groups every market by type, shows suspended ones closed, the score and the timeline', async () => {
    stubFetch({ '/sportsbook/api/events/202': makeDetail() });
    renderUi(<SportsEventPage group="sports" eventId="202" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Delhi Dynamos v Goa Gulls' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Total goals' })).toBeTruthy();
    expect(screen.getByText('Total goals · 2.5')).toBeTruthy();
    const nextGoal = screen.getByTestId('sports-market-603');
    expect(nextGoal.dataset.status).toBe('suspended');
    expect(within(nextGoal).getByText('Next goal · Goal 2')).toBeTruthy();
    for (const button of within(nextGoal).getAllByRole('button'))
      expect(button).toHaveProperty('disabled', true);
    expect(within(screen.getByTestId('sports-scoreboard')).getByText("1H · 38'")).toBeTruthy();
    expect(screen.getByTestId('sports-timeline').textContent).toBe("21' Goal · Delhi Dynamos0' Kick-off");
  });

  it('flashes a price that moved and the slip shows old → new', async () => {
    let odds = 2100;
    stubFetch({
      '/sportsbook/api/events/202': () => {
        const detail = makeDetail();
        const market = detail.markets[1];
        if (market?.selections[0]) market.selections[0].oddsMilli = odds;
        return detail;
      },
    });
    const { queryClient } = renderUi(<SportsEventPage group="sports" eventId="202" />);
    const over = await screen.findByTestId('sports-odds-9201');
    await userEvent.click(over);
    odds = 2300;
    await queryClient.invalidateQueries({ queryKey: ['sports', 'event', '202'] });
    await waitFor(() => expect(over.dataset.move).toBe('up'));
    expect(over.textContent).toContain('2.30');
    const pick = screen.getByTestId('sports-pick-9201');
    expect(within(pick).getByTestId('sports-pick-odds').textContent).toBe('2.10 → now 2.30');
  });

  it('shows a pre-match countdown', async () => {
    stubFetch({
      '/sportsbook/api/events/101': makeDetail({
        id: '101',
        status: 'scheduled',
        score: null,
        startsAt: new Date(Date.now() + 65 * 60_000).toISOString(),
      }),
    });
    renderUi(<SportsEventPage group="sports" eventId="101" />);
    expect((await screen.findByTestId('sports-countdown')).textContent).toMatch(/^Starts in 1:0[45]:\d\d$/);
  });
});

describe('cockfight arena', () => {
  beforeEach(async () => {
    await resetLanguage();
    resetBetSlip();
  });

  const fight = (id: string, status: 'scheduled' | 'live' | 'resulted' | 'cancelled', winner?: string) => {
    const [base] = makeEventsPage().list;
    if (!base) throw new Error('fixture');
    return {
      ...base,
      id,
      sport: 'cockfight' as const,
      status,
      startsAt: new Date(Date.now() + 80_000).toISOString(),
      mainMarket: {
        id: `m${id}`,
        type: 'fight_winner' as const,
        param: '',
        lineMilli: 0,
        status: status === 'scheduled' ? ('open' as const) : ('resulted' as const),
        inPlay: false,
        version: 1,
        minOddsMilli: 1010,
        maxStakeMinor: '1000000',
        selections: ['meron', 'wala', 'draw'].map((key, n) => ({
          id: `${id}${n}`,
          key,
          name: { EN: key, HI: key },
          oddsMilli: key === 'draw' ? 9000 : 1900,
          active: status === 'scheduled',
          outcome: winner === undefined ? null : key === winner ? ('win' as const) : ('lose' as const),
          deadHeatMilli: null,
        })),
      },
    };
  };

  it('picks the fight taking bets and reads results', () => {
    const list = [fight('1', 'resulted', 'wala'), fight('2', 'scheduled'), fight('3', 'cancelled')];
    expect(currentFight(list)?.id).toBe('2');
    expect(list.map(fightResult)).toEqual(['wala', null, 'cancelled']);
  });

  it('shows the current fight with its countdown, meron / wala / draw odds and the last results', async () => {
    const results = [fight('7', 'resulted', 'wala'), fight('6', 'cancelled'), fight('5', 'resulted', 'draw')];
    const stub = stubFetch({
      '/sportsbook/api/events': () => makeEventsPage([fight('8', 'scheduled'), fight('9', 'scheduled')]),
      '/sportsbook/api/results': { list: results },
    });
    renderUi(<CockfightPage />);
    const current = await screen.findByTestId('cockfight-current');
    expect(current.dataset.eventId).toBe('8');
    expect(within(current).getByTestId('cockfight-countdown').textContent).toMatch(
      /^Betting closes in 1:[12]\d$/,
    );
    expect(
      within(current)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Meron1.90', 'Wala1.90', 'Draw9.00']);
    const list = await screen.findByTestId('cockfight-results');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.dataset.testid),
    ).toEqual(['cockfight-result-7', 'cockfight-result-6', 'cockfight-result-5']);
    expect(screen.getByTestId('cockfight-result-7').dataset.result).toBe('wala');
    // The winner in words, and for a screen reader which fight it was.
    expect(screen.getByTestId('cockfight-result-7').textContent).toBe(
      'Mumbai Mavericks v Chennai Chargers: Wala',
    );
    expect(screen.getByTestId('cockfight-result-6').textContent).toContain('Cancelled');
    expect(screen.getByTestId('cockfight-result-5').textContent).toContain('Draw');
    const read = stub.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .find((url) => url.pathname === '/sportsbook/api/results');
    expect(Object.fromEntries(read?.searchParams ?? [])).toEqual({ group: 'cockfight', limit: '10' });
  });

  it('shows the results loading, then none yet; a failed read offers a retry', async () => {
    let answer: (value: Response) => void = () => undefined;
    const stub = stubFetch({ '/sportsbook/api/events': () => makeEventsPage([fight('8', 'scheduled')]) });
    const events = stub.getMockImplementation();
    stub.mockImplementation((input) =>
      String(input).includes('/sportsbook/api/results')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : (events?.(input) ?? Promise.reject(new Error('no stub'))),
    );
    const first = renderUi(<CockfightPage />);
    expect(await screen.findByTestId('cockfight-results-loading')).toBeTruthy();
    answer(Response.json({ success: true, message: 'ok', value: { list: [] } }));
    expect((await screen.findByTestId('cockfight-results-empty')).textContent).toBe('No results yet.');
    first.unmount();

    let fail = true;
    stubFetch({
      '/sportsbook/api/events': () => makeEventsPage([fight('8', 'scheduled')]),
      '/sportsbook/api/results': () =>
        fail
          ? Response.json({ success: false, message: 'service_unavailable', value: null }, { status: 503 })
          : { list: [fight('7', 'resulted', 'meron')] },
    });
    renderUi(<CockfightPage />);
    const failed = await screen.findByTestId('cockfight-results-error', {}, { timeout: 5_000 });
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('cockfight-result-7')).dataset.result).toBe('meron');
  });
});
