import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { ledgerIn } from '../ledger/ledger.ts';
import { protectionIn } from '../player-protection/activity-api.ts';
import { bonusGateIn } from '../promotion-engine/bonus-gate-api.ts';
import { type WithdrawalDetail, WithdrawalsRepository } from './withdrawals.repository.ts';

/**
 * What every withdrawal transaction works on (db/unit-of-work.ts): the withdrawals' rows, the ledger that
 * holds and moves their money, and the audit log, all bound to the one transaction.
 */
export function withdrawalRepositories(trx: Tx) {
  return {
    withdrawals: new WithdrawalsRepository(trx),
    ledger: ledgerIn(trx),
    audit: new AuditRepository(trx),
    protection: protectionIn(trx),
    // Issue 19: open bonuses lock part of the main wallet until their wagering is done or forfeited.
    bonusGate: bonusGateIn(trx),
  };
}

export type WithdrawalRepositories = ReturnType<typeof withdrawalRepositories>;

/** What each withdrawal service works with: the unit of work, the reads outside one, and the clock. */
export type WithdrawalsContext = {
  uow: UnitOfWork<WithdrawalRepositories>;
  reads: WithdrawalsRepository<Db>;
  clock: Clock;
};

export function withdrawalsContext(db: Db, clock: Clock = systemClock): WithdrawalsContext {
  return { uow: new UnitOfWork(db, withdrawalRepositories), reads: new WithdrawalsRepository(db), clock };
}

/** Who decides in the back office: an operator of the brand, or the ops CLI (`operatorId` null). */
export type WithdrawalActor = {
  brandId: bigint;
  operatorId: bigint | null;
  ip: string;
};

export function actorName(actor: WithdrawalActor): string {
  return actor.operatorId === null ? 'operator:cli' : `operator:${actor.operatorId}`;
}

export function checkReason(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (trimmed === '') throw new AppError('reason_required');
  return trimmed;
}

export async function detailOrThrow(
  withdrawals: WithdrawalsRepository,
  id: bigint,
): Promise<WithdrawalDetail> {
  const row = await withdrawals.detail(id);
  if (!row) throw new AppError('not_found');
  return row;
}
