import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AuthRepository } from './auth.repository.ts';

/** What the log-in services' transactions work on: sessions, known IPs, challenges and remember-me tokens. */
export function authRepositories(trx: Tx) {
  return { auth: new AuthRepository(trx) };
}

export type AuthUnitOfWork = UnitOfWork<ReturnType<typeof authRepositories>>;

export function authUnitOfWork(db: Db): AuthUnitOfWork {
  return new UnitOfWork(db, authRepositories);
}
