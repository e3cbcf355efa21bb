import { z } from 'zod';
import { TEAM_MOVE_FILTERS, TEAM_MOVE_TYPES } from './agent-reports.schema.ts';
import { envelopeOf } from './envelope.ts';
import { singleLineText } from './text.ts';

/**
 * Agent centre (SPEC §2 "Agent centre menu"; docs/agents-contract.md, docs/api.md "Agent centre"). Every call
 * needs a session of an agent (member types 1, 2, 41, 42), else `403 error_not_agent`. Money travels as
 * minor units (`*Minor`, integer strings) beside the same amount with two decimals.
 */

const minorString = z.string().regex(/^-?[0-9]+$/);
const decimalString = z.string().regex(/^-?[0-9]+\.[0-9]{2}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** How deep the team is followed below the agent (whole-team counts); deeper members are not counted. */
export const AGENT_TEAM_MAX_DEPTH = 20;
export const AGENT_PAGE_SIZE_DEFAULT = 20;
export const AGENT_PAGE_SIZE_MAX = 100;

/** `GET /wps/agent/team/overview`. */
export const teamOverview = z.object({
  /** Members whose upline is the agent. */
  directCount: z.number().int(),
  /** Everyone below the agent, down to AGENT_TEAM_MAX_DEPTH levels. */
  teamCount: z.number().int(),
  /** Agents (types 1, 2, 41, 42) among the whole team. */
  agentCount: z.number().int(),
  /** Team members created in the current calendar month (UTC). */
  newThisMonth: z.number().int(),
  /** The first day of that month, `yyyy-MM-dd` (UTC). */
  monthStart: isoDate,
  /** Sum of the direct downline's main-wallet balances. */
  directBalanceMinor: minorString,
  directBalance: decimalString,
  /** The agent's invitation code (null until the operator gives it one). */
  invitationCode: z.string().nullable(),
  /** Path of the registration link carrying the code (`/register?affiliateCode=…`), null without a code. */
  registrationPath: z.string().nullable(),
});
export type TeamOverview = z.infer<typeof teamOverview>;
export const teamOverviewResponse = envelopeOf(teamOverview);

const pageFields = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AGENT_PAGE_SIZE_MAX).default(AGENT_PAGE_SIZE_DEFAULT),
};

/** `GET /wps/agent/downlines?page=&pageSize=&username=` (username: a part of it, any case). */
export const downlineQuerySchema = z.object({
  ...pageFields,
  username: singleLineText().trim().max(64).optional(),
});
export type DownlineQuery = z.input<typeof downlineQuerySchema>;
export type DownlineFilter = z.output<typeof downlineQuerySchema>;

export const downlineItem = z.object({
  id: minorString,
  username: z.string(),
  nickname: z.string().nullable(),
  memberType: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The member's newest session (ISO 8601), null if it never logged in. */
  lastLoginAt: z.string().nullable(),
  balanceMinor: minorString,
  balance: decimalString,
});
export type DownlineItem = z.infer<typeof downlineItem>;

export const downlinePage = z.object({
  list: z.array(downlineItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type DownlinePage = z.infer<typeof downlinePage>;
export const downlinePageResponse = envelopeOf(downlinePage);

/**
 * `POST /wps/agent/downlines` (sealed, like every password-carrying call): the new account's username and
 * password are judged by the brand's registration field rules; nickname by its rule when given.
 */
export const registerDownlinePayloadSchema = z.strictObject({
  username: singleLineText().max(64),
  password: z.string().max(128),
  nickname: singleLineText().max(128).optional(),
});
export type RegisterDownlinePayload = z.infer<typeof registerDownlinePayloadSchema>;

export const registeredDownline = z.object({
  id: minorString,
  username: z.string(),
  nickname: z.string().nullable(),
});
export type RegisteredDownline = z.infer<typeof registeredDownline>;
export const registeredDownlineResponse = envelopeOf(registeredDownline);

/**
 * `GET /wps/agent/transfers?page=&pageSize=&from=&to=&type=`: dates `yyyy-MM-dd` inclusive, ≤ 92 days,
 * default last 7. `type` (agent-reports.schema.ts `TEAM_MOVE_FILTERS`) defaults to `agent_transfer`: the
 * agent's transfers with its direct downline; the other types list the money moves of the whole team.
 */
export const agentTransfersQuerySchema = z.object({
  ...pageFields,
  from: isoDate.optional(),
  to: isoDate.optional(),
  type: z.enum(TEAM_MOVE_FILTERS).default('agent_transfer'),
});
export type AgentTransfersQuery = z.input<typeof agentTransfersQuerySchema>;
export type AgentTransfersFilter = z.output<typeof agentTransfersQuerySchema>;

/**
 * `to_downline` / `from_downline`: an agent transfer, seen from the agent. `in` / `out`: any other move,
 * seen from the team member's main wallet (`counterpart`).
 */
export const AGENT_TRANSFER_DIRECTIONS = ['to_downline', 'from_downline', 'in', 'out'] as const;
export type AgentTransferDirection = (typeof AGENT_TRANSFER_DIRECTIONS)[number];

export const agentTransferItem = z.object({
  /** The journal entry (agent transfers), the posting (the team view), or `<bet|win>-<memberId>-<yyyy-MM-dd>` for a daily sum. */
  id: z.string(),
  type: z.enum(TEAM_MOVE_TYPES),
  /** True when the row reverses an earlier entry of `type`. */
  reversal: z.boolean(),
  direction: z.enum(AGENT_TRANSFER_DIRECTIONS),
  /** The team member whose money moved (the downline of an agent transfer). */
  counterpart: z.string(),
  /** Always positive: `direction` says which way it went. */
  amountMinor: minorString,
  amount: decimalString,
  /** ISO 8601; the day's start (UTC) for a daily sum. */
  createdAt: z.string(),
});
export type AgentTransferItem = z.infer<typeof agentTransferItem>;

export const agentTransfersPage = z.object({
  list: z.array(agentTransferItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** The range applied (defaults filled in). */
  from: isoDate,
  to: isoDate,
  type: z.enum(TEAM_MOVE_FILTERS),
});
export type AgentTransfersPage = z.infer<typeof agentTransfersPage>;
export const agentTransfersResponse = envelopeOf(agentTransfersPage);
