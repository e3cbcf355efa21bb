import { REALTIME_CLOSE_UNAUTHORIZED } from '@lotus/shared/realtime';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JACKPOT_KEYS, type JackpotPots } from '../../../lib/jackpot/jackpot-api.ts';
import { WALLET_KEYS } from '../../../lib/wallet/use-wallet-queries.ts';
import { balanceSocketUrl, RECONNECT_BASE_MS, reconnectDelay, useBalancePush } from './use-balance-push.ts';

/** Just enough of a WebSocket: the hook's handlers, what it sent, and whether it closed the socket. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readonly url: string;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
  }
  // Server side of the test:
  open() {
    act(() => this.onopen?.());
  }
  receive(message: unknown) {
    act(() => this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) }));
  }
  drop(code = 1006) {
    act(() => this.onclose?.({ code }));
  }
}

const latest = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};

function setup(initialToken: string | null = 'token-1') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(({ token }: { token: string | null }) => useBalancePush(token), {
    wrapper,
    initialProps: { token: initialToken },
  });
  return { ...view, queryClient };
}

const PUSH = { type: 'balance', balanceMinor: '1250000', sumBalance: '12500.00', currency: 'INR' };

describe('useBalancePush', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to /wps/ws on the same host and sends the token first, never in the URL', () => {
    setup();
    const socket = latest();
    expect(socket.url).toBe(`ws://${window.location.host}/wps/ws`);
    expect(socket.url).not.toContain('token-1');
    socket.open();
    expect(socket.sent.map((text) => JSON.parse(text))).toEqual([{ type: 'auth', token: 'token-1' }]);
  });

  it('writes the brand’s jackpot pushes into the pots the home counter reads, ignoring malformed ones', () => {
    const { queryClient } = setup();
    const pot = (code: string, potMinor: string) => ({
      code,
      nameEn: code,
      nameHi: code,
      potMinor,
      currency: 'INR',
      contributionBps: 100,
      oneInMinor: '1000000000',
      games: [],
    });
    queryClient.setQueryData<JackpotPots>(JACKPOT_KEYS.pots, {
      list: [pot('MEGA', '100'), pot('MINI', '5')],
    });
    const socket = latest();
    socket.open();
    socket.receive({ type: 'ready' });
    socket.receive({ type: 'jackpot', list: [{ code: 'MEGA', potMinor: '250', currency: 'INR' }] });
    socket.receive({ type: 'jackpot', list: [{ code: 'MINI', potMinor: '-1', currency: 'INR' }] });
    const pots = queryClient.getQueryData<JackpotPots>(JACKPOT_KEYS.pots)?.list.map((one) => one.potMinor);
    expect(pots).toEqual(['250', '5']);
  });

  it('uses wss under https', () => {
    expect(balanceSocketUrl({ protocol: 'https:', host: 'lotus.example' })).toBe(
      'wss://lotus.example/wps/ws',
    );
    expect(balanceSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/wps/ws',
    );
  });

  it('writes each balance push into the balance query', () => {
    const { queryClient } = setup();
    const socket = latest();
    socket.open();
    socket.receive({ type: 'ready' });
    socket.receive(PUSH);
    expect(queryClient.getQueryData(WALLET_KEYS.balance)).toEqual({
      sumBalance: '12500.00',
      currency: 'INR',
      balanceMinor: '1250000',
    });
    socket.receive({ ...PUSH, balanceMinor: '0', sumBalance: '0.00' });
    expect(queryClient.getQueryData(WALLET_KEYS.balance)).toMatchObject({ balanceMinor: '0' });
  });

  it('ignores pings and anything that is not a well-formed balance', () => {
    const { queryClient } = setup();
    const socket = latest();
    socket.open();
    socket.receive({ type: 'ping' });
    socket.receive('not json');
    socket.receive({ type: 'balance', balanceMinor: 12.5, sumBalance: '12.50', currency: 'INR' });
    socket.receive({ ...PUSH, balanceMinor: '12.50' });
    expect(queryClient.getQueryData(WALLET_KEYS.balance)).toBeUndefined();
  });

  it('reconnects with a growing delay, and fetches the balance again once back', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { queryClient } = setup();
    queryClient.setQueryData(WALLET_KEYS.balance, {
      sumBalance: '1.00',
      currency: 'INR',
      balanceMinor: '100',
    });
    const first = latest();
    first.open();
    first.receive({ type: 'ready' });
    expect(queryClient.getQueryState(WALLET_KEYS.balance)?.isInvalidated).toBe(false);

    first.drop();
    expect(FakeSocket.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(RECONNECT_BASE_MS - 1));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.all).toHaveLength(2);

    // The second attempt fails too: the next wait is twice as long.
    latest().drop();
    act(() => vi.advanceTimersByTime(2 * RECONNECT_BASE_MS - 1));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.all).toHaveLength(3);

    const third = latest();
    third.open();
    expect(third.sent.map((text) => JSON.parse(text))).toEqual([{ type: 'auth', token: 'token-1' }]);
    third.receive({ type: 'ready' });
    // Pushes sent while the socket was down were lost.
    expect(queryClient.getQueryState(WALLET_KEYS.balance)?.isInvalidated).toBe(true);

    // Back to the short delay after a successful connection.
    third.drop();
    act(() => vi.advanceTimersByTime(RECONNECT_BASE_MS));
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('caps the delay at 30 s', () => {
    expect(reconnectDelay(0)).toBe(1000);
    expect(reconnectDelay(3)).toBe(8000);
    expect(reconnectDelay(20)).toBe(30_000);
  });

  it('does not retry a refused token', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setup();
    latest().open();
    latest().drop(REALTIME_CLOSE_UNAUTHORIZED);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('opens nothing without a session, and closes on logout forgetting the wallet', () => {
    const { rerender, queryClient } = setup(null);
    expect(FakeSocket.all).toHaveLength(0);

    rerender({ token: 'token-1' });
    const socket = latest();
    socket.open();
    socket.receive(PUSH);
    expect(queryClient.getQueryData(WALLET_KEYS.balance)).toBeDefined();

    rerender({ token: null });
    expect(socket.closedWith).toBe(1000);
    expect(queryClient.getQueryData(WALLET_KEYS.balance)).toBeUndefined();
    // A close after logout does not bring the socket back.
    socket.drop();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('a new login gets a new socket with its own token', () => {
    const { rerender } = setup('token-1');
    const first = latest();
    rerender({ token: 'token-2' });
    expect(first.closedWith).toBe(1000);
    const second = latest();
    expect(second).not.toBe(first);
    second.open();
    expect(JSON.parse(second.sent[0] ?? '{}')).toEqual({ type: 'auth', token: 'token-2' });
  });

  it('closes when the layout goes away', () => {
    const { unmount } = setup();
    const socket = latest();
    unmount();
    expect(socket.closedWith).toBe(1000);
  });
});
