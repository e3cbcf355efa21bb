import { minorToDecimal } from '@lotus/shared/money';
import type { Tx } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { PromotionEngineRepository } from './promotion-engine.repository.ts';
import { progressPercent } from './promotion-rules.ts';

/** What the withdrawals module asks of open bonuses, inside its own transaction. */
export type BonusGate = {
  /**
   * Refuses (`409 bonus_wagering_open`, with the wagering done, required, its percent and the amount locked)
   * when `availableAfterMinor` — the main wallet's available balance once this withdrawal's hold is taken —
   * is below what the member's open bonuses lock (the sum of their amounts).
   */
  assertWithdrawable(memberId: bigint, availableAfterMinor: bigint): Promise<void>;
};

/**
 * The withdrawal gate of bonus money (docs/promotion-engine.md "Bonus money and withdrawals"). Called after
 * the withdrawal's hold, which locked the member's main account row: a concurrent withdrawal waits for that
 * lock and then reads the balance this one left, so 50 at once cannot together take locked money; an issue
 * or forfeit moves the same row, so its grant is seen or not together with its money. One index probe
 * (`bonus_grants_open`) for a member without open bonuses.
 */
export function bonusGateIn(trx: Tx): BonusGate {
  const repository = new PromotionEngineRepository(trx);
  return {
    async assertWithdrawable(memberId, availableAfterMinor) {
      const open = await repository.openTotals(memberId);
      if (open.lockedMinor === 0n || availableAfterMinor >= open.lockedMinor) return;
      throw new AppError('bonus_wagering_open', {
        details: {
          done: minorToDecimal(open.doneMinor),
          required: minorToDecimal(open.requiredMinor),
          percent: progressPercent(open.doneMinor, open.requiredMinor),
          locked: minorToDecimal(open.lockedMinor),
        },
      });
    },
  };
}
