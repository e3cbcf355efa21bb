import {
  type AgentConsolidated,
  type AgentContracts,
  bpsToPercent,
  CONTRACT_KINDS,
  type ContractActionBody,
  type ContractActionResult,
  type ContractEndReason,
  type ContractKind,
  type ContractOffer,
  type ContractPeriod,
  type ContractView,
  type OperatorTopContractBody,
  SALARY_PERIOD,
} from '@lotus/shared/agent-contracts.schema';
import { AGENT_TYPES } from '@lotus/shared/member-types';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { type Actor, isRealAgent } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import {
  AgentContractsRepository,
  type ContractRow,
  type MemberFacts,
} from './agent-contracts.repository.ts';
import { contractViewOf, type Terms, termsOf } from './contract-views.ts';

/** How many closed contracts the agent's view lists per kind. */
const HISTORY_LIMIT = 20;

/** Who acts on a contract, as the audit log records it. */
export type ContractActor =
  | { by: 'member'; brandId: bigint; memberId: bigint; ip: string }
  | { by: 'operator'; brandId: bigint; operatorId: bigint | null; ip: string; reason: string };

const repositories = (trx: Tx) => ({
  contracts: new AgentContractsRepository(trx),
  audit: new AuditRepository(trx),
});
type Repos = ReturnType<typeof repositories>;

/** Only agents (SPEC §6 types 1, 2, 41, 42) that are real accounts have contracts. */
export function requireAgent(actor: Actor): void {
  if (!isRealAgent(actor)) throw new AppError('error_not_agent');
}

const isAgentMember = (member: MemberFacts) => AGENT_TYPES.includes(member.memberType) && !member.isTrial;

function createdByOf(actor: ContractActor): string {
  if (actor.by === 'member') return `member:${actor.memberId}`;
  return actor.operatorId === null ? 'cli' : `operator:${actor.operatorId}`;
}

/**
 * The contracts' lifecycle (SPEC §4; docs/agent-contracts.md): offers, answers, ends, the operator's top
 * contracts and the automatic terminations that keep the chain's rates monotone. Every transition runs in
 * one transaction under the (brand, kind) chain lock, reads what it decides on after taking it, and audits
 * each contract it changes in the same transaction.
 */
export class ContractsService {
  readonly #uow: UnitOfWork<Repos>;
  readonly #reads: AgentContractsRepository;
  readonly #clock: Clock;

  constructor(deps: { db: Db; clock: Clock }) {
    this.#uow = new UnitOfWork(deps.db, repositories);
    this.#reads = new AgentContractsRepository(deps.db);
    this.#clock = deps.clock;
  }

  // ------------------------------------------------------------------------------------------------------
  // The agent's side (the four relay calls)

  async act(
    agent: Actor,
    kind: ContractKind,
    body: ContractActionBody,
    ip: string,
  ): Promise<ContractActionResult> {
    requireAgent(agent);
    const actor: ContractActor = { by: 'member', brandId: agent.brandId, memberId: agent.memberId, ip };
    let contractId: bigint | null = null;
    switch (body.action) {
      case 'list':
        break;
      case 'offer':
        contractId = await this.#offer(actor, agent.memberId, kind, body);
        break;
      case 'accept':
      case 'reject':
      case 'end':
        contractId = await this.#decide(actor, agent.memberId, kind, body.action, BigInt(body.contractId));
        break;
    }
    const contract = contractId === null ? null : await this.#reads.contract(contractId);
    return {
      contract: contract ? contractViewOf(contract) : null,
      contracts: await this.contractsOf(agent, kind),
    };
  }

