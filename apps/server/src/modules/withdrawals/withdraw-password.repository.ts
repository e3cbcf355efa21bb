import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

export type PaymentPasswordState = {
  id: bigint;
  brand_id: bigint;
  password_hash: string;
  withdraw_password_hash: string | null;
  withdraw_password_failures: number;
  withdraw_password_locked_until: Date | null;
};

/**
 * The payment password's columns on the member's row (members.withdraw_password_hash, _failures and
 * _locked_until, 0007). The counter is kept the way lib/attempt-gate.ts says: read under the row's lock
 * (`lockCounter`) and written back in the same transaction (withdraw-password.service.ts owns it).
 */
export class WithdrawPasswordRepository<E extends Executor = Executor> extends Repository<E> {
  state(memberId: bigint): Promise<PaymentPasswordState | undefined> {
    return this.db
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

  /** The counter, with the member row locked until the transaction ends. */
  lockCounter(
    this: WithdrawPasswordRepository<Tx>,
    memberId: bigint,
  ): Promise<{
    brand_id: bigint;
    withdraw_password_failures: number;
    withdraw_password_locked_until: Date | null;
  }> {
    return this.db
      .selectFrom('members')
      .select(['brand_id', 'withdraw_password_failures', 'withdraw_password_locked_until'])
      .where('id', '=', memberId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
  }

  async setCounter(
    this: WithdrawPasswordRepository<Tx>,
    memberId: bigint,
    failures: number,
    lockedUntil: Date | null,
  ): Promise<void> {
    await this.db
      .updateTable('members')
      .set({ withdraw_password_failures: failures, withdraw_password_locked_until: lockedUntil })
      .where('id', '=', memberId)
      .execute();
  }

  /**
   * Stores a new payment password hash (the count and any lock end). `firstSet`: only when none is set
   * yet, so a concurrent first set is not overwritten. False when that condition failed.
   */
  async storeHash(
    this: WithdrawPasswordRepository<Tx>,
    memberId: bigint,
    hash: string,
    firstSet: boolean,
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('members')
      .set({
        withdraw_password_hash: hash,
        withdraw_password_failures: 0,
        withdraw_password_locked_until: null,
      })
      .where('id', '=', memberId)
      .$if(firstSet, (query) => query.where('withdraw_password_hash', 'is', null))
      .executeTakeFirst();
    return updated.numUpdatedRows !== 0n;
  }
}
