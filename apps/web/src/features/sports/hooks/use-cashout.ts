import type { SportsCashoutQuote } from '@lotus/shared/sportsbook.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { invalidateWallet } from '../../../lib/wallet/use-wallet-queries.ts';
import { acceptCashout, quoteCashout } from '../api/bets.ts';
import { sportsKeys } from '../api/keys.ts';
import { useSportsSession } from './use-sports-session.ts';

export type CashoutState =
  | { step: 'idle' }
  | { step: 'quoting' }
  | { step: 'quoted'; quote: SportsCashoutQuote; previousMinor: string | null }
  | { step: 'accepting'; quote: SportsCashoutQuote }
  | { step: 'done'; valueMinor: string }
  | { step: 'failed'; error: unknown };

/**
 * Cash-out of one bet (docs/sportsbook.md step 8): quote → the player confirms the value → accepted, or, when
 * the book says the price moved (`sportsbook_cashout_price_moved`), a new quote at once shown as old → new for
 * the player to confirm again. Money moves only on the accept, and only at a value the player saw.
 */
export function useCashout(betId: string, gameCode: string, onDone?: (valueMinor: string) => void) {
  const queryClient = useQueryClient();
  const { withSession } = useSportsSession(gameCode);
  const [state, setState] = useState<CashoutState>({ step: 'idle' });

  const quote = useCallback(
    async (previousMinor: string | null) => {
      setState({ step: 'quoting' });
      try {
        const next = await withSession((token) => quoteCashout(betId, token));
        setState({ step: 'quoted', quote: next, previousMinor });
      } catch (error) {
        setState({ step: 'failed', error });
      }
    },
    [withSession, betId],
  );

  const accept = useCallback(async () => {
    if (state.step !== 'quoted') return;
    const { quote: offered } = state;
    setState({ step: 'accepting', quote: offered });
    try {
      await withSession((token) => acceptCashout(betId, offered.quoteId, token));
      setState({ step: 'done', valueMinor: offered.valueMinor });
      onDone?.(offered.valueMinor);
      void queryClient.invalidateQueries({ queryKey: [...sportsKeys.all, 'bets'] });
      void invalidateWallet(queryClient);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'sportsbook_cashout_price_moved') {
        await quote(offered.valueMinor);
        return;
      }
      setState({ step: 'failed', error });
    }
  }, [state, withSession, betId, queryClient, quote, onDone]);

  return {
    state,
    start: () => void quote(null),
    accept: () => void accept(),
    reset: () => setState({ step: 'idle' }),
  };
}
