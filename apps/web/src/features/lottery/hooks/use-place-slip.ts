import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { invalidateWallet } from '../../../lib/wallet/use-wallet-queries.ts';
import { lotteryKeys } from '../api/keys.ts';
import { type PlacedSlip, placeSlip } from '../api/place-slip.ts';
import { useLotterySession } from './use-lottery-session.ts';

export type SlipIntent = {
  drawId: string;
  drawNo: string;
  lines: { betType: string; selection: string; stakeMinor: string }[];
  totalMinor: bigint;
};

/**
 * The slip's money call from confirm to result (lib/use-confirmed-intent.ts): the dialog's key is the
 * slip's `requestId`, so a retry after a lost answer replays the same slip instead of placing it twice.
 * After every attempt the player's slips, the balances and the game's draw are refreshed.
 */
export function usePlaceSlip(gameCode: string, onPlaced: (placed: PlacedSlip) => void) {
  const queryClient = useQueryClient();
  const { session, withSession } = useLotterySession(gameCode);
  const [placed, setPlaced] = useState<PlacedSlip | null>(null);

  const send = useCallback(
    (intent: SlipIntent, requestId: string) =>
      withSession((token) => placeSlip({ requestId, drawId: intent.drawId, lines: intent.lines }, token)),
    [withSession],
  );
  const done = useCallback(
    (result: PlacedSlip) => {
      setPlaced(result);
      onPlaced(result);
    },
    [onPlaced],
  );
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...lotteryKeys.all, 'slips'] }),
        // A refusal such as lottery_draw_closed means the page's draw moved on: show the next one.
        queryClient.invalidateQueries({ queryKey: [...lotteryKeys.all, 'game'] }),
        invalidateWallet(queryClient),
      ]),
    [queryClient],
  );
  const intent = useConfirmedIntent(send, done, refresh);
  // The engine answers each slip with the balance after it; before the first, the session's.
  const balanceMinor = placed?.balanceMinor ?? session?.balanceMinor ?? null;
  return { ...intent, placed, balanceMinor, dismissPlaced: () => setPlaced(null) };
}
