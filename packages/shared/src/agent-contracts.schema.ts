import { z } from 'zod';
import { REAL_TIME_SALARY_MINUTES } from './constants.ts';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/**
 * Agent contracts (issue 18; SPEC §3 "Salary periods", §4 "Contracts", §7 the four relay calls, §9 real-time
 * salary every 5 minutes; docs/agent-contracts.md, docs/api.md "Agent contracts").
 *
 * A contract is between an upline and one of its DIRECT downline agents (or, for a top agent, between the
 * brand and the agent, set by an operator). Four kinds: a dividend (a share of the team's net loss per
 * period), a daily salary (a rate on the team's valid turnover per UTC day, optionally tiered), an hourly
 * salary (per UTC hour) and a real-time salary (per 5 minutes). The team is the downline agent and everyone
 * below it.
 *
 * Lifecycle (SPEC §4): offered → accepted | rejected | withdrawn (the upline takes its offer back, or the
 * offer no longer fits the chain); accepted → ended (by either side, an operator, or automatically). Rates
 * are monotone along the chain: an offer above the offering upline's own accepted rate of that kind is
 * refused (`contract_rate_above_upline`), and when an agent accepts a new contract of a kind, every contract
 * of that kind it holds as upline whose rate is above the new rate ends (`upline_rate_lowered`, cascading
 * down the chain). Rates travel as basis points (`rateBps`, 1 = 0.01 %) beside the percent with two
 * decimals (`rate`); money as minor units (`*Minor`, integer strings) beside the amount with two decimals.
 */

const minorString = z.string().regex(/^-?[0-9]+$/);
const decimalString = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
/** A row id: at most 18 digits, so it always fits int8 (a 19-digit id would be a database error, not a 404). */
const idString = z.string().regex(/^[1-9][0-9]{0,17}$/);
const isoTime = z.string().datetime({ offset: true });

export const CONTRACT_KINDS = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** SPEC §7: the relay call of each kind (POST: an action; GET: the agent's contracts of that kind). */
export const CONTRACT_RELAY_PATHS = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  daily_salary: '/wps/relay/MCS2_processDailySalContract',
  hourly_salary: '/wps/relay/MCS2_processContractHourSalary',
  realtime_salary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
} as const satisfies Record<ContractKind, string>;

/** SPEC §3 "Salary periods": a dividend contract settles on one of these (UTC calendar periods). */
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];
/**
 * Every settlement period: the dividend's four, `hourly` (UTC hour) and `realtime` (REAL_TIME_SALARY_MINUTES).
 * Weekly is the ISO week (Monday 00:00 UTC); semimonthly is the 1st–15th and the 16th–end of the month.
 */
export const CONTRACT_PERIODS = [...DIVIDEND_PERIODS, 'hourly', 'realtime'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];
/** The period a salary contract settles on (a dividend's is chosen in its offer). */
export const SALARY_PERIOD = {
  daily_salary: 'daily',
  hourly_salary: 'hourly',
  realtime_salary: 'realtime',
} as const satisfies Record<Exclude<ContractKind, 'dividend'>, ContractPeriod>;
export const REALTIME_PERIOD_MS = REAL_TIME_SALARY_MINUTES * 60_000;

