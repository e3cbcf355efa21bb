import type {
  ContractsPage,
  OperatorContractDetail,
  OperatorContractsFilter,
  SettlementView,
} from '@lotus/shared/agent-contracts.schema';
import { type Db, transact } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { AgentContractsRepository } from './agent-contracts.repository.ts';
import { contractViewOf } from './contract-views.ts';
import type { ContractActor } from './contracts.service.ts';
import type { SettlementsService } from './settlements.service.ts';

/**
 * The back office's reads of contracts and the re-run of a period (docs/agent-contracts.md "Operator side");
 * setting a top contract and ending one are ContractsService's, which holds the chain lock.
 */
export class OperatorContractsService {
  readonly #db: Db;
  readonly #reads: AgentContractsRepository;
  readonly #settlements: SettlementsService;

  constructor(deps: { db: Db; settlements: SettlementsService }) {
    this.#db = deps.db;
    this.#reads = new AgentContractsRepository(deps.db);
    this.#settlements = deps.settlements;
  }

  async page(brandId: bigint, filter: OperatorContractsFilter): Promise<ContractsPage> {
    const { rows, total } = await this.#reads.operatorPage(brandId, {
      username: filter.username,
      kind: filter.kind,
      status: filter.status,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      list: rows.map(contractViewOf),
      page: filter.page,
      pageSize: filter.pageSize,
      total,
      totalPages: Math.ceil(total / filter.pageSize),
    };
  }

  async detail(brandId: bigint, contractId: bigint): Promise<OperatorContractDetail> {
    const contract = await this.#reads.contract(contractId);
    if (!contract || contract.brand_id !== brandId) throw new AppError('contract_not_found');
    return {
      contract: contractViewOf(contract),
      settlements: await this.#settlements.ofContract(contractId),
    };
  }

  /** Recomputes one settled period (an adjusting entry for any difference); the request is audited. */
  async rerun(
    actor: ContractActor & { by: 'operator' },
    contractId: bigint,
    periodStart: Date,
  ): Promise<SettlementView> {
    const before = await this.#reads.settlementOf(contractId, periodStart);
    if (!before || before.brand_id !== actor.brandId) throw new AppError('settlement_not_found');
    const after = await this.#settlements.rerun(actor.brandId, contractId, periodStart);
    await transact(this.#db, (trx) =>
      new AuditRepository(trx).record({
        brandId: actor.brandId,
        memberId: before.downline_id,
        operatorId: actor.operatorId,
        action: 'agent_contract.rerun',
        ip: actor.ip,
        detail: {
          contractId,
          settlementId: before.id,
          periodStart: periodStart.toISOString(),
          paidBeforeMinor: before.paid_minor,
          paidAfterMinor: after.paidMinor,
          ...(actor.operatorId === null ? { via: 'cli' } : {}),
        },
      }),
    );
    return after;
  }
}
