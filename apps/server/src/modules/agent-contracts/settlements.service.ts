import type {
  ContractKind,
  SettlementsFilter,
  SettlementsPage,
  SettlementView,
} from '@lotus/shared/agent-contracts.schema';
import { minorToDecimal } from '@lotus/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TeamFigures } from '../agents/agent-tree.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import type { JobsApi } from '../jobs/jobs-api.ts';
import { type EntryKind, ledgerIn, type PostingTarget } from '../ledger/ledger.ts';
import { AgentContractsRepository } from './agent-contracts.repository.ts';
import { periodContaining, windowOf } from './contract-periods.ts';
import { dayRange, entitlementOf, rateFor, settlementViewOf } from './contract-views.ts';
import { requireAgent } from './contracts.service.ts';

/** The one-off job that settles one (contract, period); its payload is `{ settlementId }`. */
export const SETTLE_JOB = 'agent-contracts.settle';
/** The recurring job that makes the settlement rows of every period that ended (docs/jobs.md). */
export const PLAN_JOB = 'agent-contracts.plan';
export const PLAN_EVERY_MS = 30_000;
/**
 * A period is settled this long after it ends, so rounds in flight at its end have committed. A round that
 * settles later still is corrected by a re-run (an adjusting entry).
 */
export const SETTLE_GRACE_MS = 60_000;
/** A settlement the upline's wallet could not pay is tried again after this long. */
export const FUNDS_RETRY_MS = 10 * 60_000;
/** Per planner pass: contracts looked at, and periods planned per contract (a catch-up after downtime). */
const PLAN_CONTRACTS = 200;
const PLAN_PERIODS = 300;

const repositories = (trx: Tx) => ({
  trx,
  contracts: new AgentContractsRepository(trx),
  ledger: ledgerIn(trx),
  audit: new AuditRepository(trx),
});
type Repos = ReturnType<typeof repositories>;

const NO_FIGURES: TeamFigures = { turnoverMinor: 0n, netLossMinor: 0n, activePlayers: 0 };

/**
 * The team's figures over a window, read in the settlement's own transaction: the agents module's
 * `teamFigures` (its betting aggregates over the member tree; a round counts in the period it settled in).
 */
export type TeamFiguresSource = (trx: Tx, agentId: bigint, from: Date, until: Date) => Promise<TeamFigures>;

/**
 * Settlement of contracts (docs/agent-contracts.md "Settlement"): the planner makes one settlement row per
 * (contract, period) that ended — the unique key — and queues its job in the same transaction; the job
 * computes the entitlement over the part of the period the contract was in force and posts the difference
 * to what was already paid: the payment the first time, an adjusting entry when a re-run finds other figures,
 * nothing when they are the same. The upline's own settlement of the period runs first, so it has been paid
 * its share before it pays its downline's.
 */
