import { sql } from 'kysely';
import type {
  DepositRow,
  DepositStatus,
  PaymentMethodKind,
  PaymentMethodNames,
  PaymentMethodRow,
} from '../../db/tables/wallet-operations.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** A deposit with what every view of it shows: its method and its member's username. */
export type DepositRecord = Omit<DepositRow, 'proof_image'> & {
  method_code: string;
  method_kind: PaymentMethodKind;
  method_names: PaymentMethodNames;
  username: string;
  has_proof: boolean;
};

export type NewDeposit = {
  brandId: bigint;
  memberId: bigint;
  methodId: bigint;
  amountMinor: bigint;
  currency: string;
  reference: string | null;
  proof: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null;
};

export type DepositDecision =
  | { status: 'approved'; entryId: bigint; decidedBy: string; gatewayTxnId?: string }
  | { status: 'rejected' | 'failed'; reason: string; decidedBy: string; gatewayTxnId?: string };

export type BrandMoney = { id: bigint; currency: string; currencySymbol: string };

/** The SQL of payment methods and deposits (docs/wallet-contract.md "Deposits"). */
export class DepositsRepository<E extends Executor = Executor> extends Repository<E> {
  async brandMoney(brandId: bigint): Promise<BrandMoney | undefined> {
    const row = await this.db
      .selectFrom('brands')
      .select(['id', 'currency', 'currency_symbol'])
      .where('id', '=', brandId)
      .executeTakeFirst();
    return row && { id: row.id, currency: row.currency, currencySymbol: row.currency_symbol };
  }

  /** The brand named `code`, or the default brand (the operator CLI's `--brand`). */
  async brandIdByCode(code: string | undefined): Promise<bigint | undefined> {
    let query = this.db.selectFrom('brands').select('id');
    query = code === undefined ? query.where('is_default', '=', true) : query.where('code', '=', code);
    return (await query.executeTakeFirst())?.id;
  }

  async enabledMethods(brandId: bigint): Promise<PaymentMethodRow[]> {
    return this.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async methodByCode(brandId: bigint, code: string): Promise<PaymentMethodRow | undefined> {
    return this.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  async methodById(id: bigint): Promise<PaymentMethodRow | undefined> {
    return this.db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertDeposit(this: DepositsRepository<Tx>, deposit: NewDeposit): Promise<bigint> {
    const row = await this.db
      .insertInto('deposits')
      .values({
        brand_id: deposit.brandId,
        member_id: deposit.memberId,
        method_id: deposit.methodId,
        amount_minor: deposit.amountMinor,
        currency: deposit.currency,
        reference: deposit.reference,
        proof_image: deposit.proof?.bytes ?? null,
        proof_type: deposit.proof?.type ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  #records() {
    return this.db
      .selectFrom('deposits')
      .innerJoin('payment_methods', 'payment_methods.id', 'deposits.method_id')
      .innerJoin('members', 'members.id', 'deposits.member_id')
      .select([
        'deposits.id',
        'deposits.brand_id',
        'deposits.member_id',
        'deposits.method_id',
        'deposits.amount_minor',
        'deposits.currency',
        'deposits.status',
        'deposits.reference',
        'deposits.proof_type',
        'deposits.gateway_txn_id',
        'deposits.entry_id',
        'deposits.decided_by',
        'deposits.decided_at',
        'deposits.reject_reason',
        'deposits.created_at',
        'deposits.updated_at',
        'payment_methods.code as method_code',
        'payment_methods.kind as method_kind',
        'payment_methods.names as method_names',
        'members.username',
      ])
      .select(sql<boolean>`deposits.proof_image is not null`.as('has_proof'));
  }

  async findRecord(id: bigint): Promise<DepositRecord | undefined> {
    return this.#records().where('deposits.id', '=', id).executeTakeFirst();
  }

  /**
   * Locks a deposit row for a decision, so two deciders (an operator and the gateway's callback, or two
   * operators) take turns and the second sees the first one's status.
   */
  async lockDeposit(this: DepositsRepository<Tx>, id: bigint): Promise<DepositRow | undefined> {
    return this.db.selectFrom('deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Decides a pending deposit; undefined when it is no longer pending. */
  async decide(
    this: DepositsRepository<Tx>,
    id: bigint,
    decision: DepositDecision,
    now: Date,
  ): Promise<bigint | undefined> {
    const row = await this.db
      .updateTable('deposits')
      .set({
        status: decision.status,
        entry_id: decision.status === 'approved' ? decision.entryId : null,
        reject_reason: decision.status === 'approved' ? null : decision.reason,
        decided_by: decision.decidedBy,
        decided_at: now,
        updated_at: now,
        ...(decision.gatewayTxnId === undefined ? {} : { gateway_txn_id: decision.gatewayTxnId }),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async listOfMember(
    memberId: bigint,
    page: { offset: number; limit: number },
  ): Promise<{ rows: DepositRecord[]; total: number }> {
    const rows = await this.#records()
      .where('deposits.member_id', '=', memberId)
      .orderBy('deposits.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const { total } = await this.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(total) };
  }

  async listOfBrand(
    brandId: bigint,
    status: DepositStatus | undefined,
    page: { offset: number; limit: number },
  ): Promise<{ rows: DepositRecord[]; total: number }> {
    let rows = this.#records().where('deposits.brand_id', '=', brandId);
    let count = this.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('brand_id', '=', brandId);
    if (status !== undefined) {
      rows = rows.where('deposits.status', '=', status);
      count = count.where('status', '=', status);
    }
    const list = await rows.orderBy('deposits.id', 'desc').offset(page.offset).limit(page.limit).execute();
    const { total } = await count.executeTakeFirstOrThrow();
    return { rows: list, total: Number(total) };
  }

  async proofOf(
    id: bigint,
  ): Promise<
    { brandId: bigint; memberId: bigint; bytes: Uint8Array | null; type: string | null } | undefined
  > {
    const row = await this.db
      .selectFrom('deposits')
      .select(['brand_id', 'member_id', 'proof_image', 'proof_type'])
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && { brandId: row.brand_id, memberId: row.member_id, bytes: row.proof_image, type: row.proof_type }
    );
  }
}
