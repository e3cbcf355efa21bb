import { type SetWithdrawPasswordPayload, WITHDRAW_PASSWORD_PATTERN } from '@lotus/shared/withdrawals.schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { recordOperatorAction } from '../../lib/operator-audit.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { clipUserAgent, type RequestOrigin } from '../../lib/request-origin.ts';

/** Wrong payment passwords in a row before the password is locked, and for how long. */
export const WITHDRAW_PASSWORD_LIMITS = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

type PasswordState = {
  id: bigint;
  brand_id: bigint;
  password_hash: string;
  withdraw_password_hash: string | null;
  withdraw_password_failures: number;
  withdraw_password_locked_until: Date | null;
};

/**
 * The payment (withdraw) password (docs/wallet-contract.md "Withdrawals"): a second secret, scrypt-hashed
 * like the login password, asked for every money movement out of the member's hands (withdrawals, agent
 * transfers). Five wrong answers in a row lock it for 15 minutes; a right answer resets the count.
 *
 * A wrong answer must be counted even though the request that carried it fails and rolls back. So the count
 * is written in its own transaction on the app's handle, never in the caller's `trx`: without `trx` it is
 * awaited; with `trx` (the caller is inside its money transaction) it is started and left to finish once
 * the caller's transaction has rolled back — awaiting it there would deadlock PGlite's single connection.
 */
