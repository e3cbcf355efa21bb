import { type Db, readSnapshot } from '../../db/unit-of-work.ts';
import { AuditRepository } from './audit.repository.ts';

/**
 * Verifies the sealed audit log (migrations 0009 and 0019) and reports every place it no longer holds.
 *
 * The rows: a row whose fields were changed after it was sealed (its hash no longer matches), a row removed
 * (a gap in `chain_seq`, or the next row's `prev_hash` pointing at nothing), and newest rows removed (the
 * chain ends before `audit_chain_head`). The seals: a seal changed (its hash no longer matches), removed (a gap
 * in the seals' `seq`, a broken `prev_hash` link, or the newest one missing against the head), a chained row
 * no seal covers, and a seal whose rows no longer hash to what it sealed (a row removed, or a row changed with
 * its hash recomputed). Every hash is recomputed by the database's own functions (`audit_row_hash`,
 * `audit_rows_hash`, `audit_seal_hash`), the ones the sealer used, so the two can never disagree on the
 * canonical form.
 *
 * Rows appended since the last seal are not in the chain yet: the report counts them (`unsealed`) and checks
 * nothing about them — run `audit:seal` first to cover everything up to now.
 */

export const AUDIT_GENESIS_HASH = '0'.repeat(64);

export type AuditChainProblem =
  | { kind: 'altered'; seq: bigint; id: bigint }
  | { kind: 'broken_link'; seq: bigint; id: bigint }
  | { kind: 'missing'; fromSeq: bigint; toSeq: bigint }
  | { kind: 'head_mismatch'; headSeq: bigint; lastSeq: bigint }
  | { kind: 'seal_altered'; seal: bigint }
  | { kind: 'seal_broken_link'; seal: bigint }
  | { kind: 'seal_missing'; fromSeal: bigint; toSeal: bigint }
  | { kind: 'seal_rows_mismatch'; seal: bigint; firstSeq: bigint; lastSeq: bigint }
  | { kind: 'not_sealed'; fromSeq: bigint; toSeq: bigint }
  | { kind: 'seal_head_mismatch'; headSeal: bigint; lastSeal: bigint };

export type AuditChainReport = {
  ok: boolean;
  /** Rows in the chain (sealed). */
  rows: number;
  seals: number;
  /** Rows appended and not sealed yet: not checked. */
  unsealed: number;
  problems: AuditChainProblem[];
};

/** Rows (or seals) read per query, so a long log is walked in constant memory. */
const BATCH = 5000;
/** Past this many, the report stops listing (a wholesale rewrite need not print a million lines). */
const MAX_PROBLEMS = 100;

type Report = (problem: AuditChainProblem) => void;

export function verifyAuditChain(db: Db): Promise<AuditChainReport> {
  // One snapshot: the job may seal while this walks, and the head, the rows and the seals must be read as of
  // one moment (a seal committed between two reads would otherwise look like a mismatch).
  return readSnapshot(db, async (trx) => {
    const audit = new AuditRepository(trx);
    const problems: AuditChainProblem[] = [];
    const report: Report = (problem) => {
      if (problems.length < MAX_PROBLEMS) problems.push(problem);
    };
    const head = await audit.chainHead();
    const rows = await verifyRows(audit, head, report);
    const seals = await verifySeals(audit, head, report);
    const unsealed = Number(await audit.unsealedCount());
    return { ok: problems.length === 0, rows, seals, unsealed, problems };
  });
}

type Head = Awaited<ReturnType<AuditRepository['chainHead']>>;

async function verifyRows(audit: AuditRepository, head: Head, report: Report): Promise<number> {
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
  if (head.last_seq !== expectedSeq - 1n || head.last_hash !== previousHash) {
    report({ kind: 'head_mismatch', headSeq: head.last_seq, lastSeq: expectedSeq - 1n });
  }
  return rows;
}

async function verifySeals(audit: AuditRepository, head: Head, report: Report): Promise<number> {
  let seals = 0;
  let expectedSeal = 1n;
  let previousHash = AUDIT_GENESIS_HASH;
  // The next chain_seq a seal should start at: seals cover the chain from 1 without gaps or overlaps.
  let nextSeq = 1n;
  for (;;) {
    const batch = await audit.sealsFrom(expectedSeal, BATCH);
    for (const seal of batch) {
      seals += 1;
      if (seal.seq !== expectedSeal) {
        report({ kind: 'seal_missing', fromSeal: expectedSeal, toSeal: seal.seq - 1n });
      }
      if (seal.prev_hash !== previousHash) report({ kind: 'seal_broken_link', seal: seal.seq });
      if (seal.seal_hash !== seal.expected_hash) report({ kind: 'seal_altered', seal: seal.seq });
      if (seal.first_seq > nextSeq)
        report({ kind: 'not_sealed', fromSeq: nextSeq, toSeq: seal.first_seq - 1n });
      if (seal.covered_hash !== seal.rows_hash || seal.covered_rows !== BigInt(seal.row_count)) {
        report({
          kind: 'seal_rows_mismatch',
          seal: seal.seq,
          firstSeq: seal.first_seq,
          lastSeq: seal.last_seq,
        });
      }
      expectedSeal = seal.seq + 1n;
      previousHash = seal.seal_hash;
      nextSeq = seal.last_seq + 1n;
    }
    if (batch.length < BATCH) break;
  }
  if (head.last_seal_seq !== expectedSeal - 1n || head.last_seal_hash !== previousHash) {
    report({ kind: 'seal_head_mismatch', headSeal: head.last_seal_seq, lastSeal: expectedSeal - 1n });
  }
  // The sealer chains and seals in one transaction, so every chained row is under a seal.
  if (head.last_seq >= nextSeq) report({ kind: 'not_sealed', fromSeq: nextSeq, toSeq: head.last_seq });
  return seals;
}
