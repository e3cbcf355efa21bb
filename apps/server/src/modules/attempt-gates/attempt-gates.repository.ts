import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AttemptCounter, AttemptGate, AttemptReservation } from '../../lib/attempt-gate.ts';

/** Far past every gate's window (the longest, the brand's daily SMS quota, is a day). */
const STALE_AFTER_MS = 2 * 24 * 3_600_000;

/**
 * The `attempt_gates` counters (lib/attempt-gate.ts). A reservation is one `insert … on conflict do
 * update … where` statement: the row's lock serialises racing attempts inside PostgreSQL, and the `where`
 * refuses the one past the limit, so no two requests can both take the last attempt.
 */
export class AttemptGatesRepository implements AttemptCounter {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async reserve(gate: AttemptGate, subject: string, now: Date): Promise<AttemptReservation> {
    const windowStart = new Date(now.getTime() - gate.windowMs);
    const expired = sql<boolean>`attempt_gates.window_started_at <= ${windowStart}`;
    const row = await this.#db
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
    if (row) {
      // A new window is rare (a subject's first attempt in a while): the moment to drop long-ended rows.
      if (row.attempts === 1) await this.#deleteEndedBefore(new Date(now.getTime() - STALE_AFTER_MS));
      return { allowed: true, attempt: row.attempts, windowStartedAt: row.window_started_at };
    }
    // Refused: the window that is full ends at its start plus the gate's window.
    const full = await this.#db
      .selectFrom('attempt_gates')
      .select('window_started_at')
      .where('gate', '=', gate.name)
      .where('subject', '=', subject)
      .executeTakeFirst();
    const started = full?.window_started_at ?? now;
    return { allowed: false, retryAt: new Date(started.getTime() + gate.windowMs) };
  }

  async count(gate: AttemptGate, subject: string, now: Date): Promise<number> {
    const row = await this.#db
      .selectFrom('attempt_gates')
      .select('attempts')
      .where('gate', '=', gate.name)
      .where('subject', '=', subject)
      .where('window_started_at', '>', new Date(now.getTime() - gate.windowMs))
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  async release(gate: AttemptGate, subject: string, reservation: AttemptReservation): Promise<void> {
    if (!reservation.allowed) return;
    await this.#db
      .updateTable('attempt_gates')
      .set({ attempts: sql`greatest(attempts - 1, 0)` })
      .where('gate', '=', gate.name)
      .where('subject', '=', subject)
      .where('window_started_at', '=', reservation.windowStartedAt)
      .execute();
  }

  /** Rows whose window started before `before` (they restart on their next attempt anyway). */
  async #deleteEndedBefore(before: Date): Promise<void> {
    await this.#db.deleteFrom('attempt_gates').where('window_started_at', '<', before).execute();
  }
}
