import { minorToDecimal } from '@lotus/shared/money';
import type { WalletBalance } from '@lotus/shared/wallet.schema';
import type { LedgerService } from '../ledger/ledger.service.ts';

/** The member-facing wallet calls over the ledger (issue 5). */
export class WalletService {
  readonly #ledger: LedgerService;

  constructor(ledger: LedgerService) {
    this.#ledger = ledger;
  }

  /**
   * The main wallet's balance as the member can use it: funds on hold (a pending withdrawal, an open bet)
   * are already taken off, so the header never shows money that cannot be spent. The account is created
   * (empty) the first time a member asks.
   */
  async balance(memberId: bigint): Promise<WalletBalance> {
    const { availableMinor, currency } = await this.#ledger.balanceOf(memberId);
    return {
      sumBalance: minorToDecimal(availableMinor),
      currency,
      balanceMinor: availableMinor.toString(),
    };
  }
}
