import { sql } from 'kysely';
import type {
  PayoutAccountKind,
  PayoutAccountRow,
  ReceiptStatus,
  WithdrawalRow,
  WithdrawalStatus,
} from '../../db/tables/wallet-operations.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** A withdrawal with what every view of it shows: the payout account and the member's username. */
export type WithdrawalDetail = Omit<WithdrawalRow, 'receipt_proof_image'> & {
  has_proof: boolean;
  username: string;
  account_kind: PayoutAccountKind;
  account_provider: string;
  account_number: string;
  account_ifsc: string | null;
  account_payee_name: string;
};

/** `status` of the back-office list: a withdrawal status, a receipt still awaited, or an open investigation. */
export type OpsFilter = WithdrawalStatus | 'awaiting' | 'investigation';

export type ReceiptUpdate = {
  status: Exclude<ReceiptStatus, 'awaiting' | 'auto_received'>;
  receivedMinor: bigint;
  proof: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null;
  note: string | null;
  investigation: 'open' | null;
  at: Date;
};

/** The SQL of payout accounts and withdrawals. Writes and row locks need a transaction-bound instance. */
export class WithdrawalsRepository<E extends Executor = Executor> extends Repository<E> {
  // --- brand and member -------------------------------------------------------------------------------

  async brandLimits(brandId: bigint) {
    return this.db
      .selectFrom('brands')
      .select(['withdrawal_min_minor', 'withdrawal_max_minor', 'withdrawal_receipt_minutes', 'currency'])
      .where('id', '=', brandId)
      .executeTakeFirstOrThrow();
  }

