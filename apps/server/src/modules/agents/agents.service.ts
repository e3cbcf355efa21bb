import {
  AGENT_TEAM_MAX_DEPTH,
  type AgentTransferItem,
  type AgentTransfersFilter,
  type AgentTransfersPage,
  type DownlineFilter,
  type DownlinePage,
  type RegisterDownlinePayload,
  type RegisteredDownline,
  type TeamOverview,
} from '@lotus/shared/agents.schema';
import { addDays, dayNumber, daysInRange, RECORD_MAX_RANGE_DAYS, todayUtc } from '@lotus/shared/date-ranges';
import { minorToDecimal } from '@lotus/shared/money';
import { checkFieldValue, requiredRuleFor } from '@lotus/shared/registration-rules';
import type { RegisterSetting, RegistrationFieldRule } from '@lotus/shared/system.schema';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Actor, isRealAgent } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { fieldInvalid, type NewMembers, USERNAME_SHAPE } from '../registration/registration.service.ts';
import type { AgentsRepository } from './agents.repository.ts';

export type AgentsServiceDeps = {
  repository: AgentsRepository;
  /** The registration module's insert (member row + first known IP). */
  registration: Pick<NewMembers, 'insertMember'>;
  /** The brand's registration field rules (SystemService). */
  registerSetting: (visitor: { ip: string; host: string | null }) => Promise<RegisterSetting>;
  findByUsername: (brandId: bigint, username: string) => Promise<unknown>;
  /** The audit log (SessionsService.audit). */
  audit: (
    brandId: bigint,
    memberId: bigint,
    action: string,
    origin: RequestOrigin,
    detail: Record<string, unknown>,
  ) => Promise<void>;
  clock: Clock;
  /** The transaction details' team view, for a `type` other than `agent_transfer` (team-reports.service.ts). */
  teamMoves: (agent: Actor, filter: AgentTransfersFilter) => Promise<AgentTransfersPage>;
};

const DAY_MS = 86_400_000;

/** The members table's nickname column. */
const NICKNAME_MAX = 64;

/** Only agents (SPEC §6 types 1, 2, 41, 42) that are real accounts reach the agent centre. */
export function requireAgent(actor: Actor): void {
  if (!isRealAgent(actor)) throw new AppError('error_not_agent');
}

function badRange(path: 'from' | 'to', code: string): AppError {
  return new AppError('invalid_request', {
    message: `agent transfer dates: ${code}`,
    details: { issues: [{ path, code }] },
  });
}

/** `from` / `to` (inclusive UTC days) to a half-open time range; defaults to the last 7 days. */
export function transferRange(from: string | undefined, to: string | undefined, today: string) {
  const end = to ?? today;
  if (dayNumber(end) === null) throw badRange('to', 'invalid_date');
  const start = from ?? addDays(end, -6);
  if (dayNumber(start) === null) throw badRange('from', 'invalid_date');
  const days = daysInRange(start, end) ?? 0;
  if (days < 1) throw badRange('to', 'before_start');
  if (days > RECORD_MAX_RANGE_DAYS) throw badRange('to', 'range_too_long');
  const since = new Date(`${start}T00:00:00.000Z`);
  return { from: start, to: end, since, until: new Date(since.getTime() + days * DAY_MS) };
}

const pages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/** A signed amount as the transaction details show it: positive, `direction` saying which way. */
export function unsignedAmount(signedMinor: bigint): { amountMinor: string; amount: string } {
  const amount = signedMinor < 0n ? -signedMinor : signedMinor;
  return { amountMinor: amount.toString(), amount: minorToDecimal(amount) };
}

/** One page of the transaction details (agent transfers, or the team's moves) with the range applied. */
export function transfersPage<R>(
  filter: AgentTransfersFilter,
  range: { from: string; to: string },
  total: number,
  rows: readonly R[],
  item: (row: R) => AgentTransferItem,
): AgentTransfersPage {
  return {
    list: rows.map(item),
    page: filter.page,
    pageSize: filter.pageSize,
    total,
    totalPages: pages(total, filter.pageSize),
    from: range.from,
    to: range.to,
    type: filter.type,
  };
}

/**
 * The agent centre's first slice (docs/agents-contract.md): team overview, the direct downline, registering
 * a downline account and the transfers between the agent and its downline. Commission, contracts, team
 * betting, loss statements, income, dividends and salaries belong to the contracts issue.
 */
export class AgentsService {
  readonly #deps: AgentsServiceDeps;

  constructor(deps: AgentsServiceDeps) {
    this.#deps = deps;
  }

