import { createHash } from 'node:crypto';
import { NOT_REAL_MEMBER_TYPE } from '@lotus/shared/member-types';
import { decimalToMinor } from '@lotus/shared/money';
import { AppError } from '../../lib/app-error.ts';

/** Trial accounts (free play) and type-4 guests hold no real money: `in_need_true_account`. */
export function isRealAccount(member: { is_trial: boolean; member_type: number }): boolean {
  return !member.is_trial && member.member_type !== NOT_REAL_MEMBER_TYPE;
}

/** A typed amount (`"1500.50"`) → minor units, or `400 amount_invalid`. */
export function amountOf(text: string): bigint {
  const minor = decimalToMinor(text);
  if (minor === null) throw new AppError('amount_invalid');
  return minor;
}

/**
 * The ledger key of a member's request: the ledger takes at most 128 characters and the header key may
 * already be that long, so the header key is hashed. Scoped by member and call like the request record.
 */
export function ledgerKeyOf(memberId: bigint, call: string, idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40);
  return `member:${memberId}:${call}:${digest}`;
}