  /** The brand of `--brand <code>`, or the default brand. */
  async brandIdOf(code: string | undefined): Promise<bigint | null> {
    const row = await this.db
      .selectFrom('brands')
      .select('id')
      .$if(code === undefined, (query) => query.where('is_default', '=', true))
      .$if(code !== undefined, (query) => query.where('code', '=', code ?? ''))
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async payeeNameOf(memberId: bigint): Promise<string | null> {
    const row = await this.db
      .selectFrom('members')
      .select('payee_name')
      .where('id', '=', memberId)
      .executeTakeFirst();
    return row?.payee_name ?? null;
  }

  /** Sets the payee name once; false when the member already has one. */
  async setPayeeNameOnce(
    this: WithdrawalsRepository<Tx>,
    memberId: bigint,
    payeeName: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('members')
      .set({ payee_name: payeeName })
      .where('id', '=', memberId)
      .where('payee_name', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Locks the member row so two concurrent "add account" requests count the accounts one after the other. */
  async lockMember(this: WithdrawalsRepository<Tx>, memberId: bigint): Promise<void> {
    await this.db.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
  }

  // --- payout accounts --------------------------------------------------------------------------------

  async activePayoutAccounts(memberId: bigint): Promise<PayoutAccountRow[]> {
    return this.db
      .selectFrom('payout_accounts')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('removed_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  async activePayoutAccount(memberId: bigint, id: bigint): Promise<PayoutAccountRow | undefined> {
    return this.db
      .selectFrom('payout_accounts')
      .selectAll()
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }

  async insertPayoutAccount(
    this: WithdrawalsRepository<Tx>,
    row: {
      brandId: bigint;
      memberId: bigint;
      kind: PayoutAccountKind;
      provider: string;
      accountNumber: string;
      ifsc: string | null;
      payeeName: string;
      at: Date;
    },
  ): Promise<void> {
    await this.db
      .insertInto('payout_accounts')
      .values({
        brand_id: row.brandId,
        member_id: row.memberId,
        kind: row.kind,
        provider: row.provider,
        account_number: row.accountNumber,
        ifsc: row.ifsc,
        payee_name: row.payeeName,
        created_at: row.at,
      })
      .execute();
  }

  /** Removes the account from the member's list; withdrawals that used it keep pointing at it. */
  async removePayoutAccount(
    this: WithdrawalsRepository<Tx>,
    memberId: bigint,
    id: bigint,
    at: Date,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('payout_accounts')
      .set({ removed_at: at })
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  // --- withdrawals ------------------------------------------------------------------------------------

  /**
   * The next withdrawal id, taken before the row exists: the hold is keyed by it (`withdrawal:<id>:hold`)
   * and the row needs the hold's id, so one of the two must know its id first.
   */
  async nextWithdrawalId(this: WithdrawalsRepository<Tx>): Promise<bigint> {
    const result = await sql<{ id: bigint }>`
      select nextval(pg_get_serial_sequence('withdrawals', 'id')) as id`.execute(this.db);
    const id = result.rows[0]?.id;
    if (id === undefined) throw new Error('no withdrawal id');
    return BigInt(id);
  }

  async insertWithdrawal(
    this: WithdrawalsRepository<Tx>,
    row: {
      id: bigint;
      brandId: bigint;
      memberId: bigint;
      payoutAccountId: bigint;
      amountMinor: bigint;
      currency: string;
      holdId: bigint;
      at: Date;
    },
  ): Promise<void> {
    // The id comes from the identity's own sequence (nextWithdrawalId), hence `overriding system value`.
    await sql`
      insert into withdrawals
        (id, brand_id, member_id, payout_account_id, amount_minor, currency, hold_id, created_at, updated_at)
      overriding system value
      values (${row.id}, ${row.brandId}, ${row.memberId}, ${row.payoutAccountId}, ${row.amountMinor},
        ${row.currency}, ${row.holdId}, ${row.at}, ${row.at})`.execute(this.db);
  }

  #details() {
    return this.db
      .selectFrom('withdrawals as w')
      .innerJoin('payout_accounts as a', 'a.id', 'w.payout_account_id')
      .innerJoin('members as m', 'm.id', 'w.member_id')
      .select([
        'w.id',
        'w.brand_id',
        'w.member_id',
        'w.payout_account_id',
        'w.amount_minor',
        'w.currency',
        'w.hold_id',
        'w.status',
        'w.paid_entry_id',
        'w.decided_by',
        'w.decided_at',
        'w.reject_reason',
        'w.receipt_status',
        'w.receipt_deadline',
        'w.received_minor',
        'w.receipt_proof_type',
        'w.receipt_note',
        'w.receipt_at',
        'w.investigation',
        'w.created_at',
        'w.updated_at',
        sql<boolean>`w.receipt_proof_image is not null`.as('has_proof'),
        'm.username',
        'a.kind as account_kind',
        'a.provider as account_provider',
        'a.account_number as account_number',
        'a.ifsc as account_ifsc',
        'a.payee_name as account_payee_name',
      ]);
  }

  async detail(id: bigint): Promise<WithdrawalDetail | undefined> {
    return this.#details().where('w.id', '=', id).executeTakeFirst();
  }

  async memberPage(
    memberId: bigint,
    page: { offset: number; limit: number },
  ): Promise<{ rows: WithdrawalDetail[]; total: number }> {
    const rows = await this.#details()
      .where('w.member_id', '=', memberId)
      .orderBy('w.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const count = await this.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.count) };
  }

  async opsPage(
    brandId: bigint,
    filter: OpsFilter | undefined,
    page: { offset: number; limit: number },
  ): Promise<{ rows: WithdrawalDetail[]; total: number }> {
    const rows = await this.#details()
      .where('w.brand_id', '=', brandId)
      .$call((query) => applyOpsFilter(query, filter))
      .orderBy('w.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const count = await this.db
      .selectFrom('withdrawals as w')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('w.brand_id', '=', brandId)
      .$call((query) => applyOpsFilter(query, filter))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.count) };
  }

  /** Locks the withdrawal for a decision, so two decisions on one withdrawal run one after the other. */
  async lockWithdrawal(this: WithdrawalsRepository<Tx>, id: bigint): Promise<WithdrawalRow | undefined> {
    return this.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .forNoKeyUpdate()
      .executeTakeFirst();
  }

  async proofOf(id: bigint): Promise<
    | {
        brand_id: bigint;
        member_id: bigint;
        image: Uint8Array | null;
        type: 'image/png' | 'image/jpeg' | null;
      }
    | undefined
  > {
    return this.db
      .selectFrom('withdrawals')
      .select(['brand_id', 'member_id', 'receipt_proof_image as image', 'receipt_proof_type as type'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async markPaid(
    this: WithdrawalsRepository<Tx>,
    id: bigint,
    values: { entryId: bigint; decidedBy: string; at: Date; deadline: Date },
  ): Promise<void> {
    await this.db
      .updateTable('withdrawals')
      .set({
        status: 'paid',
        paid_entry_id: values.entryId,
        decided_by: values.decidedBy,
        decided_at: values.at,
        receipt_status: 'awaiting',
        receipt_deadline: values.deadline,
        updated_at: values.at,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  async markRejected(
    this: WithdrawalsRepository<Tx>,
    id: bigint,
    values: { reason: string; decidedBy: string; at: Date },
  ): Promise<void> {
    await this.db
      .updateTable('withdrawals')
      .set({
        status: 'rejected',
        reject_reason: values.reason,
        decided_by: values.decidedBy,
        decided_at: values.at,
        updated_at: values.at,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  async closeInvestigation(this: WithdrawalsRepository<Tx>, id: bigint, at: Date): Promise<void> {
    await this.db
      .updateTable('withdrawals')
      .set({ investigation: 'closed', updated_at: at })
      .where('id', '=', id)
      .where('investigation', '=', 'open')
      .execute();
  }

  /** The member's answer; only while awaiting and before the deadline (false otherwise). */
  async recordReceipt(
    this: WithdrawalsRepository<Tx>,
    id: bigint,
    memberId: bigint,
    update: ReceiptUpdate,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('withdrawals')
      .set({
        receipt_status: update.status,
        received_minor: update.receivedMinor,
        receipt_proof_image: update.proof?.bytes ?? null,
        receipt_proof_type: update.proof?.type ?? null,
        receipt_note: update.note,
        receipt_at: update.at,
        investigation: update.investigation,
        updated_at: update.at,
      })
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .where('receipt_status', '=', 'awaiting')
      .where('receipt_deadline', '>', update.at)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Every awaited receipt past its deadline becomes `auto_received` in one statement: PostgreSQL re-checks
   * the condition of a row another transaction changed meanwhile, so concurrent sweeps (several server
   * processes, the CLI) and a member's own answer never both apply to one row.
   */
  async autoReceive(
    now: Date,
  ): Promise<{ id: bigint; brandId: bigint; memberId: bigint; amountMinor: bigint }[]> {
    const rows = await this.db
      .updateTable('withdrawals')
      .set({
        receipt_status: 'auto_received',
        received_minor: sql<bigint>`amount_minor`,
        receipt_at: now,
        updated_at: now,
      })
      .where('receipt_status', '=', 'awaiting')
      .where('receipt_deadline', '<=', now)
      .returning(['id', 'brand_id', 'member_id', 'amount_minor'])
      .execute();
    return rows.map((row) => ({
      id: row.id,
      brandId: row.brand_id,
      memberId: row.member_id,
      amountMinor: row.amount_minor,
    }));
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the same filter applies to two differently typed queries.
function applyOpsFilter<Q extends { where: (...args: any[]) => any }>(
  query: Q,
  filter: OpsFilter | undefined,
): Q {
  switch (filter) {
    case undefined:
      return query;
    case 'awaiting':
      return query.where('w.receipt_status', '=', 'awaiting');
    case 'investigation':
      return query.where('w.investigation', '=', 'open');
    default:
      return query.where('w.status', '=', filter);
  }
}
