import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ConfirmedIntent, useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { POINTS_KEYS, WALLET_KEY } from '../api/points-keys.ts';
import type { PointsMoveResult } from '../api/redeem-point-reward.ts';

export type PointsIntent<TInput> = ConfirmedIntent<TInput, PointsMoveResult>;

/**
 * One points move (a redemption or a conversion) from confirm to result, like the wallet's money intents
 * (lib/use-confirmed-intent.ts): the key is made when the confirm step opens and reused by its retries; after
 * every attempt the points, the history, the stock and the wallet are refreshed.
 */
export function usePointsIntent<TInput>(
  send: (input: TInput, idempotencyKey: string) => Promise<PointsMoveResult>,
  onDone: (result: PointsMoveResult, input: TInput) => void,
): PointsIntent<TInput> {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: POINTS_KEYS.member }),
        queryClient.invalidateQueries({ queryKey: POINTS_KEYS.allRewards }),
        queryClient.invalidateQueries({ queryKey: WALLET_KEY }),
      ]),
    [queryClient],
  );
  return useConfirmedIntent(send, onDone, refresh);
}
