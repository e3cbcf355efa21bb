import type { Tx } from '../../db/unit-of-work.ts';
import { type ActivityDelta, ActivityRepository } from './activity.repository.ts';

/**
 * Player protection as the money paths see it, bound to their own transaction (ARCHITECTURE §9: protection
 * is enforced where money moves, in the same transaction): the deposits, withdrawals and vendor-protocol
 * modules record their movements in the player's daily activity and read the deposit limit and the
 * exclusions here, never through player-protection's repository directly.
 */
export type MoneyProtection = {
  /** Adds a movement to the member's UTC day of `now`. Call it after the movement's ledger entry. */
  record(memberId: bigint, now: Date, delta: ActivityDelta): Promise<void>;
  /** Takes the member's deposit lock (until commit), then answers the deposit allowance left, or null. */
  lockedDepositRemaining(memberId: bigint, now: Date): Promise<bigint | null>;
  /** An exclusion is in force at `now` (member_excluded: the same rule as the login refusal). */
  excluded(memberId: bigint, now: Date): Promise<boolean>;
};

export type { ActivityDelta };

export function protectionIn(trx: Tx): MoneyProtection {
  const repository = new ActivityRepository(trx);
  return {
    record: (memberId, now, delta) => repository.add(memberId, now, delta),
    lockedDepositRemaining: async (memberId, now) => {
      await repository.lockDeposits(memberId);
      return repository.depositRemaining(memberId, now);
    },
    excluded: (memberId, now) => repository.excluded(memberId, now),
  };
}
