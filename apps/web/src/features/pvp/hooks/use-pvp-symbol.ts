import { symbolOrDefault } from '../../../lib/money/money.ts';
import { useMerchantWallet } from '../../../lib/wallet/use-wallet-queries.ts';

/** The brand's currency symbol at the tables (SPEC §9: 'P' when the brand has none). */
export function usePvpSymbol(): string {
  return symbolOrDefault(useMerchantWallet().data?.currencySymbol);
}
