import type { BonusView } from '@lotus/shared/promotion-engine.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ConfirmedIntent, useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { BONUS_KEYS, type ForfeitResult, forfeitBonus } from '../api/bonuses-api.ts';

export type ForfeitIntent = ConfirmedIntent<BonusView, ForfeitResult>;

const send = (bonus: BonusView, key: string) => forfeitBonus(bonus.id, key);

/** One forfeit from confirm to result; the bonuses and the wallet are refreshed after every attempt. */
export function useForfeitIntent(onDone: (result: ForfeitResult) => void): ForfeitIntent {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BONUS_KEYS.all }),
        queryClient.invalidateQueries({ queryKey: BONUS_KEYS.wallet }),
      ]),
    [queryClient],
  );
  return useConfirmedIntent(send, onDone, refresh);
}
