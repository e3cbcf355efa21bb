import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

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

export async function recordOperatorAction(db: Kysely<Database>, action: OperatorAction): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      brand_id: action.brandId,
      operator_id: action.operatorId,
      member_id: action.memberId,
      action: action.action,
      ip: action.ip,
      user_agent: null,
      detail: JSON.stringify(action.detail, (_key, value) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    })
    .execute();
}
