import { type SetWithdrawPasswordPayload, WITHDRAW_PASSWORD_PATTERN } from '@lotus/shared/withdrawals.schema';
import { type Db, type Tx, transact } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { clipUserAgent, type RequestOrigin } from '../../lib/request-origin.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { type PaymentPasswordState, WithdrawPasswordRepository } from './withdraw-password.repository.ts';

/** Wrong payment passwords in a row before the password is locked, and for how long. */
export const WITHDRAW_PASSWORD_LIMITS = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

/** The unit of work of the payment password: its columns and the audit log, on one transaction. */
function repositories(trx: Tx) {
  return { passwords: new WithdrawPasswordRepository(trx), audit: new AuditRepository(trx) };
}

type TryOutcome =
  | { outcome: 'locked'; lockedUntil: Date }
  | { outcome: 'right' }
  | { outcome: 'wrong'; failures: number; lockedUntil: Date | null };

/**
 * The payment (withdraw) password (docs/wallet-contract.md "Withdrawals"): a second secret, scrypt-hashed
 * like the login password, asked for every money movement out of the member's hands (withdrawals, agent
 * transfers). Five wrong answers in a row lock it for 15 minutes; a right answer resets the count.
 *
 * Each answer is compared under the member row's lock, with the count read before and written after it in
 * one transaction of its own (docs/api.md "Attempt limits"): parallel answers run one after another and at
 * most five wrong ones are ever compared. A wrong answer stays counted although the request that carried
 * it fails. Callers check the password before they open their money transaction, never inside it: the try
 * must be committed whatever that transaction does, and on PGlite's single connection a transaction of
 * its own cannot run while another is open.
 */
export class WithdrawPasswordService {
  readonly #db: Db;
  readonly #repository: WithdrawPasswordRepository<Db>;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock = systemClock) {
    this.#db = db;
    this.#repository = new WithdrawPasswordRepository(db);
    this.#clock = clock;
  }

  async #state(memberId: bigint): Promise<PaymentPasswordState> {
    const row = await this.#repository.state(memberId);
    if (!row) throw new AppError('not_found', { message: `member ${memberId}` });
    return row;
  }

  async isSet(memberId: bigint): Promise<boolean> {
    return (await this.#state(memberId)).withdraw_password_hash !== null;
  }

  /**
   * Checks the payment password. Throws `withdraw_password_not_set` (422), `withdraw_password_locked` (423,
   * `details.lockedUntil`) or `withdraw_password_error` (403, `details.remainingAttempts`); the fifth wrong
   * answer in a row already answers `withdraw_password_locked`. `ip` (the request's) goes into the
   * `withdraw_password.locked` audit row when this answer locks the password.
   */
  async verify(memberId: bigint, password: string, ip = 'unknown'): Promise<void> {
    const state = await this.#state(memberId);
    const hash = state.withdraw_password_hash;
    if (hash === null) throw new AppError('withdraw_password_not_set');
    await this.#check(state, ip, () => verifyPassword(password, hash), 'withdraw_password_error');
  }

  /**
   * One try of the counter, decided under the member row's lock: `compare` only runs while the password is
   * not locked, and tries on one member run one at a time. A right answer resets the count, a wrong one
   * answers `wrong` (or `withdraw_password_locked` when it was the fifth in a row).
   */
  async #check(
    state: PaymentPasswordState,
    ip: string,
    compare: () => Promise<boolean>,
    wrong: 'withdraw_password_error' | 'old_password_error',
  ): Promise<void> {
    const { maxFailures } = WITHDRAW_PASSWORD_LIMITS;
    const result = await this.#tryUnderLock(state.id, this.#clock.now(), ip, compare);
    if (result.outcome === 'right') return;
    const { lockedUntil } = result;
    if (result.outcome === 'wrong' && lockedUntil === null) {
      throw new AppError(wrong, { details: { remainingAttempts: maxFailures - result.failures } });
    }
    throw new AppError('withdraw_password_locked', { details: { lockedUntil: lockedUntil?.toISOString() } });
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
  #tryUnderLock(
    memberId: bigint,
    now: Date,
    ip: string,
    compare: () => Promise<boolean>,
  ): Promise<TryOutcome> {
    const { maxFailures, lockMs } = WITHDRAW_PASSWORD_LIMITS;
    return transact(this.#db, repositories, async ({ passwords, audit }): Promise<TryOutcome> => {
      const row = await passwords.lockCounter(memberId);
      const until = row.withdraw_password_locked_until;
      if (until !== null && until > now) return { outcome: 'locked', lockedUntil: until };
      if (await compare()) {
        if (row.withdraw_password_failures > 0 || until !== null)
          await passwords.setCounter(memberId, 0, null);
        return { outcome: 'right' };
      }
      const failures = (until !== null ? 0 : row.withdraw_password_failures) + 1;
      const lockedUntil = failures >= maxFailures ? new Date(now.getTime() + lockMs) : null;
      await passwords.setCounter(memberId, failures, lockedUntil);
      if (lockedUntil) {
        await audit.record({
          brandId: row.brand_id,
          operatorId: null,
          memberId,
          action: 'withdraw_password.locked',
          ip,
          detail: { failures, lockedUntil: lockedUntil.toISOString() },
        });
      }
      return { outcome: 'wrong', failures, lockedUntil };
    });
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
    const state = await this.#state(memberId);
    let changed: boolean;
    if ('oldPassword' in payload) {
      await this.verify(memberId, payload.oldPassword, origin.ip);
      changed = true;
    } else {
      if (state.withdraw_password_hash !== null) throw new AppError('withdraw_password_already_set');
      await this.#check(
        state,
        origin.ip,
        () => verifyPassword(payload.loginPassword, state.password_hash),
        'old_password_error',
      );
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
    const now = this.#clock.now();
    // The new hash and its audit row in one transaction.
    const stored = await transact(this.#db, repositories, async ({ passwords, audit }) => {
      if (!(await passwords.storeHash(memberId, hash, !changed))) return false;
      await audit.record({
        brandId: state.brand_id,
        memberId,
        action: changed ? 'withdraw_password.changed' : 'withdraw_password.set',
        ip: origin.ip,
        userAgent: clipUserAgent(origin.userAgent),
        at: now,
      });
      return true;
    });
    if (!stored) throw new AppError('withdraw_password_already_set');
    return { changed };
  }
}

function checkNewPassword(password: string): void {
  if (!WITHDRAW_PASSWORD_PATTERN.test(password)) {
    throw new AppError('field_invalid', {
      message: 'payment password: 6..20 letters and digits',
      details: { field: 'newPassword', check: 'pattern', minLength: 6, maxLength: 20 },
    });
  }
}
