import {
  AGENT_INCOME_KINDS,
  type AgentIncomeFilter,
  type AgentIncomeReport,
  type BettingFigures,
  type IncomeAmount,
  TEAM_MOVE_TYPES,
  type TeamBettingFilter,
  type TeamBettingReport,
  type TeamLossFilter,
  type TeamLossReport,
  type TeamMember,
} from '@lotus/shared/agent-reports.schema';
import type { AgentTransfersFilter, AgentTransfersPage } from '@lotus/shared/agents.schema';
import { addDays, daysInRange, todayUtc } from '@lotus/shared/date-ranges';
import { AGENT_TYPES } from '@lotus/shared/member-types';
import { minorToDecimal } from '@lotus/shared/money';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type BettingSums, periodParts } from './agent-tree.repository.ts';
import { requireAgent, transferRange, transfersPage, unsignedAmount } from './agents.service.ts';
import type { MemberRef, TeamReportsRepository } from './team-reports.repository.ts';

export type TeamReportsServiceDeps = { repository: TeamReportsRepository; clock: Clock };

const pages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

export function figuresOf(sums: BettingSums): BettingFigures {
  const net = sums.payoutMinor - sums.stakeMinor;
  return {
    stakeMinor: sums.stakeMinor.toString(),
    stake: minorToDecimal(sums.stakeMinor),
    validTurnoverMinor: sums.validTurnoverMinor.toString(),
    validTurnover: minorToDecimal(sums.validTurnoverMinor),
    payoutMinor: sums.payoutMinor.toString(),
    payout: minorToDecimal(sums.payoutMinor),
    netMinor: net.toString(),
    net: minorToDecimal(net),
    rounds: sums.rounds,
  };
}

function memberOf(ref: MemberRef): TeamMember {
  return {
    id: ref.id.toString(),
    username: ref.username,
    memberType: ref.memberType,
    isAgent: AGENT_TYPES.includes(ref.memberType),
  };
}

const amountOf = (kind: IncomeAmount['kind'], amountMinor: bigint): IncomeAmount => ({
  kind,
  amountMinor: amountMinor.toString(),
  amount: minorToDecimal(amountMinor),
});

/**
 * The agent centre's reports (issue 18, docs/agents-contract.md "Reports"): team betting, downline loss
 * statements, my income and the team's money moves. Figures from the hourly aggregates over the member
 * tree as it is now; ranges are whole UTC days (the account record's rule: ≤ 92 days, default last 7).
 */
export class TeamReportsService {
  readonly #deps: TeamReportsServiceDeps;

  constructor(deps: TeamReportsServiceDeps) {
    this.#deps = deps;
  }

