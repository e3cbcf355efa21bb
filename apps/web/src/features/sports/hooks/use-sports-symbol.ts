import { symbolOrDefault } from '../../../lib/money/money.ts';
import { useMerchantWallet } from '../../../lib/wallet/use-wallet-queries.ts';

/** The brand's currency symbol for the slip and my bets (SPEC §9: 'P' when the brand has none). */
export function useSportsSymbol(): string {
  return symbolOrDefault(useMerchantWallet().data?.currencySymbol);
}
