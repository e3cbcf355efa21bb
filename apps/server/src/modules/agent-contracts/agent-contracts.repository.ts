import { type Selectable, sql } from 'kysely';
import type {
  AgentContractSettlementsTable,
  AgentContractsTable,
  ContractEndReasonColumn,
  ContractKindColumn,
  ContractStatusColumn,
  StoredTier,
} from '../../db/tables/agent-contracts.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

export type ContractRow = Selectable<AgentContractsTable> & {
  upline_username: string | null;
  downline_username: string;
};
export type SettlementRow = Selectable<AgentContractSettlementsTable> & {
  kind: ContractKindColumn;
  period: ContractRow['period'];
  upline_id: bigint | null;
  downline_id: bigint;
  upline_username: string | null;
  downline_username: string;
};
export type MemberFacts = {
  id: bigint;
  brandId: bigint;
  username: string;
  uplineId: bigint | null;
  memberType: number;
  isTrial: boolean;
};

export type NewContract = {
  brandId: bigint;
  kind: ContractKindColumn;
  uplineId: bigint | null;
  downlineId: bigint;
  period: ContractRow['period'];
  rateBps: number;
  baseRateBps: number;
  tiers: StoredTier[];
  status: 'offered' | 'accepted';
  at: Date;
  createdBy: string;
};

const toBigint = (value: unknown): bigint => BigInt(String(value ?? 0));

/** `%` and `_` typed in a search are letters, not wildcards. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * SQL of agent contracts and their settlements (migration 0025). Every transition runs under the chain lock
 * of its (brand, kind) — `lockChain` — taken first in its transaction, so parallel offers and accepts of
 * one kind see each other's rates and the chain stays monotone.
 */
