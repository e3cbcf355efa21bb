import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migration 0025_agent_contracts (docs/agent-contracts.md). */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type ContractKindColumn = 'dividend' | 'daily_salary' | 'hourly_salary' | 'realtime_salary';
export type ContractPeriodColumn = 'daily' | 'weekly' | 'semimonthly' | 'monthly' | 'hourly' | 'realtime';
export type ContractStatusColumn = 'offered' | 'accepted' | 'rejected' | 'withdrawn' | 'ended';
export type ContractEndReasonColumn =
  | 'by_upline'
  | 'by_downline'
  | 'by_operator'
  | 'superseded'
  | 'upline_rate_lowered'
  | 'upline_contract_ended'
  | 'not_direct_downline';
export type SettlementStatusColumn = 'pending' | 'paid' | 'awaiting_funds';

/** A daily salary tier as stored (jsonb): amounts as integer strings. */
export type StoredTier = { minTurnoverMinor: string; minActivePlayers: number; rateBps: number };

export interface AgentContractsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  kind: ContractKindColumn;
  /** Null: the brand (a top agent's contract). */
  upline_id: bigint | null;
  downline_id: bigint;
  period: ContractPeriodColumn;
  rate_bps: number;
  base_rate_bps: number;
  /** jsonb: written as JSON text. */
  tiers: ColumnType<StoredTier[], string | undefined, string>;
  status: ContractStatusColumn;
  offered_at: Timestamp;
  accepted_at: OptionalTimestamp;
  closed_at: OptionalTimestamp;
  end_reason: ColumnType<
    ContractEndReasonColumn | null,
    ContractEndReasonColumn | null | undefined,
    ContractEndReasonColumn | null
  >;
  /** `member:<id>`, `operator:<id>`, `cli`, `seed`. */
  created_by: string;
  planned_until: OptionalTimestamp;
  plan_after: OptionalTimestamp;
}

export interface AgentContractSettlementsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  contract_id: bigint;
  period_start: Timestamp;
  period_end: Timestamp;
  base_minor: Defaulted<bigint>;
  active_players: Defaulted<number>;
  rate_bps: Defaulted<number>;
  entitled_minor: Defaulted<bigint>;
  paid_minor: Defaulted<bigint>;
  status: Defaulted<SettlementStatusColumn>;
  runs: Defaulted<number>;
  entries: Defaulted<number>;
  settled_at: OptionalTimestamp;
  retry_at: OptionalTimestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface AgentContractPaymentsTable {
  settlement_id: bigint;
  seq: number;
  entry_id: bigint;
  amount_minor: bigint;
  created_at: Timestamp;
}

export interface AgentContractTables {
  agent_contracts: AgentContractsTable;
  agent_contract_settlements: AgentContractSettlementsTable;
  agent_contract_payments: AgentContractPaymentsTable;
}
