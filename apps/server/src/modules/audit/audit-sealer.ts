import { type Db, transact } from '../../db/unit-of-work.ts';
import { AuditRepository } from './audit.repository.ts';

/**
 * Seals the audit log (migration 0019): chains the committed unsealed rows, oldest id first, in seals of at
 * most `AUDIT_SEAL_BATCH` rows. Each seal is its own short transaction, so the chain head — the sealers'
 * lock, which writers never take — is held for one batch at a time. Safe to run in several processes at once
 * (the `audit.seal` job runs once across them, and `audit:seal` may run beside it): a second sealer waits
 * for the head and then sees the first one's rows as sealed.
 */

/** Rows per seal: a seal is one statement, and a verifier reads a seal's rows in one query. */
export const AUDIT_SEAL_BATCH = 1000;
/**
 * Seals per job run: under a flood the job stops after this many (its next run goes on), so one run never
 * outlives its lease chasing rows that keep coming.
 */
export const AUDIT_SEALS_PER_RUN = 100;

export type AuditSealResult = { seals: number; rows: number; lastSeal: bigint | null };

/** Seals until a batch comes up short (every row committed by then is sealed), or after `maxSeals` seals. */
export async function sealAuditLog(
  db: Db,
  { batch = AUDIT_SEAL_BATCH, maxSeals = AUDIT_SEALS_PER_RUN }: { batch?: number; maxSeals?: number } = {},
): Promise<AuditSealResult> {
  const result: AuditSealResult = { seals: 0, rows: 0, lastSeal: null };
  while (result.seals < maxSeals) {
    const seal = await transact(db, (trx) => new AuditRepository(trx).seal(batch));
    if (seal === null) break;
    result.seals += 1;
    result.rows += seal.row_count;
    result.lastSeal = seal.seq;
    // A short batch took every committed unsealed row there was.
    if (seal.row_count < batch) break;
  }
  return result;
}