export class WithdrawPasswordService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #pending = new Set<Promise<void>>();

  constructor(db: Kysely<Database>, clock: Clock = systemClock) {
    this.#db = db;
    this.#clock = clock;
  }

  async #state(memberId: bigint, db: Kysely<Database>): Promise<PasswordState> {
    const row = await db
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
    if (!row) throw new AppError('not_found', { message: `member ${memberId}` });
    return row;
  }

  async isSet(memberId: bigint, trx?: Kysely<Database>): Promise<boolean> {
    return (await this.#state(memberId, trx ?? this.#db)).withdraw_password_hash !== null;
  }

  /**
   * Checks the payment password. Throws `withdraw_password_not_set` (422), `withdraw_password_locked` (423,
   * `details.lockedUntil`) or `withdraw_password_error` (403, `details.remainingAttempts`); the fifth wrong
   * answer in a row already answers `withdraw_password_locked`. `ip` (the request's) goes into the
   * `withdraw_password.locked` audit row when this answer locks the password.
   */
  async verify(memberId: bigint, password: string, trx?: Kysely<Database>, ip = 'unknown'): Promise<void> {
    const state = await this.#state(memberId, trx ?? this.#db);
    if (state.withdraw_password_hash === null) throw new AppError('withdraw_password_not_set');
    const now = this.#clock.now();
    this.#refuseWhileLocked(state, now);
    if (await verifyPassword(password, state.withdraw_password_hash)) {
      if (state.withdraw_password_failures > 0 || state.withdraw_password_locked_until !== null) {
        await (trx ?? this.#db)
          .updateTable('members')
          .set({ withdraw_password_failures: 0, withdraw_password_locked_until: null })
          .where('id', '=', memberId)
          .execute();
      }
      return;
    }
    const failures = (lockExpired(state, now) ? 0 : state.withdraw_password_failures) + 1;
    const recording = this.#recordFailure(memberId, ip);
    if (trx) this.#track(recording);
    else await recording;
    throw failureError(failures, now);
  }

  /** Resolves once every failure count started inside a caller's transaction is written (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /**
   * `PUT /wps/member/withdraw-password` (payload already opened): the first time with the login password,
   * afterwards with the old payment password (whose wrong answers count towards the lock, like the login
   * password's here, so this route cannot be used to guess either). Returns whether it was a change.
   */
  async set(
    memberId: bigint,
    payload: SetWithdrawPasswordPayload,
    origin: RequestOrigin,
  ): Promise<{ changed: boolean }> {
    const state = await this.#state(memberId, this.#db);
    const now = this.#clock.now();
    let changed: boolean;
    if ('oldPassword' in payload) {
      await this.verify(memberId, payload.oldPassword, undefined, origin.ip);
      changed = true;
    } else {
      if (state.withdraw_password_hash !== null) throw new AppError('withdraw_password_already_set');
      this.#refuseWhileLocked(state, now);
      if (!(await verifyPassword(payload.loginPassword, state.password_hash))) {
        const failures = (lockExpired(state, now) ? 0 : state.withdraw_password_failures) + 1;
        await this.#recordFailure(memberId, origin.ip);
        if (failures >= WITHDRAW_PASSWORD_LIMITS.maxFailures) throw failureError(failures, now);
        throw new AppError('old_password_error', {
          details: { remainingAttempts: WITHDRAW_PASSWORD_LIMITS.maxFailures - failures },
        });
      }
      changed = false;
    }
    checkNewPassword(payload.newPassword);
    if (await verifyPassword(payload.newPassword, state.password_hash)) {
      throw new AppError('field_invalid', {
        message: 'payment password equals the login password',
        details: { field: 'newPassword', check: 'same_as_login_password' },
      });
    }
    const hash = await hashPassword(payload.newPassword);
    await this.#db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('members')
        .set({
          withdraw_password_hash: hash,
          withdraw_password_failures: 0,
          withdraw_password_locked_until: null,
        })
        .where('id', '=', memberId)
        // A first set must not overwrite one set meanwhile by a concurrent request.
        .$if(!changed, (query) => query.where('withdraw_password_hash', 'is', null))
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw new AppError('withdraw_password_already_set');
      await trx
        .insertInto('audit_log')
        .values({
          brand_id: state.brand_id,
          member_id: memberId,
          action: changed ? 'withdraw_password.changed' : 'withdraw_password.set',
          ip: origin.ip,
          user_agent: clipUserAgent(origin.userAgent),
          detail: '{}',
          created_at: now,
        })
        .execute();
    });
    return { changed };
  }

  #refuseWhileLocked(state: PasswordState, now: Date): void {
    const until = state.withdraw_password_locked_until;
    if (until !== null && until > now) {
      throw new AppError('withdraw_password_locked', { details: { lockedUntil: until.toISOString() } });
    }
  }

  /**
   * One wrong answer, counted under a row lock so concurrent wrong answers all count. The answer that locks
   * is audited (`withdraw_password.locked`) in this same transaction, so a lock is never without its row.
   */
  #recordFailure(memberId: bigint, ip: string): Promise<void> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('members')
        .select(['brand_id', 'withdraw_password_failures', 'withdraw_password_locked_until'])
        .where('id', '=', memberId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!row) return;
      const now = this.#clock.now();
      const until = row.withdraw_password_locked_until;
      // Already locked (a concurrent wrong answer got there first): nothing more to count.
      if (until !== null && until > now) return;
      const failures = (until !== null ? 0 : row.withdraw_password_failures) + 1;
      const locked = failures >= WITHDRAW_PASSWORD_LIMITS.maxFailures;
      const lockedUntil = locked ? new Date(now.getTime() + WITHDRAW_PASSWORD_LIMITS.lockMs) : null;
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
          ip,
          detail: { failures, lockedUntil: lockedUntil.toISOString() },
        });
      }
    });
  }

  #track(recording: Promise<void>): void {
    const tracked = recording
      .catch(() => {
        // A lost count only makes the lock one answer later; the request has already failed for its own reason.
      })
      .finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }
}

/** A lock that has run out starts a new count. */
function lockExpired(state: PasswordState, now: Date): boolean {
  return state.withdraw_password_locked_until !== null && state.withdraw_password_locked_until <= now;
}

function failureError(failures: number, now: Date): AppError {
  if (failures >= WITHDRAW_PASSWORD_LIMITS.maxFailures) {
    return new AppError('withdraw_password_locked', {
      details: { lockedUntil: new Date(now.getTime() + WITHDRAW_PASSWORD_LIMITS.lockMs).toISOString() },
    });
  }
  return new AppError('withdraw_password_error', {
    details: { remainingAttempts: WITHDRAW_PASSWORD_LIMITS.maxFailures - failures },
  });
}

function checkNewPassword(password: string): void {
  if (!WITHDRAW_PASSWORD_PATTERN.test(password)) {
    throw new AppError('field_invalid', {
      message: 'payment password: 6..20 letters and digits',
      details: { field: 'newPassword', check: 'pattern', minLength: 6, maxLength: 20 },
    });
  }
}
