import type { Executor } from '../db/unit-of-work.ts';
import { AuditRepository } from '../modules/audit/audit.repository.ts';

/**
 * One audit row per back-office action (docs/wallet-contract.md "Operators"), written in the same
 * transaction as the action so an action is never recorded without its effect or the reverse. Actions are
 * dotted lower case (`deposit.approved`, `withdrawal.paid`, `wallet.adjusted`, ...). `operatorId` is null
 * for the operator CLI, which records `detail.via = 'cli'` instead. Never put secrets in `detail`.
 */
export type OperatorAction = {
  brandId: bigint;
  operatorId: bigint | null;
  /** The member acted upon, if any. */
  memberId: bigint | null;
  action: string;
  ip: string;
  detail: Record<string, unknown>;
};

/**
 * Writes the action's row through the one audit writer (modules/audit). `executor` is the action's
 * transaction. Services on a unit of work call `audit.record(action)` on their `AuditRepository` instead;
 * this adapter serves the callers that have not moved to one yet.
 */
export async function recordOperatorAction(executor: Executor, action: OperatorAction): Promise<void> {
  await new AuditRepository(executor).record(action);
}