  #range(from: string | undefined, to: string | undefined) {
    const range = transferRange(from, to, todayUtc(this.#deps.clock.now()));
    return { ...range, parts: periodParts(range.since, range.until) };
  }

  async teamBetting(agent: Actor, filter: TeamBettingFilter): Promise<TeamBettingReport> {
    requireAgent(agent);
    const range = this.#range(filter.from, filter.to);
    const { repository } = this.#deps;
    const gameTypes = filter.gameType === undefined ? undefined : [filter.gameType];
    let downlineId: bigint | undefined;
    if (filter.downline !== undefined) {
      const downline = await repository.directDownline(agent.memberId, BigInt(filter.downline));
      if (!downline) throw new AppError('downline_not_in_team');
      downlineId = downline.id;
    }
    const page = await repository.downlineSums(agent.memberId, range.parts, {
      gameTypes,
      downlineId,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    const perType = await repository.downlineGameTypes(
      page.rows.map((row) => row.downline.id),
      range.parts,
      gameTypes,
    );
    // The chart's days: the whole team's, or the one downline's subtree (depth 0 of its own tree).
    const byDay = await repository.teamByDay(downlineId ?? agent.memberId, range.parts, gameTypes, {
      includeSelf: downlineId !== undefined,
    });
    // Narrowed to one downline, the whole-team figures are that downline's (the row itself).
    const team =
      downlineId === undefined
        ? await repository.teamByGameType(agent.memberId, range.parts, gameTypes)
        : {
            byGameType: perType,
            totals: page.rows[0] ?? { stakeMinor: 0n, validTurnoverMinor: 0n, payoutMinor: 0n, rounds: 0 },
            activeMembers: page.rows[0]?.activeMembers ?? 0,
          };
    return {
      from: range.from,
      to: range.to,
      gameType: filter.gameType ?? null,
      list: page.rows.map((row) => ({
        downline: memberOf(row.downline),
        activeMembers: row.activeMembers,
        byGameType: perType
          .filter((sums) => sums.downlineId === row.downline.id)
          .map((sums) => ({ gameType: sums.gameType, ...figuresOf(sums) })),
        totals: figuresOf(row),
      })),
      page: filter.page,
      pageSize: filter.pageSize,
      total: page.total,
      totalPages: pages(page.total, filter.pageSize),
      byGameType: team.byGameType.map((sums) => ({ gameType: sums.gameType, ...figuresOf(sums) })),
      totals: figuresOf(team.totals),
      activeMembers: team.activeMembers,
      byDay: byDay.map(({ day, ...sums }) => ({ day, ...figuresOf(sums) })),
    };
  }

  async teamLoss(agent: Actor, filter: TeamLossFilter): Promise<TeamLossReport> {
    requireAgent(agent);
    const range = this.#range(filter.from, filter.to);
    const { repository } = this.#deps;
    const page = await repository.lossMembers(agent.memberId, range.parts, {
      username: filter.username,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    const periods = await repository.memberPeriods(
      page.rows.map((row) => row.member.id),
      range.parts,
      filter.period,
      range.from,
    );
    return {
      from: range.from,
      to: range.to,
      period: filter.period,
      list: page.rows.map((row) => {
        const own = periods.filter((sums) => sums.memberId === row.member.id);
        const totals = own.reduce<BettingSums>(
          (sum, sums) => ({
            stakeMinor: sum.stakeMinor + sums.stakeMinor,
            validTurnoverMinor: sum.validTurnoverMinor + sums.validTurnoverMinor,
            payoutMinor: sum.payoutMinor + sums.payoutMinor,
            rounds: sum.rounds + sums.rounds,
          }),
          { stakeMinor: 0n, validTurnoverMinor: 0n, payoutMinor: 0n, rounds: 0 },
        );
        return {
          member: memberOf(row.member),
          depth: row.depth,
          uplineUsername: row.uplineUsername,
          periods: own.map((sums) => ({ periodStart: sums.periodStart, ...figuresOf(sums) })),
          totals: figuresOf(totals),
        };
      }),
      page: filter.page,
      pageSize: filter.pageSize,
      total: page.total,
      totalPages: pages(page.total, filter.pageSize),
      totals: figuresOf(page.totals),
    };
  }

  async income(agent: Actor, filter: AgentIncomeFilter): Promise<AgentIncomeReport> {
    requireAgent(agent);
    const range = this.#range(filter.from, filter.to);
    const rows = await this.#deps.repository.incomeByDay(agent.memberId, range.since, range.until);
    const amount = (day: string | null, kind: string) =>
      rows
        .filter((row) => (day === null || row.day === day) && row.kind === kind)
        .reduce((sum, row) => sum + row.amountMinor, 0n);
    const dayCount = daysInRange(range.from, range.to) ?? 0;
    const days = Array.from({ length: dayCount }, (_, index) => {
      const date = addDays(range.from, index);
      const byKind = AGENT_INCOME_KINDS.map((kind) => amountOf(kind, amount(date, kind)));
      const total = byKind.reduce((sum, item) => sum + BigInt(item.amountMinor), 0n);
      return { date, byKind, totalMinor: total.toString(), total: minorToDecimal(total) };
    });
    const byKind = AGENT_INCOME_KINDS.map((kind) => amountOf(kind, amount(null, kind)));
    const total = byKind.reduce((sum, item) => sum + BigInt(item.amountMinor), 0n);
    return {
      from: range.from,
      to: range.to,
      days,
      byKind,
      totalMinor: total.toString(),
      total: minorToDecimal(total),
    };
  }

  /** The transaction details' team view (`type` other than the default `agent_transfer`). */
  async teamMoves(agent: Actor, filter: AgentTransfersFilter): Promise<AgentTransfersPage> {
    requireAgent(agent);
    const range = this.#range(filter.from, filter.to);
    const types = filter.type === 'all' ? TEAM_MOVE_TYPES : [filter.type];
    const { rows, total } = await this.#deps.repository.teamMoves(agent.memberId, range.parts, {
      types,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return transfersPage(filter, range, total, rows, (row) => ({
      id: row.id,
      type: row.type,
      reversal: row.reversal,
      direction: row.amountMinor < 0n ? 'out' : 'in',
      counterpart: row.username,
      ...unsignedAmount(row.amountMinor),
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