  async overview(agent: Actor): Promise<TeamOverview> {
    requireAgent(agent);
    const now = this.#deps.clock.now();
    // The brand's day is UTC (packages/shared date-ranges), so "this month" is the UTC calendar month.
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const { repository } = this.#deps;
    const counts = await repository.teamCounts(agent.memberId, AGENT_TEAM_MAX_DEPTH, monthStart);
    const balance = await repository.directBalanceSum(agent.memberId);
    const code = await repository.invitationCode(agent.memberId);
    return {
      ...counts,
      monthStart: monthStart.toISOString().slice(0, 10),
      directBalanceMinor: balance.toString(),
      directBalance: minorToDecimal(balance),
      invitationCode: code,
      registrationPath: code === null ? null : `/register?affiliateCode=${encodeURIComponent(code)}`,
    };
  }

  async downlines(agent: Actor, filter: DownlineFilter): Promise<DownlinePage> {
    requireAgent(agent);
    const { rows, total } = await this.#deps.repository.downlines(agent.memberId, {
      username: filter.username,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      list: rows.map((row) => ({
        id: row.id.toString(),
        username: row.username,
        nickname: row.nickname,
        memberType: row.memberType,
        createdAt: row.createdAt.toISOString(),
        lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
        balanceMinor: row.availableMinor.toString(),
        balance: minorToDecimal(row.availableMinor),
      })),
      page: filter.page,
      pageSize: filter.pageSize,
      total,
      totalPages: pages(total, filter.pageSize),
    };
  }

  /**
   * A new player account (type 0) under the agent, judged by the brand's registration rules for username,
   * password and nickname. It is not logged in: the agent hands the credentials over.
   */
  async registerDownline(
    agent: Actor,
    payload: RegisterDownlinePayload,
    origin: RequestOrigin,
  ): Promise<RegisteredDownline> {
    requireAgent(agent);
    const { fields } = await this.#deps.registerSetting({ ip: origin.ip, host: origin.host });
    const username = payload.username.trim();
    const nickname = payload.nickname?.trim() ?? '';
    const check = (rule: RegistrationFieldRule, key: string, value: string) => {
      const result = checkFieldValue(rule, value);
      if (result !== 'ok') throw fieldInvalid(rule, key, result);
    };
    const usernameRule = requiredRuleFor(fields, 'username');
    check(usernameRule, 'username', username);
    if (!USERNAME_SHAPE.test(username)) throw fieldInvalid(usernameRule, 'username', 'pattern');
    check(requiredRuleFor(fields, 'password'), 'password', payload.password);
    if (nickname !== '') {
      const stored = fields.find((field) => field.key === 'nickname');
      // A brand that hides nickname on its form still bounds it by the column.
      const rule: RegistrationFieldRule = stored?.enabled
        ? { ...stored, required: false }
        : {
            key: 'nickname',
            enabled: true,
            required: false,
            acceptedPattern: null,
            patternId: null,
            minLength: null,
            maxLength: NICKNAME_MAX,
            type: 'text',
          };
      check(rule, 'nickname', nickname);
      if ([...nickname].length > NICKNAME_MAX) {
        throw fieldInvalid({ ...rule, maxLength: NICKNAME_MAX }, 'nickname', 'too_long');
      }
    }
    if (await this.#deps.findByUsername(agent.brandId, username)) throw new AppError('username_taken');

    const now = this.#deps.clock.now();
    // The new account's row holds its password hash: only what the answer shows is kept.
    let member: { id: bigint; username: string; nickname: string | null };
    try {
      member = await this.#deps.registration.insertMember(
        {
          brand_id: agent.brandId,
          username,
          nickname: nickname === '' ? null : nickname,
          member_type: 0,
          upline_id: agent.memberId,
          password_hash: await hashPassword(payload.password),
          password_changed_at: now,
          created_at: now,
          registration_fields: '{}',
          language: agent.language,
          register_ip: origin.ip,
          // The column's list has no "by agent" value (that would need a migration): the audit row says so.
          register_method: 'username',
        },
        origin.ip,
        now,
      );
    } catch (error) {
      // Two requests for the same name: the unique index lets one through, the other reads as taken.
      if (isUniqueViolation(error)) throw new AppError('username_taken', { cause: error });
      throw error;
    }
    await this.#deps.audit(agent.brandId, agent.memberId, 'agent.downline_registered', origin, {
      downlineId: member.id.toString(),
      username: member.username,
    });
    return { id: member.id.toString(), username: member.username, nickname: member.nickname };
  }

  async transfers(agent: Actor, filter: AgentTransfersFilter): Promise<AgentTransfersPage> {
    requireAgent(agent);
    if (filter.type !== 'agent_transfer') return this.#deps.teamMoves(agent, filter);
    const range = transferRange(filter.from, filter.to, todayUtc(this.#deps.clock.now()));
    const { rows, total } = await this.#deps.repository.transfers(agent.memberId, {
      from: range.since,
      until: range.until,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return transfersPage(filter, range, total, rows, (row) => ({
      id: row.entryId.toString(),
      type: 'agent_transfer',
      reversal: false,
      direction: row.agentAmountMinor < 0n ? 'to_downline' : 'from_downline',
      counterpart: row.counterpart,
      ...unsignedAmount(row.agentAmountMinor),
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
