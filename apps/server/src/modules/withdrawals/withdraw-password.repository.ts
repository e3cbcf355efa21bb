import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordOperatorAction } from '../../lib/operator-audit.ts';

export type PaymentPasswordState = {
  id: bigint;
  brand_id: bigint;
  password_hash: string;
  withdraw_password_hash: string | null;
  withdraw_password_failures: number;
  withdraw_password_locked_until: Date | null;
};

/**
 * The payment password's counter on the member's row (members.withdraw_password_failures and
 * withdraw_password_locked_until, 0007), kept the way lib/attempt-gate.ts says: a try is counted under the
 * row's lock, before and around the comparison.
 */
export class WithdrawPasswordRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  state(memberId: bigint): Promise<PaymentPasswordState | undefined> {
    return this.#db
      .selectFrom('members')
      .select([
        'id',
        'brand_id',
        'password_hash',
        'withdraw_password_hash',
        'withdraw_password_failures',
        'withdraw_password_locked_until',
      ])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  /**
   * One try of the payment password, decided under the member row's lock (lib/attempt-gate.ts, the row-lock
   * form): the count is read, `compare` runs (pure work, no database), and the count is written back in
   * the same transaction, so tries on one member run one after another and see every earlier try. A right
   * answer resets the count; the wrong answer that makes `maxFailures` locks until `now + lockMs` and is
   * audited (`withdraw_password.locked`) in the same transaction. A lock that has run out starts a new
   * count. Row-locked rather than reserved, because members legitimately send several withdrawals at once
   * with the right password and a reservation would count those in flight as failures.
   */
  tryUnderLock(input: {
    memberId: bigint;
    maxFailures: number;
    lockMs: number;
    now: Date;
    ip: string;
    compare: () => Promise<boolean>;
  }): Promise<
    | { outcome: 'locked'; lockedUntil: Date }
    | { outcome: 'right' }
    | { outcome: 'wrong'; failures: number; lockedUntil: Date | null }
  > {
    const { memberId, now } = input;
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('members')
        .select(['brand_id', 'withdraw_password_failures', 'withdraw_password_locked_until'])
        .where('id', '=', memberId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
      const until = row.withdraw_password_locked_until;
      if (until !== null && until > now) return { outcome: 'locked' as const, lockedUntil: until };
      if (await input.compare()) {
        if (row.withdraw_password_failures > 0 || until !== null) {
          await trx
            .updateTable('members')
            .set({ withdraw_password_failures: 0, withdraw_password_locked_until: null })
            .where('id', '=', memberId)
            .execute();
        }
        return { outcome: 'right' as const };
      }
      const failures = (until !== null ? 0 : row.withdraw_password_failures) + 1;
      const lockedUntil = failures >= input.maxFailures ? new Date(now.getTime() + input.lockMs) : null;
      await trx
        .updateTable('members')
        .set({ withdraw_password_failures: failures, withdraw_password_locked_until: lockedUntil })
        .where('id', '=', memberId)
        .execute();
      if (lockedUntil) {
        await recordOperatorAction(trx, {
          brandId: row.brand_id,
          operatorId: null,
          memberId,
          action: 'withdraw_password.locked',
          ip: input.ip,
          detail: { failures, lockedUntil: lockedUntil.toISOString() },
        });
      }
      return { outcome: 'wrong' as const, failures, lockedUntil };
    });
  }

  /**
   * Stores a new payment password hash (the count and any lock end) with its audit row, in one
   * transaction. `firstSet`: only when none is set yet, so a concurrent first set is not overwritten.
   * False when that condition failed.
   */
  store(input: {
    memberId: bigint;
    brandId: bigint;
    hash: string;
    firstSet: boolean;
    ip: string;
    userAgent: string | null;
    now: Date;
  }): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('members')
        .set({
          withdraw_password_hash: input.hash,
          withdraw_password_failures: 0,
          withdraw_password_locked_until: null,
        })
        .where('id', '=', input.memberId)
        .$if(input.firstSet, (query) => query.where('withdraw_password_hash', 'is', null))
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      await trx
        .insertInto('audit_log')
        .values({
          brand_id: input.brandId,
          member_id: input.memberId,
          action: input.firstSet ? 'withdraw_password.set' : 'withdraw_password.changed',
          ip: input.ip,
          user_agent: input.userAgent,
          detail: '{}',
          created_at: input.now,
        })
        .execute();
      return true;
    });
  }
}
