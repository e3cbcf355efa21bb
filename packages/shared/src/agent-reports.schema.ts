import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/**
 * The agent centre's reports (issue 18; docs/agents-contract.md "Reports"): team betting, downline loss
 * statements, my income, and the downline transaction details over every money move of the team. Every call
 * needs a session of an agent, else `403 error_not_agent` (before the query is read).
 *
 * Figures come from settled rounds only (a rolled-back round counts nothing; an open round counts when it
 * settles), summed per member per hour by the server. Dates are `yyyy-MM-dd` calendar days in UTC (the
 * brand's day), both ends inclusive, at most 92 days (`RECORD_MAX_RANGE_DAYS`), default the last 7 days;
 * a range that does not exist, is reversed or is longer answers `400 invalid_request` naming `from` / `to`.
 *
 * Money travels as minor units (`*Minor`, integer strings) beside the same amount with two decimals.
 * **Sign of `net`: the player's view** — wins minus stakes, negative when the players lost (the house won).
 * A loss statement's "loss" is `-net`.
 */

const minorString = z.string().regex(/^-?[0-9]+$/);
const decimalString = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const memberId = z.string().regex(/^[1-9][0-9]{0,17}$/);
const gameTypeCode = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const AGENT_REPORT_PAGE_SIZE_DEFAULT = 20;
export const AGENT_REPORT_PAGE_SIZE_MAX = 100;

/** The game type a round is counted under when its game is not in the catalogue. */
export const OTHER_GAME_TYPE = 'OTHER';

const pageFields = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(AGENT_REPORT_PAGE_SIZE_MAX)
    .default(AGENT_REPORT_PAGE_SIZE_DEFAULT),
};
const rangeFields = { from: isoDate.optional(), to: isoDate.optional() };

const pageInfo = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
};
/** The range applied (defaults filled in). */
const appliedRange = { from: isoDate, to: isoDate };

/** Betting figures of a set of members over a range (settled rounds). */
export const bettingFigures = z.object({
  stakeMinor: minorString,
  stake: decimalString,
  /** Stakes of settled rounds (a rolled-back round is not valid turnover). Today equal to `stake`. */
  validTurnoverMinor: minorString,
  validTurnover: decimalString,
  /** What the rounds paid back (wins, free rounds and bonuses paid inside the round). */
  payoutMinor: minorString,
  payout: decimalString,
  /** Player's view: payout − stake (negative when the players lost). */
  netMinor: minorString,
  net: decimalString,
  rounds: z.number().int(),
});
export type BettingFigures = z.infer<typeof bettingFigures>;

export const gameTypeFigures = bettingFigures.extend({ gameType: z.string() });
export type GameTypeFigures = z.infer<typeof gameTypeFigures>;

