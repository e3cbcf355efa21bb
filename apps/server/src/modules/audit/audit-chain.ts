import type { Db } from '../../db/unit-of-work.ts';
import { AuditRepository } from './audit.repository.ts';

/**
 * Walks the hash-chained audit log (migration 0009) and reports every place it no longer holds: a row whose
 * fields were changed after it was written (its hash no longer matches), a row removed (a gap in
 * `chain_seq`, or the next row's `prev_hash` pointing at nothing), and newest rows removed (the chain ends
 * before `audit_chain_head`). The hash is recomputed by the database's own `audit_row_hash`, the function
 * the insert trigger used, so the two can never disagree on the canonical form.
 */

export const AUDIT_GENESIS_HASH = '0'.repeat(64);

export type AuditChainProblem =
  | { kind: 'altered'; seq: bigint; id: bigint }
  | { kind: 'broken_link'; seq: bigint; id: bigint }
  | { kind: 'missing'; fromSeq: bigint; toSeq: bigint }
  | { kind: 'head_mismatch'; headSeq: bigint; lastSeq: bigint };

export type AuditChainReport = {
  ok: boolean;
  rows: number;
  problems: AuditChainProblem[];
};

/** Rows read per query, so a long log is walked in constant memory. */
const BATCH = 5000;
/** Past this many, the report stops listing (a wholesale rewrite need not print a million lines). */
const MAX_PROBLEMS = 100;

export async function verifyAuditChain(db: Db): Promise<AuditChainReport> {
  const audit = new AuditRepository(db);
  const problems: AuditChainProblem[] = [];
  const report = (problem: AuditChainProblem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  let rows = 0;
  let expectedSeq = 1n;
  let previousHash = AUDIT_GENESIS_HASH;
  for (;;) {
    const batch = await audit.chainFrom(expectedSeq, BATCH);
    for (const row of batch) {
      rows += 1;
      if (row.chain_seq !== expectedSeq) {
        report({ kind: 'missing', fromSeq: expectedSeq, toSeq: row.chain_seq - 1n });
      }
      if (row.prev_hash !== previousHash) report({ kind: 'broken_link', seq: row.chain_seq, id: row.id });
      if (row.row_hash !== row.expected_hash) report({ kind: 'altered', seq: row.chain_seq, id: row.id });
      expectedSeq = row.chain_seq + 1n;
      previousHash = row.row_hash;
    }
    if (batch.length < BATCH) break;
  }
  const head = await audit.chainHead();
  if (head.last_seq !== expectedSeq - 1n || head.last_hash !== previousHash) {
    report({ kind: 'head_mismatch', headSeq: head.last_seq, lastSeq: expectedSeq - 1n });
  }
  return { ok: problems.length === 0, rows, problems };
}
