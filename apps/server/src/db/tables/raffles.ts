import type { ColumnType, Generated, Selectable } from 'kysely';

/** Kysely's view of migration 0030_raffles (docs/raffles.md). */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type OptionalId = ColumnType<bigint | null, bigint | null | undefined, bigint | null>;

export type RaffleKindColumn = 'red_envelope' | 'golden_egg' | 'prize_wheel';
export type RaffleStatusColumn = 'draft' | 'running' | 'ended';
export type RaffleTicketSourceColumn = 'deposit' | 'turnover' | 'registration' | 'operator';

/** A prize table row as stored (jsonb): the amount as an integer string. */
export type StoredRafflePrize = { amountMinor: string; weight: number };

/** The ticket rules as stored (jsonb): amounts as integer strings; an absent rule grants nothing. */
export type StoredRaffleRules = {
  deposit?: { minMinor: string; tickets: number };
  turnover?: { stepMinor: string; maxTickets: number };
  registration?: { tickets: number };
};

export interface RaffleCampaignsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  code: string;
  kind: RaffleKindColumn;
  name_en: string;
  name_hi: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: ColumnType<RaffleStatusColumn, RaffleStatusColumn | undefined, RaffleStatusColumn>;
  budget_minor: bigint;
  currency: string;
  seed: string;
  seed_hash: string;
  /** jsonb: written as JSON text. */
  prizes: ColumnType<StoredRafflePrize[], string, string>;
  rules: ColumnType<StoredRaffleRules, string, string>;
  account_id: OptionalId;
  funding_entry_id: OptionalId;
  return_entry_id: OptionalId;
  created_by: string;
  created_at: CreatedAt;
  started_at: OptionalTimestamp;
  ended_at: OptionalTimestamp;
}

export interface RaffleTicketsTable {
  id: Generated<bigint>;
  brand_id: bigint;
  campaign_id: bigint;
  member_id: bigint;
  source: RaffleTicketSourceColumn;
  source_key: string;
  granted_at: CreatedAt;
  claimed_at: OptionalTimestamp;
  prize_index: ColumnType<number | null, number | null | undefined, number | null>;
  prize_minor: OptionalId;
  entry_id: OptionalId;
}

export interface RaffleTables {
  raffle_campaigns: RaffleCampaignsTable;
  raffle_tickets: RaffleTicketsTable;
}

export type RaffleCampaignRow = Selectable<RaffleCampaignsTable>;
export type RaffleTicketRow = Selectable<RaffleTicketsTable>;
