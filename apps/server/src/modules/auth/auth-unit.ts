import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { MembersRepository } from '../members/members.repository.ts';
import { AuthRepository } from './auth.repository.ts';

/** What the log-in services' transactions work on: sessions, challenges and tokens, and the member row. */
export function authRepositories(trx: Tx) {
  return { auth: new AuthRepository(trx), members: new MembersRepository(trx) };
}

export type AuthUnitOfWork = UnitOfWork<ReturnType<typeof authRepositories>>;

export function authUnitOfWork(db: Db): AuthUnitOfWork {
  return new UnitOfWork(db, authRepositories);
}
