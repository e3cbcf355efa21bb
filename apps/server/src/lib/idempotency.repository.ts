import type { Executor, Tx } from '../db/unit-of-work.ts';
import { Repository } from '../db/unit-of-work.ts';

export type IdempotencyRecord = { request_hash: string; response: unknown; status_code: number | null };

/** SQL of `idempotency_records` (lib/idempotency.ts). Only ever used inside the request's transaction. */
export class IdempotencyRepository<E extends Executor = Executor> extends Repository<E> {
  /**
   * Claims (scope, key); false when a record exists. On PostgreSQL an insert racing an uncommitted one with
   * the same key waits for it, which is what serialises concurrent repeats.
   */
  async claim(
    this: IdempotencyRepository<Tx>,
    scope: string,
    key: string,
    requestHash: string,
  ): Promise<boolean> {
    const inserted = await this.db
      .insertInto('idempotency_records')
      .values({ scope, key, request_hash: requestHash })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .returning('scope')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  find(scope: string, key: string): Promise<IdempotencyRecord | undefined> {
    return this.db
      .selectFrom('idempotency_records')
      .select(['request_hash', 'response', 'status_code'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Stores the answer (canonical JSON text) of a claimed record. */
  async complete(
    this: IdempotencyRepository<Tx>,
    scope: string,
    key: string,
    responseJson: string,
  ): Promise<void> {
    await this.db
      .updateTable('idempotency_records')
      .set({ status_code: 200, response: responseJson })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
  }
}
