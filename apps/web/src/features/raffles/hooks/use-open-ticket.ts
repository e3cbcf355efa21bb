import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ConfirmedIntent, useConfirmedIntent } from '../../../lib/use-confirmed-intent.ts';
import { claimRaffle, type RaffleClaimResult } from '../api/claim-raffle.ts';
import type { MyRaffle } from '../api/get-raffles.ts';
import { RAFFLES_KEYS, WALLET_KEY } from '../api/raffles-keys.ts';

export type OpenTicketIntent = ConfirmedIntent<MyRaffle, RaffleClaimResult>;

const sendClaim = (campaign: MyRaffle, idempotencyKey: string) => claimRaffle(campaign.code, idempotencyKey);

/**
 * Opening one ticket from confirm to prize (lib/use-confirmed-intent.ts): the key is made when the dialog
 * opens, so a retry after a lost answer opens the same ticket; afterwards the tickets, the draws and the
 * balance are refreshed.
 */
export function useOpenTicket(onDone: (result: RaffleClaimResult) => void): OpenTicketIntent {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RAFFLES_KEYS.all }),
        queryClient.invalidateQueries({ queryKey: WALLET_KEY }),
      ]),
    [queryClient],
  );
  return useConfirmedIntent(sendClaim, onDone, refresh);
}
