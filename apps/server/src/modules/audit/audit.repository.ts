import { type NotNull, sql } from 'kysely';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/**
 * One row of the audit log. Actions are dotted lower case (`login.success`, `deposit.approved`,
 * `withdrawal.paid`, ...). `operatorId` is set for a back-office action (null for the operator CLI, which
 * records `detail.via = 'cli'`); `at` defaults to the database's clock. Never put secrets in `detail`.
 */
export type AuditRecord = {
  brandId: bigint | null;
  /** The member who acted, or was acted upon. */
  memberId: bigint | null;
  operatorId?: bigint | null;
  action: string;
  ip: string;
  userAgent?: string | null;
  detail?: Record<string, unknown>;
  at?: Date;
};

export type AuditChainRow = {
  id: bigint;
  chain_seq: bigint;
  prev_hash: string;
  row_hash: string;
  expected_hash: string;
};

/** A seal as the sealer wrote it (`audit_seal`). */
export type AuditSeal = {
  seq: bigint;
  first_seq: bigint;
  last_seq: bigint;
  row_count: number;
  seal_hash: string;
};

/** A stored seal with what the database computes for it now: its own hash, and the rows it covers. */
export type AuditSealCheck = AuditSeal & {
  rows_hash: string;
  prev_hash: string;
  expected_hash: string;
  /** `audit_rows_hash` over the rows now in its range, and how many there are. */
  covered_hash: string;
  covered_rows: bigint;
};

/**
 * The audit log's SQL: its one writer, the sealer (the `audit.seal` job and `audit:seal`) and the reads of
 * the hash chain and its seals (audit-chain.ts).
 */
export class AuditRepository<E extends Executor = Executor> extends Repository<E> {
  /**
   * Appends a row. One statement taking no shared lock (it arrives unsealed; the `audit.seal` job chains it,
   * migration 0019), so it may run on the database for an event of its own (a log-in); an action's row is
   * written on the action's transaction, so an action is never recorded without its effect or the reverse.
   */
  async record(entry: AuditRecord): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        brand_id: entry.brandId,
        member_id: entry.memberId,
        operator_id: entry.operatorId ?? null,
        action: entry.action,
        ip: entry.ip,
        user_agent: entry.userAgent ?? null,
        detail: JSON.stringify(entry.detail ?? {}, (_key, value) =>
          typeof value === 'bigint' ? value.toString() : value,
        ),
        ...(entry.at === undefined ? {} : { created_at: entry.at }),
      })
      .execute();
  }

  /** Up to `limit` rows of the chain from `fromSeq` on, each with the hash the database computes for it now. */
  chainFrom(fromSeq: bigint, limit: number): Promise<AuditChainRow[]> {
    return (
      this.db
        .selectFrom('audit_log')
        .select([
          'id',
          'chain_seq',
          'prev_hash',
          'row_hash',
          sql<string>`audit_row_hash(chain_seq, id, brand_id, member_id, operator_id, action, ip, user_agent,
          detail, created_at, prev_hash)`.as('expected_hash'),
        ])
        .where('chain_seq', '>=', fromSeq)
        // Unsealed rows (null) are not in the chain yet.
        .$narrowType<{ chain_seq: NotNull; prev_hash: NotNull; row_hash: NotNull }>()
        .orderBy('chain_seq')
        .limit(limit)
        .execute()
    );
  }

  chainHead(): Promise<{
    last_seq: bigint;
    last_hash: string;
    last_seal_seq: bigint;
    last_seal_hash: string;
  }> {
    return this.db
      .selectFrom('audit_chain_head')
      .select(['last_seq', 'last_hash', 'last_seal_seq', 'last_seal_hash'])
      .executeTakeFirstOrThrow();
  }

  /**
   * Chains up to `limit` committed unsealed rows and writes their seal, in one statement (`audit_seal`,
   * migration 0019) under the chain head's lock, which only sealers take. Null when nothing was unsealed.
   * Commit soon: a second sealer waits for this transaction.
   */
  async seal(this: AuditRepository<Tx>, limit: number): Promise<AuditSeal | null> {
    const result = await sql<AuditSeal>`select seq, first_seq, last_seq, row_count, seal_hash
      from audit_seal(${limit})`.execute(this.db);
    return result.rows[0] ?? null;
  }

  /** Rows not yet sealed (appended since the last seal, or committed after it). */
  async unsealedCount(): Promise<bigint> {
    const row = await this.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('chain_seq', 'is', null)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** Up to `limit` seals from `fromSeq` on, each with its hash and its rows' hash as the database computes them now. */
  sealsFrom(fromSeq: bigint, limit: number): Promise<AuditSealCheck[]> {
    return this.db
      .selectFrom('audit_seals as s')
      .select([
        's.seq',
        's.first_seq',
        's.last_seq',
        's.row_count',
        's.rows_hash',
        's.prev_hash',
        's.seal_hash',
        sql<string>`audit_seal_hash(s.seq, s.first_seq, s.last_seq, s.row_count, s.rows_hash, s.sealed_at,
          s.prev_hash)`.as('expected_hash'),
        sql<string>`audit_rows_hash(s.first_seq, s.last_seq)`.as('covered_hash'),
        (eb) =>
          eb
            .selectFrom('audit_log as a')
            .select(eb.fn.countAll<bigint>().as('n'))
            .whereRef('a.chain_seq', '>=', 's.first_seq')
            .whereRef('a.chain_seq', '<=', 's.last_seq')
            .as('covered_rows'),
      ])
      .where('s.seq', '>=', fromSeq)
      .$narrowType<{ covered_rows: NotNull }>()
      .orderBy('s.seq')
      .limit(limit)
      .execute();
  }
}