  async contractsOf(agent: Actor, kind: ContractKind): Promise<AgentContracts> {
    requireAgent(agent);
    const id = agent.memberId;
    const [mine, offersToMe, downline, history] = await Promise.all([
      this.#reads.accepted(id, kind),
      this.#reads.offersTo(id, kind),
      this.#reads.madeBy(id, kind),
      this.#reads.history(id, kind, HISTORY_LIMIT),
    ]);
    return {
      kind,
      mine: mine ? contractViewOf(mine) : null,
      offersToMe: offersToMe.map(contractViewOf),
      downline: downline.map(contractViewOf),
      history: history.map(contractViewOf),
      maxOfferRateBps: mine?.rate_bps ?? null,
      maxOfferRate: mine ? bpsToPercent(mine.rate_bps) : null,
    };
  }

  /** SPEC §3 "Consolidated": offers waiting per kind, and the kinds that apply to the agent. */
  async consolidated(agent: Actor): Promise<AgentConsolidated> {
    requireAgent(agent);
    const rows = await this.#reads.consolidated(agent.memberId);
    const waiting = (kind: ContractKind) => rows.find((row) => row.kind === kind)?.waiting ?? 0;
    const applies = Object.fromEntries(
      CONTRACT_KINDS.map((kind) => [kind, rows.some((row) => row.kind === kind)]),
    ) as AgentConsolidated['applies'];
    return {
      dailysalreqtype: waiting('daily_salary'),
      divtypereq: waiting('dividend'),
      contracthoursalreq: waiting('hourly_salary'),
      realtimesalreqtype: waiting('realtime_salary'),
      applies,
    };
  }

