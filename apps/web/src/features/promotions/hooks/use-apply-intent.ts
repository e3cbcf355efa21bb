import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ConfirmedIntent, useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import {
  type ApplyInput,
  type ApplyResult,
  PROMOTION_ENGINE_KEYS,
  sendApplication,
} from '../api/promotion-engine-api.ts';

export type ApplyIntent = ConfirmedIntent<ApplyInput, ApplyResult>;

/**
 * One application, join or claim from confirm to result (lib/use-confirmed-intent.ts): the key is made when
 * the confirm step opens; after every attempt the statuses, the wallet and the bonuses are refreshed.
 */
export function useApplyIntent(onDone: (result: ApplyResult) => void): ApplyIntent {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      Promise.all(
        [PROMOTION_ENGINE_KEYS.mine, PROMOTION_ENGINE_KEYS.bonuses, PROMOTION_ENGINE_KEYS.wallet].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient],
  );
  return useConfirmedIntent(sendApplication, onDone, refresh);
}
