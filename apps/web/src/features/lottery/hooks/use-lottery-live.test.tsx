import type { RealtimeLotteryMessage } from '@lotus/shared/realtime';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lotteryKeys } from '../api/keys.ts';
import { makeDraw } from '../components/results/draw-fixtures.ts';
import { applyLotteryPush, useLotteryLive } from './use-lottery-live.ts';

const previous = makeDraw({ drawId: 'lott-5d-20261127-0001' });
const next = makeDraw({
  drawId: 'lott-5d-20261127-0003',
  drawNo: '20261127-0003',
  status: 'open',
  seed: null,
  result: null,
});
const newest = makeDraw({ drawId: 'lott-5d-20261127-0002', drawNo: '20261127-0002', status: 'drawn' });
const push: RealtimeLotteryMessage = {
  type: 'lottery',
  gameCode: 'lott-5d',
  nextDraw: next,
  lastResult: newest,
};

function seeded() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The games list is cached as the array the lobby reads.
  queryClient.setQueryData(lotteryKeys.games('en'), [
    { gameCode: 'lott-5d', name: '5D', nextDraw: null, lastResult: previous },
    { gameCode: 'sea-6d', name: '6D', nextDraw: null, lastResult: null },
  ]);
  queryClient.setQueryData(lotteryKeys.games('hi'), {
    list: [{ gameCode: 'lott-5d', name: '5D', nextDraw: null, lastResult: previous }],
  });
  queryClient.setQueryData(lotteryKeys.game('lott-5d', 'en'), {
    gameCode: 'lott-5d',
    nextDraw: null,
    lastResult: previous,
  });
  queryClient.setQueryData(lotteryKeys.history('lott-5d', 1), {
    list: [previous],
    pageNum: 1,
    totalPages: 1,
  });
  queryClient.setQueryData(lotteryKeys.history('sea-6d', 1), { list: [], pageNum: 1, totalPages: 1 });
  return queryClient;
}

describe('applyLotteryPush', () => {
  it('writes the game summary into the list and the game, and refreshes the history on a new result', () => {
    const queryClient = seeded();
    applyLotteryPush(queryClient, push);
    const games = queryClient.getQueryData<{ gameCode: string }[]>(lotteryKeys.games('en'));
    expect(games?.[0]).toMatchObject({ name: '5D', nextDraw: next, lastResult: newest });
    expect(games?.[1]).toMatchObject({ nextDraw: null, lastResult: null });
    expect(queryClient.getQueryData<{ list: unknown[] }>(lotteryKeys.games('hi'))?.list[0]).toMatchObject({
      lastResult: newest,
    });
    expect(queryClient.getQueryData(lotteryKeys.game('lott-5d', 'en'))).toMatchObject({ lastResult: newest });
    expect(queryClient.getQueryData(lotteryKeys.draw(newest.drawId))).toEqual(newest);
    expect(queryClient.getQueryState(lotteryKeys.history('lott-5d', 1))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(lotteryKeys.history('sea-6d', 1))?.isInvalidated).toBe(false);
  });

  it('leaves the history alone when only the next draw moved', () => {
    const queryClient = seeded();
    applyLotteryPush(queryClient, { ...push, lastResult: previous });
    expect(queryClient.getQueryState(lotteryKeys.history('lott-5d', 1))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData(lotteryKeys.game('lott-5d', 'en'))).toMatchObject({ nextDraw: next });
  });
});

/** A stand-in for the browser's WebSocket that records what was sent and lets the test answer. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
    this.onmessage?.({ data: JSON.stringify({ type: 'ready' }) });
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('useLotteryLive', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeSocket.instances = [];
  });

  it('follows the games of every mounted hook on one socket and writes pushes into the queries', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const queryClient = seeded();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const lobby = renderHook(() => useLotteryLive(['lott-5d']), { wrapper });
    const socket = FakeSocket.instances[0] as FakeSocket;
    expect(socket.url).toMatch(/\/wps\/ws$/);
    socket.open();
    expect(socket.sent).toEqual([{ type: 'lottery.subscribe', gameCodes: ['lott-5d'] }]);

    const card = renderHook(() => useLotteryLive(['sea-6d', 'lott-5d']), { wrapper });
    expect(FakeSocket.instances).toHaveLength(1);
    expect(socket.sent.at(-1)).toEqual({ type: 'lottery.subscribe', gameCodes: ['lott-5d', 'sea-6d'] });

    socket.receive(push);
    await waitFor(() =>
      expect(queryClient.getQueryData(lotteryKeys.game('lott-5d', 'en'))).toMatchObject({
        lastResult: newest,
      }),
    );
    card.unmount();
    expect(socket.sent.at(-1)).toEqual({ type: 'lottery.subscribe', gameCodes: ['lott-5d'] });
    lobby.unmount();
    expect(socket.readyState).toBe(3);
  });
});
