import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { AttemptCounter, AttemptGate, AttemptReservation } from '../../lib/attempt-gate.ts';
import { AttemptGatesRepository } from './attempt-gates.repository.ts';

/** Far past every gate's window (the longest, the brand's daily SMS quota, is a day). */
const STALE_AFTER_MS = 2 * 24 * 3_600_000;

/**
 * The counter behind the gates without a row of their own (lib/attempt-gate.ts), over `attempt_gates`.
 * Each statement runs in a transaction of its own, as the rule wants: no transaction ever holds two gate
 * rows (the clean-up of ended rows runs after the reservation committed, never under its row lock).
 */
export class AttemptGates implements AttemptCounter {
  readonly #reads: AttemptGatesRepository<Db>;
  readonly #uow: UnitOfWork<{ gates: AttemptGatesRepository<Tx> }>;

  constructor(db: Db) {
    this.#reads = new AttemptGatesRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => ({ gates: new AttemptGatesRepository(trx) }));
  }

  async reserve(gate: AttemptGate, subject: string, now: Date): Promise<AttemptReservation> {
    const row = await this.#uow.run(({ gates }) => gates.reserve(gate, subject, now));
    if (row) {
      // A new window is rare (a subject's first attempt in a while): the moment to drop long-ended rows.
      if (row.attempts === 1) {
        const before = new Date(now.getTime() - STALE_AFTER_MS);
        await this.#uow.run(({ gates }) => gates.deleteEndedBefore(before));
      }
      return { allowed: true, attempt: row.attempts, windowStartedAt: row.window_started_at };
    }
    // Refused: the window that is full ends at its start plus the gate's window.
    const started = (await this.#reads.windowStart(gate, subject)) ?? now;
    return { allowed: false, retryAt: new Date(started.getTime() + gate.windowMs) };
  }

  count(gate: AttemptGate, subject: string, now: Date): Promise<number> {
    return this.#reads.count(gate, subject, now);
  }

  async release(gate: AttemptGate, subject: string, reservation: AttemptReservation): Promise<void> {
    if (!reservation.allowed) return;
    const { windowStartedAt } = reservation;
    await this.#uow.run(({ gates }) => gates.release(gate, subject, windowStartedAt));
  }
}
