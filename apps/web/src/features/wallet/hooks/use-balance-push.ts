import {
  parseRealtimeServerMessage,
  REALTIME_CLOSE_UNAUTHORIZED,
  REALTIME_PATH,
  type RealtimeClientMessage,
} from '@lotus/shared/realtime';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyJackpotPush, JACKPOT_KEYS } from '../../../lib/jackpot/jackpot-api.ts';
import { WALLET_KEYS } from '../../../lib/wallet/use-wallet-queries.ts';
import type { WalletBalance } from '../../../lib/wallet/wallet-api.ts';

/** Reconnect delays: 1 s, 2 s, 4 s … capped at 30 s, so a restarting server is not hammered. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
}

/** Same origin as the page: wss under https, ws otherwise. */
export function balanceSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

const MINOR_PATTERN = /^-?[0-9]+$/;

/**
 * Keeps one socket open for the session and writes every `balance` push into the balance query. After a
 * reconnect the balance is fetched once. Returns the function that closes it for good.
 */
function openBalanceSocket(token: string, queryClient: QueryClient): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let connectedBefore = false;
  let closed = false;

  const connect = () => {
    if (closed) return;
    const current = new WebSocket(balanceSocketUrl());
    socket = current;
    current.onopen = () => {
      // The token goes in the first message, never in the URL (URLs end up in logs).
      const auth: RealtimeClientMessage = { type: 'auth', token };
      current.send(JSON.stringify(auth));
    };
    current.onmessage = (event: MessageEvent) => {
      const message = typeof event.data === 'string' ? parseRealtimeServerMessage(event.data) : null;
      if (message?.type === 'balance' && MINOR_PATTERN.test(message.balanceMinor)) {
        const balance: WalletBalance = {
          sumBalance: message.sumBalance,
          currency: message.currency,
          balanceMinor: message.balanceMinor,
        };
        queryClient.setQueryData(WALLET_KEYS.balance, balance);
        // An open "my wallet" page shows the main wallet too (only active queries refetch).
        void queryClient.invalidateQueries({ queryKey: WALLET_KEYS.consolidated });
      } else if (message?.type === 'jackpot') {
        // The brand's jackpot pots (issue 19): the home counter reads the same query.
        applyJackpotPush(queryClient, message.list);
      } else if (message?.type === 'ready') {
        attempt = 0;
        // Pushes sent while the socket was down are lost: fetch once after a reconnect.
        if (connectedBefore) {
          void queryClient.invalidateQueries({ queryKey: WALLET_KEYS.balance });
          void queryClient.invalidateQueries({ queryKey: JACKPOT_KEYS.pots });
        }
        connectedBefore = true;
      }
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      socket = null;
      // A refused token will be refused again: the session check (member info → 401) signs the browser out.
      if (closed || event.code === REALTIME_CLOSE_UNAUTHORIZED) return;
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  connect();
  return () => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    const current = socket;
    socket = null;
    if (current) {
      current.onopen = null;
      current.onmessage = null;
      current.onclose = null;
      current.close(1000);
    }
  };
}

/**
 * SPEC §2 live balance: mounted once by the site layout. Connects while there is a session token, closes on
 * logout; a new token (another login) gets a new socket. The wallet data of the previous session is dropped
 * when the token changes, so one member never sees another's balance.
 */
export function useBalancePush(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (token === null || typeof WebSocket === 'undefined') return;
    const close = openBalanceSocket(token, queryClient);
    return () => {
      close();
      queryClient.removeQueries({ queryKey: WALLET_KEYS.all });
    };
  }, [token, queryClient]);
}
