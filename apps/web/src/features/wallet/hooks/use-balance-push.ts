import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyJackpotPush, JACKPOT_KEYS } from '../../../lib/jackpot/jackpot-api.ts';
import { openMemberSocket } from '../../../lib/realtime/member-socket.ts';
import { WALLET_KEYS } from '../../../lib/wallet/use-wallet-queries.ts';
import type { WalletBalance } from '../../../lib/wallet/wallet-api.ts';

export {
  memberSocketUrl as balanceSocketUrl,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  reconnectDelay,
} from '../../../lib/realtime/member-socket.ts';

const MINOR_PATTERN = /^-?[0-9]+$/;

/**
 * Keeps one socket open for the session (lib/realtime/member-socket.ts: auth, backoff) and writes every
 * `balance` push into the balance query. After a reconnect the balance is fetched once. Returns the function
 * that closes it for good.
 */
function openBalanceSocket(token: string, queryClient: QueryClient): () => void {
  return openMemberSocket({
    token,
    onMessage: (message) => {
      if (message.type === 'balance' && MINOR_PATTERN.test(message.balanceMinor)) {
        const balance: WalletBalance = {
          sumBalance: message.sumBalance,
          currency: message.currency,
          balanceMinor: message.balanceMinor,
        };
        queryClient.setQueryData(WALLET_KEYS.balance, balance);
        // An open "my wallet" page shows the main wallet too (only active queries refetch).
        void queryClient.invalidateQueries({ queryKey: WALLET_KEYS.consolidated });
      } else if (message.type === 'jackpot') {
        // The brand's jackpot pots (issue 19): the home counter reads the same query.
        applyJackpotPush(queryClient, message.list);
      }
    },
    // Pushes sent while the socket was down are lost: fetch once after a reconnect.
    onResumed: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_KEYS.balance });
      void queryClient.invalidateQueries({ queryKey: JACKPOT_KEYS.pots });
    },
  });
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