export class AgentContractsRepository<E extends Executor = Executor> extends Repository<E> {
  #contracts() {
    return this.db
      .selectFrom('agent_contracts as c')
      .innerJoin('members as d', 'd.id', 'c.downline_id')
      .leftJoin('members as u', 'u.id', 'c.upline_id')
      .selectAll('c')
      .select(['u.username as upline_username', 'd.username as downline_username']);
  }

  async contract(id: bigint): Promise<ContractRow | undefined> {
    return this.#contracts().where('c.id', '=', id).executeTakeFirst();
  }

  async member(brandId: bigint, id: bigint): Promise<MemberFacts | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select(['id', 'brand_id', 'username', 'upline_id', 'member_type', 'is_trial'])
      .where('id', '=', id)
      .where('brand_id', '=', brandId)
      .executeTakeFirst();
    return row && factsOf(row);
  }

  async memberByUsername(brandId: bigint, username: string): Promise<MemberFacts | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select(['id', 'brand_id', 'username', 'upline_id', 'member_type', 'is_trial'])
      .where('brand_id', '=', brandId)
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    return row && factsOf(row);
  }

  /** The accepted contract of `kind` the member holds as downline. */
  accepted(downlineId: bigint, kind: ContractKindColumn): Promise<ContractRow | undefined> {
    return this.#contracts()
      .where('c.downline_id', '=', downlineId)
      .where('c.kind', '=', kind)
      .where('c.status', '=', 'accepted')
      .executeTakeFirst();
  }

  offersTo(downlineId: bigint, kind: ContractKindColumn): Promise<ContractRow[]> {
    return this.#contracts()
      .where('c.downline_id', '=', downlineId)
      .where('c.kind', '=', kind)
      .where('c.status', '=', 'offered')
      .orderBy('c.id', 'desc')
      .execute();
  }

  /** Contracts and open offers the member made (as upline) of `kind`; above `aboveBps` only when given. */
  madeBy(uplineId: bigint, kind: ContractKindColumn, aboveBps?: number): Promise<ContractRow[]> {
    let query = this.#contracts()
      .where('c.upline_id', '=', uplineId)
      .where('c.kind', '=', kind)
      .where('c.status', 'in', ['offered', 'accepted']);
    if (aboveBps !== undefined) query = query.where('c.rate_bps', '>', aboveBps);
    return query.orderBy('c.id', 'desc').execute();
  }

  history(memberId: bigint, kind: ContractKindColumn, limit: number): Promise<ContractRow[]> {
    return this.#contracts()
      .where('c.kind', '=', kind)
      .where('c.status', 'in', ['rejected', 'withdrawn', 'ended'])
      .where((eb) => eb.or([eb('c.downline_id', '=', memberId), eb('c.upline_id', '=', memberId)]))
      .orderBy('c.closed_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Per kind: offers waiting for the member, and whether it ever held or was offered one. */
  async consolidated(memberId: bigint): Promise<{ kind: ContractKindColumn; waiting: number }[]> {
    const rows = await this.db
      .selectFrom('agent_contracts')
      .select(['kind', sql<string>`count(*) filter (where status = 'offered')`.as('waiting')])
      .where('downline_id', '=', memberId)
      .groupBy('kind')
      .execute();
    return rows.map((row) => ({ kind: row.kind, waiting: Number(row.waiting) }));
  }

  async operatorPage(
    brandId: bigint,
    filter: {
      username?: string | undefined;
      kind?: ContractKindColumn | undefined;
      status?: ContractStatusColumn | undefined;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: ContractRow[]; total: number }> {
    let query = this.#contracts().where('c.brand_id', '=', brandId);
    if (filter.kind) query = query.where('c.kind', '=', filter.kind);
    if (filter.status) query = query.where('c.status', '=', filter.status);
    if (filter.username) {
      const like = likeContains(filter.username.toLowerCase());
      query = query.where((eb) =>
        eb.or([
          eb(sql<string>`lower(d.username)`, 'like', like),
          eb(sql<string>`lower(u.username)`, 'like', like),
        ]),
      );
    }
    const total = await query.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const rows = await query.orderBy('c.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
    return { rows, total: Number(total.n) };
  }

  // ------------------------------------------------------------------------------------------------------
  // Settlements (reads)

  #settlements() {
    return this.db
      .selectFrom('agent_contract_settlements as s')
      .innerJoin('agent_contracts as c', 'c.id', 's.contract_id')
      .innerJoin('members as d', 'd.id', 'c.downline_id')
      .leftJoin('members as u', 'u.id', 'c.upline_id')
      .selectAll('s')
      .select([
        'c.kind',
        'c.period',
        'c.upline_id',
        'c.downline_id',
        'u.username as upline_username',
        'd.username as downline_username',
      ]);
  }

  settlement(id: bigint): Promise<SettlementRow | undefined> {
    return this.#settlements().where('s.id', '=', id).executeTakeFirst();
  }

  settlementOf(contractId: bigint, periodStart: Date): Promise<SettlementRow | undefined> {
    return this.#settlements()
      .where('s.contract_id', '=', contractId)
      .where('s.period_start', '=', periodStart)
      .executeTakeFirst();
  }

  settlementsOfContract(contractId: bigint, limit: number): Promise<SettlementRow[]> {
    return this.#settlements()
      .where('s.contract_id', '=', contractId)
      .orderBy('s.period_start', 'desc')
      .limit(limit)
      .execute();
  }

  async memberSettlements(
    memberId: bigint,
    filter: {
      kind: ContractKindColumn;
      role: 'received' | 'paid';
      from: Date;
      until: Date;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: SettlementRow[]; total: number; totalPaidMinor: bigint }> {
    const query = this.#settlements()
      .where(filter.role === 'received' ? 'c.downline_id' : 'c.upline_id', '=', memberId)
      .where('c.kind', '=', filter.kind)
      .where('s.period_start', '>=', filter.from)
      .where('s.period_start', '<', filter.until);
    const sums = await query
      .clearSelect()
      .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(s.paid_minor), 0)`.as('paid')])
      .executeTakeFirstOrThrow();
    const rows = await query
      .orderBy('s.period_start', 'desc')
      .orderBy('s.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return { rows, total: Number(sums.n), totalPaidMinor: toBigint(sums.paid) };
  }

  // ------------------------------------------------------------------------------------------------------
  // Writes

  /**
   * The chain lock of one kind in one brand, held to the end of the transaction: every contract
   * transition of the kind takes it first, so the rates it checks cannot move under it.
   */
  async lockChain(this: AgentContractsRepository<Tx>, brandId: bigint, kind: ContractKindColumn) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`agent-contracts:${brandId}:${kind}`}::text, 0))`.execute(
      this.db,
    );
  }

  async insertContract(this: AgentContractsRepository<Tx>, contract: NewContract): Promise<bigint> {
    const row = await this.db
      .insertInto('agent_contracts')
      .values({
        brand_id: contract.brandId,
        kind: contract.kind,
        upline_id: contract.uplineId,
        downline_id: contract.downlineId,
        period: contract.period,
        rate_bps: contract.rateBps,
        base_rate_bps: contract.baseRateBps,
        tiers: JSON.stringify(contract.tiers),
        status: contract.status,
        offered_at: contract.at,
        accepted_at: contract.status === 'accepted' ? contract.at : null,
        created_by: contract.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async accept(this: AgentContractsRepository<Tx>, id: bigint, at: Date): Promise<void> {
    await this.db
      .updateTable('agent_contracts')
      .set({ status: 'accepted', accepted_at: at })
      .where('id', '=', id)
      .where('status', '=', 'offered')
      .executeTakeFirstOrThrow();
  }

  /** Offered → rejected / withdrawn, accepted → ended. */
  async close(
    this: AgentContractsRepository<Tx>,
    id: bigint,
    status: 'rejected' | 'withdrawn' | 'ended',
    reason: ContractEndReasonColumn,
    at: Date,
  ): Promise<void> {
    await this.db
      .updateTable('agent_contracts')
      .set({ status, end_reason: reason, closed_at: at })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Contracts that may have periods to settle (accepted, or ended after their last planned period) whose
   * next period is due (or was never looked at), the longest waiting first; one planner at a time per row.
   */
  toPlan(this: AgentContractsRepository<Tx>, now: Date, limit: number): Promise<ContractRow[]> {
    return this.#contracts()
      .where((eb) => eb.or([eb('c.plan_after', 'is', null), eb('c.plan_after', '<=', now)]))
      .where((eb) =>
        eb.or([
          eb('c.status', '=', 'accepted'),
          eb.and([
            eb('c.status', '=', 'ended'),
            eb.or([eb('c.planned_until', 'is', null), eb('c.planned_until', '<', eb.ref('c.closed_at'))]),
          ]),
        ]),
      )
      .orderBy(sql`c.plan_after nulls first`)
      .limit(limit)
      .forUpdate('c')
      .skipLocked()
      .execute();
  }

  async setPlanned(this: AgentContractsRepository<Tx>, id: bigint, until: Date, after: Date): Promise<void> {
    await this.db
      .updateTable('agent_contracts')
      .set({ planned_until: until, plan_after: after })
      .where('id', '=', id)
      .execute();
  }

  /** Accepted contracts (of one kind, or all), for the browser journeys' settle-now hook (DEV_INBOX). */
  inForce(kind: ContractKindColumn | undefined): Promise<ContractRow[]> {
    let query = this.#contracts().where('c.status', '=', 'accepted');
    if (kind !== undefined) query = query.where('c.kind', '=', kind);
    return query.orderBy('c.id').execute();
  }

  /** The settlement row of (contract, period); its id when this call made it, null when it existed. */
  async insertSettlement(
    this: AgentContractsRepository<Tx>,
    row: { brandId: bigint; contractId: bigint; start: Date; end: Date },
  ): Promise<bigint | null> {
    const inserted = await this.db
      .insertInto('agent_contract_settlements')
      .values({
        brand_id: row.brandId,
        contract_id: row.contractId,
        period_start: row.start,
        period_end: row.end,
      })
      .onConflict((conflict) => conflict.constraint('agent_contract_settlements_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? null;
  }

  /** Settlements waiting for the upline's funds whose retry time has come. */
  async retriesDue(this: AgentContractsRepository<Tx>, now: Date, limit: number): Promise<bigint[]> {
    const rows = await this.db
      .updateTable('agent_contract_settlements')
      .set({ retry_at: null })
      .where(
        'id',
        'in',
        this.db
          .selectFrom('agent_contract_settlements')
          .select('id')
          .where('status', '=', 'awaiting_funds')
          .where('retry_at', '<=', now)
          .orderBy('retry_at')
          .limit(limit),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Locks one settlement for its run (two runs of one settlement queue here). */
  lockSettlement(this: AgentContractsRepository<Tx>, id: bigint): Promise<SettlementRow | undefined> {
    return this.#settlements().where('s.id', '=', id).forUpdate('s').executeTakeFirst();
  }

  /**
   * Unpaid settlements of the same period of the upline's own contract of `kind`: settled first, so the
   * upline has been paid its share before it pays its downline's.
   */
  async uplineUnpaid(uplineId: bigint, kind: ContractKindColumn, periodStart: Date): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('agent_contract_settlements as s')
      .innerJoin('agent_contracts as c', 'c.id', 's.contract_id')
      .select('s.id')
      .where('c.downline_id', '=', uplineId)
      .where('c.kind', '=', kind)
      .where('s.period_start', '=', periodStart)
      .where('s.status', '<>', 'paid')
      .execute();
    return rows.map((row) => row.id);
  }

  async recordRun(
    this: AgentContractsRepository<Tx>,
    id: bigint,
    run: {
      baseMinor: bigint;
      activePlayers: number;
      rateBps: number;
      entitledMinor: bigint;
      paidMinor: bigint;
      entries: number;
      settledAt: Date;
    },
  ): Promise<void> {
    await this.db
      .updateTable('agent_contract_settlements')
      .set((eb) => ({
        base_minor: run.baseMinor,
        active_players: run.activePlayers,
        rate_bps: run.rateBps,
        entitled_minor: run.entitledMinor,
        paid_minor: run.paidMinor,
        entries: run.entries,
        status: 'paid',
        settled_at: run.settledAt,
        retry_at: null,
        last_error: null,
        runs: eb('runs', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
  }

  async recordAwaitingFunds(
    this: AgentContractsRepository<Tx>,
    id: bigint,
    failure: { entitledMinor: bigint; retryAt: Date; error: string },
  ): Promise<void> {
    await this.db
      .updateTable('agent_contract_settlements')
      .set((eb) => ({
        entitled_minor: failure.entitledMinor,
        status: 'awaiting_funds',
        retry_at: failure.retryAt,
        last_error: failure.error.slice(0, 500),
        runs: eb('runs', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
  }

  async insertPayment(
    this: AgentContractsRepository<Tx>,
    payment: { settlementId: bigint; seq: number; entryId: bigint; amountMinor: bigint; at: Date },
  ): Promise<void> {
    await this.db
      .insertInto('agent_contract_payments')
      .values({
        settlement_id: payment.settlementId,
        seq: payment.seq,
        entry_id: payment.entryId,
        amount_minor: payment.amountMinor,
        created_at: payment.at,
      })
      .execute();
  }
}

function factsOf(row: {
  id: bigint;
  brand_id: bigint;
  username: string;
  upline_id: bigint | null;
  member_type: number;
  is_trial: boolean;
}): MemberFacts {
  return {
    id: row.id,
    brandId: row.brand_id,
    username: row.username,
    uplineId: row.upline_id,
    memberType: row.member_type,
    isTrial: row.is_trial,
  };
}