export const CONTRACT_STATUSES = ['offered', 'accepted', 'rejected', 'withdrawn', 'ended'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/**
 * Why a contract (or an offer) stopped:
 * - `by_upline`, `by_downline`, `by_operator`: someone chose to end it (or the upline withdrew its offer);
 * - `superseded`: the downline accepted a newer contract of the kind (or the upline made a newer offer);
 * - `upline_rate_lowered`: the upline accepted a contract of the kind with a lower rate than this one's;
 * - `upline_contract_ended`: the upline no longer holds a contract of the kind, so it has nothing to share;
 * - `not_direct_downline`: the downline moved to another upline (checked at settlement and at each action).
 */
export const CONTRACT_END_REASONS = [
  'by_upline',
  'by_downline',
  'by_operator',
  'superseded',
  'upline_rate_lowered',
  'upline_contract_ended',
  'not_direct_downline',
] as const;
export type ContractEndReason = (typeof CONTRACT_END_REASONS)[number];

/** Rates: 0 < rate ≤ 100 %, at most two decimals (basis points 1..10000). */
export const CONTRACT_RATE_MAX_BPS = 10_000;
/** A daily salary may have up to this many tiers. */
export const CONTRACT_TIERS_MAX = 10;

/** What a person types as a rate in percent: `'0.5'`, `'25'`, `'12.75'` (no sign, ≤ 2 decimals). */
const RATE_TEXT = /^(?:0|[1-9][0-9]{0,2})(?:\.[0-9]{1,2})?$/;

/** `'0.5'` → 50 (basis points), or null when the text is no rate in (0, 100] %. Parsed from text, no float. */
export function percentToBps(text: string): number | null {
  const trimmed = text.trim();
  if (!RATE_TEXT.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bps > 0 && bps <= CONTRACT_RATE_MAX_BPS ? bps : null;
}

/** 50 → `'0.50'` (percent, two decimals). */
export function bpsToPercent(bps: number): string {
  return `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
}

/** A rate as typed, in percent; the server answers 400 `contract_rate_invalid` when it is not in (0, 100]. */
const rateText = singleLineText().max(16);
/** An amount as typed (`'1500'`, `'1500.50'`); 400 `amount_invalid` when it is not one. */
const amountText = singleLineText().max(32);

/**
 * A daily salary tier: when the day's team valid turnover is at least `minTurnover` AND at least
 * `minActivePlayers` team members played a settled round that day, `rate` applies instead of the base rate.
 * The highest rate among the tiers met applies. A contract's headline rate (`rateBps`, what the chain's
 * monotone rule compares) is the highest of its base rate and its tiers' rates.
 */
export const contractTierInput = z.strictObject({
  minTurnover: amountText,
  minActivePlayers: z.number().int().min(0).max(1_000_000),
  rate: rateText,
});
export type ContractTierInput = z.infer<typeof contractTierInput>;

export const contractTierView = z.object({
  minTurnoverMinor: minorString,
  minTurnover: decimalString,
  minActivePlayers: z.number().int(),
  rateBps: z.number().int(),
  rate: decimalString,
});
export type ContractTierView = z.infer<typeof contractTierView>;

/** A party of a contract. The upline is null when it is the brand (a top agent's contract, operator-set). */
export const contractParty = z.object({ id: idString, username: z.string() });
export type ContractParty = z.infer<typeof contractParty>;

export const contractView = z.object({
  id: idString,
  kind: z.enum(CONTRACT_KINDS),
  status: z.enum(CONTRACT_STATUSES),
  /** null: the brand is the upline (a top agent's contract, set by an operator; paid by the brand). */
  upline: contractParty.nullable(),
  downline: contractParty,
  period: z.enum(CONTRACT_PERIODS),
  /** The headline rate: the base rate, or the highest tier's when higher. */
  rateBps: z.number().int(),
  rate: decimalString,
  /** The rate paid when no tier is met (equals rateBps without tiers). */
  baseRateBps: z.number().int(),
  baseRate: decimalString,
  /** Daily salary only; empty otherwise. Sorted by rate. */
  tiers: z.array(contractTierView),
  offeredAt: isoTime,
  /** When it was accepted (or set by an operator); null while offered or when rejected / withdrawn. */
  acceptedAt: isoTime.nullable(),
  /** When it was rejected, withdrawn or ended. */
  closedAt: isoTime.nullable(),
  endReason: z.enum(CONTRACT_END_REASONS).nullable(),
});
export type ContractView = z.infer<typeof contractView>;

/**
 * `GET <relay path of the kind>` (agent): the agent's contracts of one kind.
 * - `mine`: the contract the agent holds (as downline) and is paid by, null without one;
 * - `offersToMe`: offers waiting for the agent's answer (at most one per kind: a newer offer supersedes);
 * - `downline`: contracts and open offers the agent made to its direct downline (offered and accepted);
 * - `history`: the 20 newest closed contracts of the kind on either side (rejected, withdrawn, ended);
 * - `maxOfferRateBps`: the highest rate the agent may offer (its own headline rate), null when it holds no
 *   contract of the kind (then it cannot offer one: 409 `contract_upline_none`).
 */
export const agentContracts = z.object({
  kind: z.enum(CONTRACT_KINDS),
  mine: contractView.nullable(),
  offersToMe: z.array(contractView),
  downline: z.array(contractView),
  history: z.array(contractView),
  maxOfferRateBps: z.number().int().nullable(),
  maxOfferRate: decimalString.nullable(),
});
export type AgentContracts = z.infer<typeof agentContracts>;
export const agentContractsResponse = envelopeOf(agentContracts);

/** An offer of each kind: a dividend names its period; a daily salary may carry tiers. */
const offerFields = { action: z.literal('offer'), downlineId: idString, rate: rateText };
export const dividendOffer = z.strictObject({ ...offerFields, period: z.enum(DIVIDEND_PERIODS) });
export const dailySalaryOffer = z.strictObject({
  ...offerFields,
  tiers: z.array(contractTierInput).max(CONTRACT_TIERS_MAX).optional(),
});
export const plainSalaryOffer = z.strictObject(offerFields);

const onContract = (action: 'accept' | 'reject' | 'end') =>
  z.strictObject({ action: z.literal(action), contractId: idString });
const otherActions = [
  onContract('accept'),
  onContract('reject'),
  onContract('end'),
  z.strictObject({ action: z.literal('list') }),
] as const;

/**
 * `POST <relay path of the kind>` (agent; Idempotency-Key not needed: every action is a state change that a
 * repeat answers with 409 `contract_state_invalid` or repeats harmlessly):
 * - `{ action: 'offer', downlineId, rate, period? , tiers? }` — the upline offers its direct downline agent
 *   a contract (`period` only and always for a dividend; `tiers` only for a daily salary). A newer offer to
 *   the same downline supersedes the open one;
 * - `{ action: 'accept' | 'reject', contractId }` — the downline answers an offer made to it;
 * - `{ action: 'end', contractId }` — either side ends an accepted contract; the upline ending its own
 *   open offer withdraws it;
 * - `{ action: 'list' }` — nothing changes.
 * Every action answers the contract it acted on (null for `list`) and the agent's contracts of the kind.
 */
export const dividendActionBody = z.discriminatedUnion('action', [dividendOffer, ...otherActions]);
export const dailySalaryActionBody = z.discriminatedUnion('action', [dailySalaryOffer, ...otherActions]);
export const plainSalaryActionBody = z.discriminatedUnion('action', [plainSalaryOffer, ...otherActions]);
export const CONTRACT_ACTION_BODIES = {
  dividend: dividendActionBody,
  daily_salary: dailySalaryActionBody,
  hourly_salary: plainSalaryActionBody,
  realtime_salary: plainSalaryActionBody,
} as const;
/** Every kind's action, as the service takes it (the route's schema has narrowed what a kind allows). */
export type ContractActionBody =
  | z.infer<typeof dividendActionBody>
  | z.infer<typeof dailySalaryActionBody>
  | z.infer<typeof plainSalaryActionBody>;
export type ContractOffer = Extract<ContractActionBody, { action: 'offer' }>;

export const contractActionResult = z.object({
  contract: contractView.nullable(),
  contracts: agentContracts,
});
export type ContractActionResult = z.infer<typeof contractActionResult>;
export const contractActionResponse = envelopeOf(contractActionResult);

/**
 * `GET /wps/agent/consolidated` (agent): SPEC §3 "Consolidated" — how many offers of each kind wait for the
 * agent's answer (0: none), for the header's and home's prompts, and which kinds apply to the agent (it
 * holds or held a contract of the kind, or an offer waits), for the agent centre's menu (SPEC §2: dividend
 * record, daily wages, hourly and real-time salary show only when they apply).
 */
export const agentConsolidated = z.object({
  dailysalreqtype: z.number().int(),
  divtypereq: z.number().int(),
  contracthoursalreq: z.number().int(),
  realtimesalreqtype: z.number().int(),
  applies: z.object({
    dividend: z.boolean(),
    daily_salary: z.boolean(),
    hourly_salary: z.boolean(),
    realtime_salary: z.boolean(),
  }),
});
export type AgentConsolidated = z.infer<typeof agentConsolidated>;
export const agentConsolidatedResponse = envelopeOf(agentConsolidated);

export const SETTLEMENT_STATUSES = ['pending', 'paid', 'awaiting_funds'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/**
 * One (contract, period) settlement. `base` is the team's valid turnover (salaries) or net loss (dividend:
 * stakes − wins of the team's settled rounds, 0 when the team won); `entitled` = ⌊base × rate⌋ over the part
 * of the period the contract was accepted in; `paid` = what the ledger moved so far (a re-run after a late
 * round posts the difference as an adjusting entry). `awaiting_funds`: the upline's wallet could not pay
 * yet; the next run tries again.
 */
export const settlementView = z.object({
  id: idString,
  contractId: idString,
  kind: z.enum(CONTRACT_KINDS),
  period: z.enum(CONTRACT_PERIODS),
  periodStart: isoTime,
  periodEnd: isoTime,
  upline: contractParty.nullable(),
  downline: contractParty,
  baseMinor: minorString,
  base: decimalString,
  activePlayers: z.number().int(),
  /** The rate applied (a tier's when one was met). */
  rateBps: z.number().int(),
  rate: decimalString,
  entitledMinor: minorString,
  entitled: decimalString,
  paidMinor: minorString,
  paid: decimalString,
  status: z.enum(SETTLEMENT_STATUSES),
  /** Ledger entries posted for it: the payment and any adjusting entries. */
  entries: z.number().int(),
  settledAt: isoTime.nullable(),
});
export type SettlementView = z.infer<typeof settlementView>;

const pageFields = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * `GET /wps/agent/contracts/settlements?kind=&role=&from=&to=&page=&pageSize=` (agent): the dividend record,
 * daily wages, hourly and real-time salary pages. `role` `received`: settlements of contracts the agent
 * holds; `paid`: of contracts it pays (its downline's). Dates `yyyy-MM-dd` (UTC) on the period's start,
 * inclusive, ≤ 92 days, default the last 7 days. Newest first.
 */
export const settlementsQuerySchema = z.object({
  ...pageFields,
  kind: z.enum(CONTRACT_KINDS),
  role: z.enum(['received', 'paid']).default('received'),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type SettlementsQuery = z.input<typeof settlementsQuerySchema>;
export type SettlementsFilter = z.output<typeof settlementsQuerySchema>;

export const settlementsPage = z.object({
  list: z.array(settlementView),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Σ paid over every row of the filter (not only this page). */
  totalPaidMinor: minorString,
  totalPaid: decimalString,
  from: isoDate,
  to: isoDate,
});
export type SettlementsPage = z.infer<typeof settlementsPage>;
export const settlementsPageResponse = envelopeOf(settlementsPage);

// ---------------------------------------------------------------------------------------------------------
// Operator side (`/wps/ops/...` with an operator token; the ops CLI runs the same service).

/**
 * `PUT /wps/ops/agents/:username/contracts/:kind` (admin; CLI `contracts:set-top`): sets a top agent's
 * contract with the brand as its upline, accepted at once (audited; the previous one of the kind ends as
 * `superseded`, and downline contracts above the new rate end as `upline_rate_lowered`). Only for an agent
 * without an agent upline (409 `contract_not_top_agent`).
 */
export const operatorTopContractBody = z.strictObject({
  rate: rateText,
  period: z.enum(DIVIDEND_PERIODS).optional(),
  tiers: z.array(contractTierInput).max(CONTRACT_TIERS_MAX).optional(),
  reason: singleLineText().trim().min(1).max(500),
});
export type OperatorTopContractBody = z.infer<typeof operatorTopContractBody>;
export const operatorAgentKindParams = z.object({
  username: z.string().min(1).max(64),
  kind: z.enum(CONTRACT_KINDS),
});
export const contractResponse = envelopeOf(contractView);

/** `GET /wps/ops/contracts?username=&kind=&status=&page=&pageSize=` (support, admin): any contract of the brand. */
export const operatorContractsQuery = z.object({
  ...pageFields,
  username: singleLineText().trim().max(64).optional(),
  kind: z.enum(CONTRACT_KINDS).optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
});
export type OperatorContractsFilter = z.output<typeof operatorContractsQuery>;
export const contractsPage = z.object({
  list: z.array(contractView),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type ContractsPage = z.infer<typeof contractsPage>;
export const contractsPageResponse = envelopeOf(contractsPage);

export const contractIdParams = z.object({ id: idString });
/** `GET /wps/ops/contracts/:id` (support, admin): the contract and its settlements, newest first (≤ 200). */
export const operatorContractDetail = z.object({
  contract: contractView,
  settlements: z.array(settlementView),
});
export type OperatorContractDetail = z.infer<typeof operatorContractDetail>;
export const operatorContractDetailResponse = envelopeOf(operatorContractDetail);

/** `POST /wps/ops/contracts/:id/end` (admin; CLI `contracts:end`): ends an accepted contract or withdraws an offer. */
export const operatorEndContractBody = z.strictObject({ reason: singleLineText().trim().min(1).max(500) });

/**
 * `POST /wps/ops/contracts/:id/rerun` (admin; CLI `contracts:rerun`): recomputes one settled period
 * (`periodStart` as the settlement shows it) and posts the difference as an adjusting entry (nothing when the
 * figures did not change). 404 `settlement_not_found` for a period never settled.
 */
export const operatorRerunBody = z.strictObject({ periodStart: isoTime });
export const settlementResponse = envelopeOf(settlementView);