  async #offer(
    actor: ContractActor,
    uplineId: bigint,
    kind: ContractKind,
    offer: ContractOffer,
  ): Promise<bigint> {
    const terms = termsOf(offer.rate, 'tiers' in offer ? offer.tiers : undefined);
    const period: ContractPeriod =
      kind === 'dividend' && 'period' in offer ? offer.period : periodOfSalary(kind);
    const now = this.#clock.now();
    return this.#uow.run(async (repos) => {
      await repos.contracts.lockChain(actor.brandId, kind);
      const downline = await repos.contracts.member(actor.brandId, BigInt(offer.downlineId));
      if (!downline || downline.uplineId !== uplineId) throw new AppError('contract_not_direct_downline');
      if (!isAgentMember(downline)) throw new AppError('contract_downline_not_agent');
      const own = await repos.contracts.accepted(uplineId, kind);
      if (!own) throw new AppError('contract_upline_none');
      if (terms.rateBps > own.rate_bps) throw rateAboveUpline(own.rate_bps);
      // A newer offer replaces the open one: the downline answers one offer per kind.
      for (const open of await repos.contracts.offersTo(downline.id, kind)) {
        await this.#close(repos, actor, open, 'superseded', now);
      }
      const id = await repos.contracts.insertContract({
        brandId: actor.brandId,
        kind,
        uplineId,
        downlineId: downline.id,
        period,
        ...terms,
        status: 'offered',
        at: now,
        createdBy: createdByOf(actor),
      });
      await this.#audit(repos, actor, 'agent_contract.offered', downline.id, {
        contractId: id,
        kind,
        period,
        rateBps: terms.rateBps,
        baseRateBps: terms.baseRateBps,
        tiers: terms.tiers,
        uplineId,
      });
      return id;
    });
  }

  async #decide(
    actor: ContractActor,
    memberId: bigint,
    kind: ContractKind,
    action: 'accept' | 'reject' | 'end',
    contractId: bigint,
  ): Promise<bigint> {
    const now = this.#clock.now();
    return this.#uow.run(async (repos) => {
      await repos.contracts.lockChain(actor.brandId, kind);
      const contract = await repos.contracts.contract(contractId);
      const party = contract && (contract.downline_id === memberId || contract.upline_id === memberId);
      // Another agent's contract, or one of another kind, is not found (nothing about it is revealed).
      if (!contract || !party || contract.kind !== kind || contract.brand_id !== actor.brandId) {
        throw new AppError('contract_not_found');
      }
      const isDownline = contract.downline_id === memberId;
      if (action === 'accept' || action === 'reject') {
        if (!isDownline || contract.status !== 'offered') throw new AppError('contract_state_invalid');
        if (action === 'reject') {
          await this.#close(repos, actor, contract, 'by_downline', now);
          return contract.id;
        }
        await this.#accept(repos, actor, contract, now);
        return contract.id;
      }
      if (contract.status === 'offered' && !isDownline) {
        await this.#close(repos, actor, contract, 'by_upline', now);
        return contract.id;
      }
      if (contract.status !== 'accepted') throw new AppError('contract_state_invalid');
      await this.#endWithChain(repos, actor, contract, isDownline ? 'by_downline' : 'by_upline', now);
      return contract.id;
    });
  }

  async #accept(repos: Repos, actor: ContractActor, contract: ContractRow, now: Date): Promise<void> {
    const downline = await repos.contracts.member(contract.brand_id, contract.downline_id);
    if (!downline || downline.uplineId !== contract.upline_id)
      throw new AppError('contract_not_direct_downline');
    if (contract.upline_id !== null) {
      const own = await repos.contracts.accepted(contract.upline_id, contract.kind);
      if (!own) throw new AppError('contract_upline_none');
      // The upline's own rate may have dropped since it offered: the chain stays monotone at acceptance too.
      if (contract.rate_bps > own.rate_bps) throw rateAboveUpline(own.rate_bps);
    }
    const previous = await repos.contracts.accepted(contract.downline_id, contract.kind);
    if (previous) await this.#close(repos, actor, previous, 'superseded', now);
    await repos.contracts.accept(contract.id, now);
    await this.#audit(repos, actor, 'agent_contract.accepted', contract.downline_id, {
      contractId: contract.id,
      kind: contract.kind,
      rateBps: contract.rate_bps,
      supersedes: previous?.id ?? null,
    });
    await this.#endAbove(repos, actor, contract.downline_id, contract.kind, contract.rate_bps, now);
  }

  /**
   * SPEC §4: when an agent proceeds with a new contract, its downline's contracts (and open offers) of the
   * kind whose rate is above its new rate end; a contract that ends takes its downline's with it.
   */
  async #endAbove(
    repos: Repos,
    actor: ContractActor,
    uplineId: bigint,
    kind: ContractKind,
    rateBps: number,
    now: Date,
  ): Promise<void> {
    for (const below of await repos.contracts.madeBy(uplineId, kind, rateBps)) {
      await this.#endWithChain(repos, actor, below, 'upline_rate_lowered', now);
    }
  }

  /** Ends an accepted contract (or withdraws an offer) and, below it, every contract of the kind. */
  async #endWithChain(
    repos: Repos,
    actor: ContractActor,
    contract: ContractRow,
    reason: ContractEndReason,
    now: Date,
  ): Promise<void> {
    await this.#close(repos, actor, contract, reason, now);
    if (contract.status !== 'accepted') return;
    // The downline holds no contract of the kind any more, so it has nothing to share with its own downline.
    for (const below of await repos.contracts.madeBy(contract.downline_id, contract.kind)) {
      await this.#endWithChain(repos, actor, below, 'upline_contract_ended', now);
    }
  }

  async #close(
    repos: Repos,
    actor: ContractActor,
    contract: ContractRow,
    reason: ContractEndReason,
    now: Date,
  ): Promise<void> {
    const status =
      contract.status === 'accepted' ? 'ended' : reason === 'by_downline' ? 'rejected' : 'withdrawn';
    await repos.contracts.close(contract.id, status, reason, now);
    await this.#audit(repos, actor, `agent_contract.${status}`, contract.downline_id, {
      contractId: contract.id,
      kind: contract.kind,
      reason,
    });
  }

  async #audit(
    repos: Repos,
    actor: ContractActor,
    action: string,
    memberId: bigint,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await repos.audit.record({
      brandId: actor.brandId,
      memberId: actor.by === 'member' ? actor.memberId : memberId,
      operatorId: actor.by === 'operator' ? actor.operatorId : null,
      action,
      ip: actor.ip,
      detail:
        actor.by === 'operator'
          ? { ...detail, reason: actor.reason, ...(actor.operatorId === null ? { via: 'cli' } : {}) }
          : detail,
    });
  }

  // ------------------------------------------------------------------------------------------------------
  // The operator's side

  /**
   * A top agent's contract with the brand as its upline, accepted at once: the previous one of the kind ends
   * (`superseded`) and the agent's downline contracts above the new rate end (`upline_rate_lowered`).
   */
  async setTop(
    actor: ContractActor & { by: 'operator' },
    username: string,
    kind: ContractKind,
    body: OperatorTopContractBody,
  ): Promise<ContractView> {
    if (
      (kind === 'dividend') !== (body.period !== undefined) ||
      (body.tiers !== undefined && kind !== 'daily_salary')
    ) {
      throw new AppError('contract_terms_invalid');
    }
    const terms: Terms = termsOf(body.rate, body.tiers);
    const period: ContractPeriod = kind === 'dividend' && body.period ? body.period : periodOfSalary(kind);
    const now = this.#clock.now();
    const id = await this.#uow.run(async (repos) => {
      await repos.contracts.lockChain(actor.brandId, kind);
      const agent = await repos.contracts.memberByUsername(actor.brandId, username);
      if (!agent) throw new AppError('not_found', { message: `no member "${username}" in this brand` });
      if (!isAgentMember(agent)) throw new AppError('contract_downline_not_agent');
      if (agent.uplineId !== null) {
        const upline = await repos.contracts.member(actor.brandId, agent.uplineId);
        if (upline && isAgentMember(upline)) throw new AppError('contract_not_top_agent');
      }
      for (const open of await repos.contracts.offersTo(agent.id, kind)) {
        await this.#close(repos, actor, open, 'superseded', now);
      }
      const previous = await repos.contracts.accepted(agent.id, kind);
      if (previous) await this.#close(repos, actor, previous, 'superseded', now);
      const contractId = await repos.contracts.insertContract({
        brandId: actor.brandId,
        kind,
        uplineId: null,
        downlineId: agent.id,
        period,
        ...terms,
        status: 'accepted',
        at: now,
        createdBy: createdByOf(actor),
      });
      await this.#audit(repos, actor, 'agent_contract.top_set', agent.id, {
        contractId,
        kind,
        period,
        rateBps: terms.rateBps,
        baseRateBps: terms.baseRateBps,
        tiers: terms.tiers,
        supersedes: previous?.id ?? null,
      });
      await this.#endAbove(repos, actor, agent.id, kind, terms.rateBps, now);
      return contractId;
    });
    return this.#view(id);
  }

  /** Ends any contract of the brand (or withdraws an offer); the chain below it ends with it. */
  async operatorEnd(actor: ContractActor & { by: 'operator' }, contractId: bigint): Promise<ContractView> {
    const now = this.#clock.now();
    const found = await this.#reads.contract(contractId);
    if (!found || found.brand_id !== actor.brandId) throw new AppError('contract_not_found');
    await this.#uow.run(async (repos) => {
      await repos.contracts.lockChain(actor.brandId, found.kind);
      const contract = await repos.contracts.contract(contractId);
      if (!contract || (contract.status !== 'accepted' && contract.status !== 'offered')) {
        throw new AppError('contract_state_invalid');
      }
      await this.#endWithChain(repos, actor, contract, 'by_operator', now);
    });
    return this.#view(contractId);
  }

  async #view(id: bigint): Promise<ContractView> {
    const row = await this.#reads.contract(id);
    if (!row) throw new AppError('contract_not_found');
    return contractViewOf(row);
  }
}

function periodOfSalary(kind: ContractKind): ContractPeriod {
  if (kind === 'dividend') throw new AppError('contract_terms_invalid');
  return SALARY_PERIOD[kind];
}

function rateAboveUpline(maxBps: number): AppError {
  return new AppError('contract_rate_above_upline', {
    details: { maxRateBps: maxBps, maxRate: bpsToPercent(maxBps) },
  });
}
