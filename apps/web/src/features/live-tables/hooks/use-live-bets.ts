import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { invalidateWallet } from '../../../lib/wallet/use-wallet-queries.ts';
import { fetchMyLiveBets } from '../api/get-my-bets.ts';
import { liveKeys } from '../api/keys.ts';
import { type PlacedLiveBet, placeLiveBets } from '../api/place-bets.ts';
import type { useLiveSession } from './use-live-session.ts';

export type LiveBetIntent = {
  roundId: string;
  roundNo: number;
  bets: { spot: string; amountMinor: string }[];
  totalMinor: bigint;
};

type Session = ReturnType<typeof useLiveSession>;

/** The player's bets at the table (newest first), read once a session is open; a settlement refetches them. */
export function useMyLiveBets(code: string, { session, withSession }: Session) {
  return useQuery({
    queryKey: liveKeys.bets(code),
    queryFn: ({ signal }) => withSession((token) => fetchMyLiveBets(code, token, signal)),
    enabled: session !== null,
  });
}

/**
 * One confirm's bets from the dialog to the answer (lib/use-confirmed-intent.ts): the dialog's key is the
 * request's Idempotency-Key, so a retry after a lost answer replays the same bets instead of placing them
 * twice. After every attempt the player's bets and the wallet are refreshed; the answer's balance shows at
 * once.
 */
export function usePlaceLiveBets(code: string, live: Session, onPlaced: (placed: PlacedLiveBet) => void) {
  const queryClient = useQueryClient();
  const [balanceMinor, setBalanceMinor] = useState<string | null>(null);
  const { withSession } = live;
  const send = useCallback(
    (intent: LiveBetIntent, key: string) =>
      withSession((token) =>
        placeLiveBets(
          code,
          {
            roundId: intent.roundId,
            bets: Object.fromEntries(intent.bets.map((bet) => [bet.spot, bet.amountMinor])),
          },
          token,
          key,
        ),
      ),
    [code, withSession],
  );
  const done = useCallback(
    (placed: PlacedLiveBet) => {
      setBalanceMinor(placed.balanceMinor);
      onPlaced(placed);
    },
    [onPlaced],
  );
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: liveKeys.bets(code) }),
        invalidateWallet(queryClient),
      ]),
    [queryClient, code],
  );
  const intent = useConfirmedIntent(send, done, refresh);
  return { ...intent, balanceMinor: balanceMinor ?? live.session?.balanceMinor ?? null };
}
