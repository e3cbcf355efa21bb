import type { Tx } from '../../db/unit-of-work.ts';

/** A deposit just credited, as the modules that react to it see it (issue 19). */
export type CreditedDeposit = {
  brandId: bigint;
  memberId: bigint;
  depositId: bigint;
  amountMinor: bigint;
  at: Date;
};

/**
 * The narrow port of the deposits: what other modules do when a deposit is credited, in the crediting
 * transaction (after its ledger entry, so their locks come after the member's balance in the lock order).
 * A hook that throws rolls the credit back, so hooks only add rows keyed by the deposit (e.g. raffle
 * tickets `deposit:<id>:<n>`), which a retry of the credit replays without adding twice.
 */
export type DepositCreditHook = (trx: Tx, deposit: CreditedDeposit) => Promise<void>;
