import { sql } from 'kysely';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import type { AttemptGate } from '../../lib/attempt-gate.ts';

/**
 * The SQL of the `attempt_gates` counters (lib/attempt-gate.ts; AttemptGates runs it). A reservation is
 * one `insert … on conflict do update … where` statement: the row's lock serialises racing attempts inside
 * PostgreSQL, and the `where` refuses the one past the limit, so no two requests can both take the last
 * attempt.
 */
export class AttemptGatesRepository<E extends Executor = Executor> extends Repository<E> {
  /** Counts one attempt; the row's new count and window, or undefined when the window is full. */
  async reserve(
    this: AttemptGatesRepository<Tx>,
    gate: AttemptGate,
    subject: string,
    now: Date,
  ): Promise<{ attempts: number; window_started_at: Date } | undefined> {
    const windowStart = new Date(now.getTime() - gate.windowMs);
    const expired = sql<boolean>`attempt_gates.window_started_at <= ${windowStart}`;
    return this.db
      .insertInto('attempt_gates')
      .values({ gate: gate.name, subject, attempts: 1, window_started_at: now })
      .onConflict((conflict) => {
        const update = conflict.columns(['gate', 'subject']).doUpdateSet({
          attempts: sql`case when ${expired} then 1 else attempt_gates.attempts + 1 end`,
          window_started_at: sql`case when ${expired} then ${now} else attempt_gates.window_started_at end`,
        });
        // A counting-only gate never refuses; a limited one leaves a full window's row alone (no row back).
        const limit = gate.limit;
        return limit === null
          ? update
          : update.where((eb) => eb.or([expired, eb('attempt_gates.attempts', '<', limit)]));
      })
      .returning(['attempts', 'window_started_at'])
      .executeTakeFirst();
  }

  /** When the subject's current window started, if it has a row. */
  async windowStart(gate: AttemptGate, subject: string): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('attempt_gates')
      .select('window_started_at')
      .where('gate', '=', gate.name)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.window_started_at;
  }

  async count(gate: AttemptGate, subject: string, now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('attempt_gates')
      .select('attempts')
      .where('gate', '=', gate.name)
      .where('subject', '=', subject)
      .where('window_started_at', '>', new Date(now.getTime() - gate.windowMs))
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  /** Gives one attempt back to the window that started at `windowStartedAt` (a no-op on a newer one). */
  async release(
    this: AttemptGatesRepository<Tx>,
    gate: AttemptGate,
    subject: string,
    windowStartedAt: Date,
  ): Promise<void> {
    await this.db
      .updateTable('attempt_gates')
      .set({ attempts: sql`greatest(attempts - 1, 0)` })
      .where('gate', '=', gate.name)
      .where('subject', '=', subject)
      .where('window_started_at', '=', windowStartedAt)
      .execute();
  }

  /** Rows whose window started before `before` (they restart on their next attempt anyway). */
  async deleteEndedBefore(this: AttemptGatesRepository<Tx>, before: Date): Promise<void> {
    await this.db.deleteFrom('attempt_gates').where('window_started_at', '<', before).execute();
  }
}
