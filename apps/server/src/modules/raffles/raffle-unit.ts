import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { ledgerIn } from '../ledger/ledger.ts';
import { RafflesRepository } from './raffles.repository.ts';

/** What a raffle transaction works on: the raffle rows, the ledger and the audit log. */
export function raffleRepositories(trx: Tx) {
  return { raffles: new RafflesRepository(trx), ledger: ledgerIn(trx), audit: new AuditRepository(trx) };
}
export type RaffleRepos = ReturnType<typeof raffleRepositories>;

/** The two raffle services' shared wiring: their unit of work, a reading repository and the clock. */
export type RaffleUnit = { uow: UnitOfWork<RaffleRepos>; reads: RafflesRepository; clock: Clock };

export function raffleUnit(deps: { db: Db; clock: Clock }): RaffleUnit {
  return {
    uow: new UnitOfWork(deps.db, raffleRepositories),
    reads: new RafflesRepository(deps.db),
    clock: deps.clock,
  };
}