export class SettlementsService {
  readonly #uow: UnitOfWork<Repos>;
  readonly #reads: AgentContractsRepository;
  readonly #clock: Clock;
  readonly #jobs: JobsApi;
  readonly #figures: TeamFiguresSource;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(deps: {
    db: Db;
    clock: Clock;
    jobs: JobsApi;
    figures: TeamFiguresSource;
    log?: FastifyBaseLogger;
  }) {
    this.#uow = new UnitOfWork(deps.db, repositories);
    this.#reads = new AgentContractsRepository(deps.db);
    this.#clock = deps.clock;
    this.#jobs = deps.jobs;
    this.#figures = deps.figures;
    this.#log = deps.log;
  }

  /**
   * The planner (job `agent-contracts.plan`): for each contract in force (or ended after its last planned
   * period), a settlement row and a queued job per period that ended at least SETTLE_GRACE_MS ago; and the
   * settlements waiting for funds whose retry time came. Answers how many jobs it queued.
   */
  async plan(now: Date = this.#clock.now()): Promise<number> {
    return this.#uow.run(async (repos) => {
      let queued = 0;
      const enqueue = async (settlementId: bigint) => {
        await this.#jobs.enqueue(repos.trx, {
          name: SETTLE_JOB,
          payload: { settlementId: settlementId.toString() },
          runAt: now,
        });
        queued += 1;
      };
      for (const contract of await repos.contracts.toPlan(now, PLAN_CONTRACTS)) {
        if (contract.accepted_at === null) continue;
        let from = contract.planned_until ?? periodContaining(contract.period, contract.accepted_at).start;
        for (let count = 0; count < PLAN_PERIODS; count += 1) {
          const period = periodContaining(contract.period, from);
          if (contract.closed_at !== null && period.start >= contract.closed_at) break;
          if (period.end.getTime() + SETTLE_GRACE_MS > now.getTime()) break;
          const id = await repos.contracts.insertSettlement({
            brandId: contract.brand_id,
            contractId: contract.id,
            start: period.start,
            end: period.end,
          });
          if (id !== null) await enqueue(id);
          from = period.end;
        }
        // The next period to plan is due a grace after it ends: until then, passes skip this contract.
        const after = new Date(periodContaining(contract.period, from).end.getTime() + SETTLE_GRACE_MS);
        await repos.contracts.setPlanned(contract.id, from, after);
      }
      for (const id of await repos.contracts.retriesDue(now, PLAN_CONTRACTS)) await enqueue(id);
      return queued;
    });
  }

  /**
   * Settles one (contract, period) now: the job's run, and the operator's re-run. Safe to run any number of
   * times and from several processes at once (the settlement row is locked for the run; the ledger key of a
   * payment is its settlement and sequence number).
   */
  async settle(settlementId: bigint, now: Date = this.#clock.now(), depth = 0): Promise<SettlementView> {
    const found = await this.#reads.settlement(settlementId);
    if (!found) throw new AppError('settlement_not_found');
    if (found.upline_id !== null && depth < 32) {
      for (const id of await this.#reads.uplineUnpaid(found.upline_id, found.kind, found.period_start)) {
        await this.settle(id, now, depth + 1);
      }
    }
    let entitledMinor = 0n;
    try {
      await this.#uow.run(async (repos) => {
        const settlement = await repos.contracts.lockSettlement(settlementId);
        const contract = settlement && (await repos.contracts.contract(settlement.contract_id));
        if (!settlement || !contract?.accepted_at) throw new AppError('settlement_not_found');
        const window = windowOf(
          { start: settlement.period_start, end: settlement.period_end },
          contract.accepted_at,
          contract.closed_at,
        );
        const figures = window
          ? await this.#figures(repos.trx, contract.downline_id, window.start, window.end)
          : NO_FIGURES;
        const rateBps =
          contract.kind === 'daily_salary'
            ? rateFor({ baseRateBps: contract.base_rate_bps, tiers: contract.tiers }, figures)
            : contract.base_rate_bps;
        const baseMinor =
          contract.kind === 'dividend'
            ? figures.netLossMinor > 0n
              ? figures.netLossMinor
              : 0n
            : figures.turnoverMinor;
        entitledMinor = entitlementOf(baseMinor, rateBps);
        const delta = entitledMinor - settlement.paid_minor;
        let entries = settlement.entries;
        if (delta !== 0n) {
          entries += 1;
          await this.#pay(repos, {
            settlementId,
            seq: entries,
            brandId: contract.brand_id,
            kind: contract.kind,
            uplineId: contract.upline_id,
            downlineId: contract.downline_id,
            amountMinor: delta,
            periodStart: settlement.period_start,
            contractId: contract.id,
            now,
          });
        }
        await repos.contracts.recordRun(settlementId, {
          baseMinor,
          activePlayers: figures.activePlayers,
          rateBps,
          entitledMinor,
          paidMinor: entitledMinor,
          entries,
          settledAt: settlement.settled_at ?? now,
        });
      });
    } catch (error) {
      if (!isAppError(error) || error.code !== 'insufficient_funds') throw error;
      // The payer's wallet cannot cover it now: nothing moved (the transaction rolled back); try again later.
      this.#log?.info({ settlementId: settlementId.toString() }, 'agent contract settlement awaits funds');
      await this.#uow.run((repos) =>
        repos.contracts.recordAwaitingFunds(settlementId, {
          entitledMinor,
          retryAt: new Date(now.getTime() + FUNDS_RETRY_MS),
          error: 'insufficient_funds',
        }),
      );
    }
    const settled = await this.#reads.settlement(settlementId);
    if (!settled) throw new AppError('settlement_not_found');
    return settlementViewOf(settled);
  }

  /**
   * One ledger entry for `amountMinor` (positive: the payer pays the downline; negative: an adjustment takes
   * it back), its payment row and its audit row, in the settlement's transaction.
   */
  async #pay(
    repos: Repos,
    payment: {
      settlementId: bigint;
      seq: number;
      brandId: bigint;
      kind: ContractKind;
      uplineId: bigint | null;
      downlineId: bigint;
      amountMinor: bigint;
      periodStart: Date;
      contractId: bigint;
      now: Date;
    },
  ): Promise<void> {
    const payer: PostingTarget =
      payment.uplineId === null
        ? { system: 'commission' }
        : { accountId: (await repos.ledger.memberMainAccount(payment.uplineId)).id };
    const payee: PostingTarget = { accountId: (await repos.ledger.memberMainAccount(payment.downlineId)).id };
    const adjusting = payment.seq > 1;
    const entry = await repos.ledger.post({
      brandId: payment.brandId,
      idempotencyKey: `agent-contract:${payment.settlementId}:${payment.seq}`,
      kind: `agent_${payment.kind}` as EntryKind,
      memo: `${adjusting ? 'adjustment of ' : ''}${payment.kind} contract ${payment.contractId}, period from ${payment.periodStart.toISOString()}`,
      postings: [
        { ...payer, amountMinor: -payment.amountMinor },
        { ...payee, amountMinor: payment.amountMinor },
      ],
      createdBy: 'system',
    });
    await repos.contracts.insertPayment({
      settlementId: payment.settlementId,
      seq: payment.seq,
      entryId: entry.entryId,
      amountMinor: payment.amountMinor,
      at: payment.now,
    });
    await repos.audit.record({
      brandId: payment.brandId,
      memberId: payment.downlineId,
      action: adjusting ? 'agent_contract.adjusted' : 'agent_contract.paid',
      ip: 'system',
      detail: {
        contractId: payment.contractId,
        settlementId: payment.settlementId,
        seq: payment.seq,
        entryId: entry.entryId,
        amountMinor: payment.amountMinor,
        payer: payment.uplineId === null ? 'brand' : payment.uplineId,
      },
    });
  }

  /**
   * DEV_INBOX only (`POST /dev/agents/settle-now`, the browser journeys: a daily period ends only at midnight
   * UTC): settles the running period of every contract in force (of `kind`, or all) as far as it has gone,
   * and queues that period's own run for when it ends, so rounds after now are paid by an adjusting entry
   * like any late round (the planner then finds the row made and queues nothing).
   */
  async settleRunningNow(
    kind: ContractKind | undefined,
    now: Date = this.#clock.now(),
  ): Promise<SettlementView[]> {
    const ids = await this.#uow.run(async (repos) => {
      const made: bigint[] = [];
      for (const contract of await repos.contracts.inForce(kind)) {
        const period = periodContaining(contract.period, now);
        const id =
          (await repos.contracts.insertSettlement({
            brandId: contract.brand_id,
            contractId: contract.id,
            start: period.start,
            end: period.end,
          })) ?? (await repos.contracts.settlementOf(contract.id, period.start))?.id;
        if (id === undefined) continue;
        await this.#jobs.enqueue(repos.trx, {
          name: SETTLE_JOB,
          payload: { settlementId: id.toString() },
          runAt: new Date(period.end.getTime() + SETTLE_GRACE_MS),
        });
        made.push(id);
      }
      return made;
    });
    const settled: SettlementView[] = [];
    // The upline's settlement of the period runs first inside settle() (uplineUnpaid).
    for (const id of ids) settled.push(await this.settle(id, now));
    return settled;
  }

  /** The agent's settlements of a kind (dividend record, daily wages, hourly and real-time salary pages). */
  async forAgent(agent: Actor, filter: SettlementsFilter): Promise<SettlementsPage> {
    requireAgent(agent);
    const range = dayRange(filter.from, filter.to, this.#clock.now());
    const { rows, total, totalPaidMinor } = await this.#reads.memberSettlements(agent.memberId, {
      kind: filter.kind,
      role: filter.role,
      from: range.since,
      until: range.until,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      list: rows.map(settlementViewOf),
      page: filter.page,
      pageSize: filter.pageSize,
      total,
      totalPages: Math.ceil(total / filter.pageSize),
      totalPaidMinor: totalPaidMinor.toString(),
      totalPaid: minorToDecimal(totalPaidMinor),
      from: range.from,
      to: range.to,
    };
  }

  /** The settlements of one contract, newest first (the operator's view). */
  async ofContract(contractId: bigint, limit = 200): Promise<SettlementView[]> {
    return (await this.#reads.settlementsOfContract(contractId, limit)).map(settlementViewOf);
  }

  /** The operator's re-run of one settled period: recompute, post the difference. */
  async rerun(brandId: bigint, contractId: bigint, periodStart: Date): Promise<SettlementView> {
    const found = await this.#reads.settlementOf(contractId, periodStart);
    if (!found || found.brand_id !== brandId) throw new AppError('settlement_not_found');
    return this.settle(found.id);
  }

  /** The job's handler: a payload that names no settlement is a bug in whoever queued it. */
  runJob(payload: unknown): Promise<SettlementView> {
    const id = (payload as { settlementId?: unknown } | null)?.settlementId;
    if (typeof id !== 'string' || !/^[1-9][0-9]{0,17}$/.test(id)) {
      throw new Error(`${SETTLE_JOB}: payload without a settlementId`);
    }
    return this.settle(BigInt(id));
  }
}
