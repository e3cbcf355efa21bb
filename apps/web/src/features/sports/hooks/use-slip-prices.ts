import type { SportsMarket } from '@lotus/shared/sportsbook.schema';
import { useEffect } from 'react';
import { pricesOf } from '../utils/sports-text.ts';
import { useBetSlip } from './bet-slip-store.ts';

/**
 * Keeps the slip's prices on the ones the page shows: whenever the page's markets arrive (a push refetched
 * them), a pick on them takes the new price and remembers the one it moved from (shown old → new).
 */
export function useSlipPrices(markets: readonly (SportsMarket | null)[] | undefined): void {
  useEffect(() => {
    if (markets && markets.length > 0) useBetSlip.getState().updatePrices(pricesOf(markets));
  }, [markets]);
}
