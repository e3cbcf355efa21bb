import type { MemberRow } from '../../db/tables/accounts.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { AttemptReservation } from '../../lib/attempt-gate.ts';
import { MembersRepository } from './members.repository.ts';

/**
 * The members module's `api` (members-api.ts): member look-ups, and the login counters on the member's
 * row, each write one statement in a transaction of its own (as the login flow has always written them).
 */
export class MemberAccounts {
  readonly #reads: MembersRepository<Db>;
  readonly #uow: UnitOfWork<{ members: MembersRepository<Tx> }>;

  constructor(db: Db) {
    this.#reads = new MembersRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => ({ members: new MembersRepository(trx) }));
  }

  findById(id: bigint): Promise<MemberRow | undefined> {
    return this.#reads.findById(id);
  }

  findByUsername(brandId: bigint, username: string): Promise<MemberRow | undefined> {
    return this.#reads.findByUsername(brandId, username);
  }

  findByMobile(
    brandId: bigint,
    countryDialingCode: string,
    mobileNum: string,
  ): Promise<MemberRow | undefined> {
    return this.#reads.findByMobile(brandId, countryDialingCode, mobileNum);
  }

  /** MembersRepository.reserveLoginAttempt: one attempt reserved before the password is compared. */
  reserveLoginAttempt(
    id: bigint,
    now: Date,
    windowMs: number,
    maxFailures: number,
  ): Promise<AttemptReservation> {
    return this.#uow.run(({ members }) => members.reserveLoginAttempt(id, now, windowMs, maxFailures));
  }

  lockIfSpent(id: bigint, maxFailures: number, lockUntil: Date): Promise<boolean> {
    return this.#uow.run(({ members }) => members.lockIfSpent(id, maxFailures, lockUntil));
  }

  clearLoginFailures(id: bigint): Promise<void> {
    return this.#uow.run(({ members }) => members.clearLoginFailures(id));
  }

  recordSuccess(id: bigint, now: Date): Promise<void> {
    return this.#uow.run(({ members }) => members.recordSuccess(id, now));
  }
}
