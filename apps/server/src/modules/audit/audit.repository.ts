import { sql } from 'kysely';
import { type Executor, Repository } from '../../db/unit-of-work.ts';

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

/** The audit log's SQL: its one writer, and the reads of the hash chain (audit-chain.ts). */
export class AuditRepository<E extends Executor = Executor> extends Repository<E> {
  /**
   * Appends a row. One statement (the chain trigger of migration 0009 links it), so it may run on the
   * database for an event of its own (a log-in); an action's row is written on the action's transaction,
   * so an action is never recorded without its effect or the reverse.
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
    return this.db
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
      .orderBy('chain_seq')
      .limit(limit)
      .execute();
  }

  chainHead(): Promise<{ last_seq: bigint; last_hash: string }> {
    return this.db.selectFrom('audit_chain_head').select(['last_seq', 'last_hash']).executeTakeFirstOrThrow();
  }
}