export const teamMember = z.object({
  id: memberId,
  username: z.string(),
  memberType: z.number().int(),
  /** An agent (types 1, 2, 41, 42): its row sums its own play and its whole team's. */
  isAgent: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;

// ---------------------------------------------------------------------------------------------------------
// Team betting
// ---------------------------------------------------------------------------------------------------------

/**
 * `GET /wps/agent/team/betting?from=&to=&gameType=&downline=&page=&pageSize=`. `downline` (a member id)
 * narrows to one direct downline (`404 downline_not_in_team` when it is not one); `gameType` to one game
 * type. The agent's own play is not the team's and is not counted.
 */
export const teamBettingQuerySchema = z.object({
  ...rangeFields,
  ...pageFields,
  gameType: gameTypeCode.optional(),
  downline: memberId.optional(),
});
export type TeamBettingQuery = z.input<typeof teamBettingQuerySchema>;
export type TeamBettingFilter = z.output<typeof teamBettingQuerySchema>;

export const teamBettingRow = z.object({
  /** A direct downline; the figures are its own play plus its whole subtree's. */
  downline: teamMember,
  /** Members of that subtree (itself included) with a settled round in the range. */
  activeMembers: z.number().int(),
  /** Per game type, most valid turnover first; only game types with rounds. */
  byGameType: z.array(gameTypeFigures),
  totals: bettingFigures,
});
export type TeamBettingRow = z.infer<typeof teamBettingRow>;

export const teamBettingReport = z.object({
  ...appliedRange,
  gameType: z.string().nullable(),
  /** Direct downlines with a settled round in the range, most valid turnover first, paged. */
  list: z.array(teamBettingRow),
  ...pageInfo,
  /** The whole team (every page) per game type, and in all. */
  byGameType: z.array(gameTypeFigures),
  totals: bettingFigures,
  /** Team members with a settled round in the range. */
  activeMembers: z.number().int(),
  /**
   * The team's figures per UTC day its rounds settled on, oldest first; days without rounds are left out
   * (the chart of the team's net). Narrowed to one downline, that downline's subtree.
   */
  byDay: z.array(bettingFigures.extend({ day: isoDate })),
});
export type TeamBettingReport = z.infer<typeof teamBettingReport>;
export const teamBettingResponse = envelopeOf(teamBettingReport);

// ---------------------------------------------------------------------------------------------------------
// Downline loss statements
// ---------------------------------------------------------------------------------------------------------

export const LOSS_PERIODS = ['day', 'week', 'month'] as const;
export type LossPeriod = (typeof LOSS_PERIODS)[number];

/**
 * `GET /wps/agent/team/loss?from=&to=&period=&username=&page=&pageSize=`: every member of the agent's
 * subtree (any depth) with a settled round in the range, by username, paged; `username` searches a part of
 * it (any case). Weeks start on Monday; a period cut by the range holds only the days inside it.
 */
export const teamLossQuerySchema = z.object({
  ...rangeFields,
  ...pageFields,
  period: z.enum(LOSS_PERIODS).default('day'),
  username: singleLineText().trim().max(64).optional(),
});
export type TeamLossQuery = z.input<typeof teamLossQuerySchema>;
export type TeamLossFilter = z.output<typeof teamLossQuerySchema>;

export const lossPeriodFigures = bettingFigures.extend({
  /** The period's first day inside the range (`yyyy-MM-dd`). */
  periodStart: isoDate,
});
export type LossPeriodFigures = z.infer<typeof lossPeriodFigures>;

export const teamLossRow = z.object({
  member: teamMember,
  /** 1 for a direct downline, 2 below it, … */
  depth: z.number().int(),
  /** The member's upline's username (the agent's own for a direct downline). */
  uplineUsername: z.string().nullable(),
  /** Periods with rounds only, oldest first. */
  periods: z.array(lossPeriodFigures),
  totals: bettingFigures,
});
export type TeamLossRow = z.infer<typeof teamLossRow>;

export const teamLossReport = z.object({
  ...appliedRange,
  period: z.enum(LOSS_PERIODS),
  list: z.array(teamLossRow),
  ...pageInfo,
  /** Over every member the filter matches (every page). */
  totals: bettingFigures,
});
export type TeamLossReport = z.infer<typeof teamLossReport>;
export const teamLossResponse = envelopeOf(teamLossReport);

// ---------------------------------------------------------------------------------------------------------
// My income (revenue report)
// ---------------------------------------------------------------------------------------------------------

/**
 * Journal entry kinds that are income paid to an agent (commissions, dividends and the three salaries),
 * posted by the contracts' settlement jobs. An adjusting entry of a re-run keeps its kind; a reversal counts
 * under the kind of the entry it reverses.
 */
export const AGENT_INCOME_KINDS = [
  'commission',
  'agent_dividend',
  'agent_daily_salary',
  'agent_hourly_salary',
  'agent_realtime_salary',
] as const;
export type AgentIncomeKind = (typeof AGENT_INCOME_KINDS)[number];

/** `GET /wps/agent/income?from=&to=`: what was paid into the agent's main wallet, by UTC day. */
export const agentIncomeQuerySchema = z.object(rangeFields);
export type AgentIncomeQuery = z.input<typeof agentIncomeQuerySchema>;
export type AgentIncomeFilter = z.output<typeof agentIncomeQuerySchema>;

export const incomeAmount = z.object({
  kind: z.enum(AGENT_INCOME_KINDS),
  amountMinor: minorString,
  amount: decimalString,
});
export type IncomeAmount = z.infer<typeof incomeAmount>;

export const incomeDay = z.object({
  date: isoDate,
  /** Every kind, in AGENT_INCOME_KINDS order (zero when nothing was paid). */
  byKind: z.array(incomeAmount),
  totalMinor: minorString,
  total: decimalString,
});
export type IncomeDay = z.infer<typeof incomeDay>;

export const agentIncomeReport = z.object({
  ...appliedRange,
  /** Every day of the range, oldest first (zeros included, for the chart). */
  days: z.array(incomeDay),
  byKind: z.array(incomeAmount),
  totalMinor: minorString,
  total: decimalString,
});
export type AgentIncomeReport = z.infer<typeof agentIncomeReport>;
export const agentIncomeResponse = envelopeOf(agentIncomeReport);

// ---------------------------------------------------------------------------------------------------------
// Downline transaction details: every money move of the team
// ---------------------------------------------------------------------------------------------------------

/**
 * The `type` filter of `GET /wps/agent/transfers` (agents.schema.ts `agentTransfersQuerySchema`). Without
 * it (or `agent_transfer`) the route answers as before: the agent's transfers with its direct downline. The
 * other types are the money moves of the whole team (any depth): `deposit`, `withdrawal`, `transfer`
 * (vendor wallets), `reward`, `adjustment`, and `bet` / `win` as one sum per member per UTC day (the
 * stakes and payouts of the rounds settled that day); `all` is every one of them.
 */
export const TEAM_MOVE_TYPES = [
  'agent_transfer',
  'deposit',
  'withdrawal',
  'transfer',
  'reward',
  'adjustment',
  'bet',
  'win',
] as const;
export type TeamMoveType = (typeof TEAM_MOVE_TYPES)[number];
export const TEAM_MOVE_FILTERS = ['all', ...TEAM_MOVE_TYPES] as const;
export type TeamMoveFilter = (typeof TEAM_MOVE_FILTERS)[number];
