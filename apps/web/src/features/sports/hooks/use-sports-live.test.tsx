import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { CockfightPage } from '../components/cockfight-page.tsx';
import { SportsBook } from '../components/sports-book.tsx';
import {
  makeEvent,
  makeEventsPage,
  makeFootball,
  makeMarket,
  makeSelection,
} from '../test/sports-fixtures.ts';
import { resetBetSlip } from './bet-slip-store.ts';

class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('live sports pushes', () => {
  beforeEach(async () => {
    await resetLanguage();
    resetBetSlip();
    FakeSocket.last = null;
  });

  it('subscribes the lobby without login and writes a pushed summary into its row at once', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const stub = stubFetch({ '/sportsbook/api/events': makeEventsPage() });
    const { unmount } = renderUi(<SportsBook group="sports" />);
    expect((await screen.findByTestId('sports-odds-9101')).textContent).toBe('11.50');
    const socket = FakeSocket.last as FakeSocket | null;
    if (!socket) throw new Error('no socket');
    expect(socket.url).toMatch(/\/wps\/ws$/);
    act(() => socket.open());
    await waitFor(() =>
      expect(socket.sent.at(-1)).toEqual({
        type: 'sports.subscribe',
        eventIds: ['101', '202'],
        group: 'sports',
      }),
    );
    const listReads = stub.mock.calls.length;
    const moved = makeFootball({
      score: { home: '2', away: '0', clock: "52'", period: '2H' },
      mainMarket: makeMarket({
        id: '601',
        type: 'match_result',
        inPlay: true,
        selections: [
          makeSelection({ id: '9101', key: 'home', oddsMilli: 1250 }),
          makeSelection({ id: '9102', key: 'draw', oddsMilli: 5500 }),
          makeSelection({ id: '9103', key: 'away', oddsMilli: 9000 }),
        ],
      }),
    });
    act(() => socket.push({ type: 'sports.event', event: moved }));
    await waitFor(() => expect(screen.getByTestId('sports-odds-9101').textContent).toContain('1.25'));
    expect(screen.getByTestId('sports-odds-9101').dataset.move).toBe('down');
    expect(screen.getAllByTestId('sports-score')[0]?.textContent).toBe('2 – 0');
    // The summary was enough: the list was not read again for it.
    expect(stub.mock.calls.length).toBe(listReads);
    unmount();
    expect(socket.readyState).toBe(3);
  });

  it("adds a fight to the arena's results when a push says it resulted", async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const fight = (status: 'scheduled' | 'resulted', winner: string | null) =>
      makeEvent({
        id: '31',
        sport: 'cockfight',
        status,
        mainMarket: makeMarket({
          id: '731',
          type: 'fight_winner',
          status: status === 'scheduled' ? 'open' : 'resulted',
          selections: ['meron', 'wala', 'draw'].map((key, n) =>
            makeSelection({
              id: `73${n}`,
              key,
              outcome: winner === null ? null : key === winner ? 'win' : 'lose',
            }),
          ),
        }),
      });
    let results: ReturnType<typeof fight>[] = [];
    stubFetch({
      '/sportsbook/api/events': () => makeEventsPage([fight('scheduled', null)]),
      '/sportsbook/api/events/31': () => ({
        ...fight('resulted', 'meron'),
        markets: [],
        timeline: [],
        betDelayMs: 0,
      }),
      '/sportsbook/api/results': () => ({ list: results }),
    });
    renderUi(<CockfightPage />);
    expect(await screen.findByTestId('cockfight-results-empty')).toBeTruthy();
    const socket = FakeSocket.last as FakeSocket | null;
    if (!socket) throw new Error('no socket');
    act(() => socket.open());
    results = [fight('resulted', 'meron')];
    act(() => socket.push({ type: 'sports.event', event: fight('resulted', 'meron') }));
    // The lists refetch at most every 2 s: the result is there within that.
    await waitFor(() => expect(screen.getByTestId('cockfight-result-31').dataset.result).toBe('meron'), {
      timeout: 4_000,
    });
  });
});
