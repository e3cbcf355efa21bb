import { AGENT_INCOME_KINDS, type LossPeriod, type TeamMoveType } from '@lotus/shared/agent-reports.schema';
import { type RawBuilder, sql } from 'kysely';
import { type Executor, Repository } from '../../db/unit-of-work.ts';
import {
  type BettingSums,
  bettingRows,
  gameTypeFilter,
  type PeriodParts,
  SUM_COLUMNS,
  type SumRow,
  subtree,
  sumsOf,
  toBigint,
  toNumber,
} from './agent-tree.repository.ts';

export type MemberRef = { id: bigint; username: string; memberType: number };

export type GameTypeSums = BettingSums & { gameType: string };

export type DownlineSums = BettingSums & { downline: MemberRef; activeMembers: number };

export type LossMemberRow = { member: MemberRef; depth: number; uplineUsername: string | null };

export type PeriodSums = BettingSums & { memberId: bigint; periodStart: string };

export type IncomeRow = { day: string; kind: string; amountMinor: bigint };

export type TeamMoveRow = {
  id: string;
  type: TeamMoveType;
  reversal: boolean;
  /** Signed, as posted on the member's main wallet. */
  amountMinor: bigint;
  username: string;
  createdAt: Date;
};

/** Journal entry kinds the team's transaction details show, as which type (the account record's mapping). */
const MOVE_TYPE_OF_KIND: Record<string, TeamMoveType> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  vendor_transfer: 'transfer',
  agent_transfer: 'agent_transfer',
  adjustment: 'adjustment',
  opening_balance: 'adjustment',
  reward: 'reward',
};

/** `%` and `_` typed in a search are letters, not wildcards. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const usernameMatches = (username: string | undefined) =>
  username ? sql`m.username ilike ${likeContains(username)} escape '\\'` : sql`true`;

/** SQL of the agent centre's reports (team betting, loss statements, income, team money moves). */
export class TeamReportsRepository<E extends Executor = Executor> extends Repository<E> {
  /** The whole team's sums per game type (most valid turnover first), and in all with its active members. */
  async teamByGameType(
    agentId: bigint,
    parts: PeriodParts,
    gameTypes: readonly string[] | undefined,
  ): Promise<{ byGameType: GameTypeSums[]; totals: BettingSums; activeMembers: number }> {
    const rows = bettingRows(subtree(agentId, 1), parts);
    const result = await sql<SumRow & { game_type: string | null; active: unknown; whole: boolean }>`
      select b.game_type, ${SUM_COLUMNS}, count(distinct b.member_id) as active, grouping(b.game_type) = 1 as whole
        from (${rows}) b
       where ${gameTypeFilter(gameTypes)}
       group by grouping sets ((b.game_type), ())
    `.execute(this.db);
    const whole = result.rows.find((row) => row.whole);
    return {
      byGameType: result.rows
        .filter((row) => !row.whole)
        .map((row) => ({ gameType: row.game_type ?? '', ...sumsOf(row) }))
        .sort(byTurnover),
      totals: sumsOf(whole),
      activeMembers: toNumber(whole?.active),
    };
  }

  /**
   * The team's sums per UTC day its rounds settled on (days without rounds left out), oldest first: the
   * members under `agentId`, and `agentId` itself with `includeSelf` (a downline's whole subtree).
   */
  async teamByDay(
    agentId: bigint,
    parts: PeriodParts,
    gameTypes: readonly string[] | undefined,
    options: { includeSelf: boolean },
  ): Promise<(BettingSums & { day: string })[]> {
    const rows = bettingRows(subtree(agentId, options.includeSelf ? 0 : 1), parts);
    const result = await sql<SumRow & { day: string }>`
      select b.day, ${SUM_COLUMNS}
        from (${rows}) b
       where ${gameTypeFilter(gameTypes)}
       group by b.day
       order by b.day
    `.execute(this.db);
    return result.rows.map((row) => ({ day: row.day, ...sumsOf(row) }));
  }

  /** One page of the direct downlines with rounds, each summing its whole subtree, most turnover first. */
  async downlineSums(
    agentId: bigint,
    parts: PeriodParts,
    filter: {
      gameTypes?: readonly string[] | undefined;
      downlineId?: bigint | undefined;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: DownlineSums[]; total: number }> {
    const direct =
      filter.downlineId === undefined
        ? sql`select t.descendant_id as downline_id from member_tree t where t.ancestor_id = ${agentId} and t.depth = 1`
        : sql`select t.descendant_id as downline_id from member_tree t
               where t.ancestor_id = ${agentId} and t.depth = 1 and t.descendant_id = ${filter.downlineId}`;
    const result = await sql<
      SumRow & { downline_id: bigint; username: string; member_type: number; active: unknown; total: unknown }
    >`
      with sums as (
        select d.downline_id, ${SUM_COLUMNS}, count(distinct b.member_id) as active
          from (${direct}) d
          join member_tree s on s.ancestor_id = d.downline_id
          join member_betting_hours b on b.member_id = s.descendant_id
           and b.hour >= ${parts.wholeFrom} and b.hour < ${parts.wholeTo}
         where ${gameTypeFilter(filter.gameTypes)}
         group by d.downline_id
      )
      select s.*, m.username, m.member_type, count(*) over () as total
        from sums s join members m on m.id = s.downline_id
       order by s.valid_turnover_minor::numeric desc, m.username, m.id
       limit ${filter.limit} offset ${filter.offset}
    `.execute(this.db);
    return {
      total: toNumber(result.rows[0]?.total),
      rows: result.rows.map((row) => ({
        downline: { id: BigInt(row.downline_id), username: row.username, memberType: row.member_type },
        activeMembers: toNumber(row.active),
        ...sumsOf(row),
      })),
    };
  }

  /** Per direct downline (its whole subtree) and game type, for the downlines of one page. */
  async downlineGameTypes(
    downlineIds: readonly bigint[],
    parts: PeriodParts,
    gameTypes: readonly string[] | undefined,
  ): Promise<(GameTypeSums & { downlineId: bigint })[]> {
    if (downlineIds.length === 0) return [];
    const result = await sql<SumRow & { downline_id: bigint; game_type: string }>`
      select s.ancestor_id as downline_id, b.game_type, ${SUM_COLUMNS}
        from member_tree s
        join member_betting_hours b on b.member_id = s.descendant_id
         and b.hour >= ${parts.wholeFrom} and b.hour < ${parts.wholeTo}
       where s.ancestor_id in (${sql.join(downlineIds.map((id) => sql`${id}`))})
         and ${gameTypeFilter(gameTypes)}
       group by s.ancestor_id, b.game_type
    `.execute(this.db);
    return result.rows
      .map((row) => ({ downlineId: BigInt(row.downline_id), gameType: row.game_type, ...sumsOf(row) }))
      .sort(byTurnover);
  }

  /** One page (by username) of the team's members with rounds in the period; `username` a part of it. */
  async lossMembers(
    agentId: bigint,
    parts: PeriodParts,
    filter: { username?: string | undefined; limit: number; offset: number },
  ): Promise<{ rows: LossMemberRow[]; total: number; totals: BettingSums }> {
    const result = await sql<{
      id: bigint;
      username: string;
      member_type: number;
      depth: number;
      upline_username: string | null;
      total: unknown;
    }>`
      select m.id, m.username, m.member_type, t.depth, u.username as upline_username, count(*) over () as total
        from member_tree t
        join members m on m.id = t.descendant_id
        left join members u on u.id = m.upline_id
       where t.ancestor_id = ${agentId} and t.depth >= 1 and ${usernameMatches(filter.username)}
         and exists (select 1 from member_betting_hours h
                      where h.member_id = t.descendant_id
                        and h.hour >= ${parts.wholeFrom} and h.hour < ${parts.wholeTo})
       order by m.username, m.id
       limit ${filter.limit} offset ${filter.offset}
    `.execute(this.db);
    const totals = await sql<SumRow>`
      select ${SUM_COLUMNS}
        from member_tree t
        join members m on m.id = t.descendant_id
        join member_betting_hours b on b.member_id = t.descendant_id
         and b.hour >= ${parts.wholeFrom} and b.hour < ${parts.wholeTo}
       where t.ancestor_id = ${agentId} and t.depth >= 1 and ${usernameMatches(filter.username)}
    `.execute(this.db);
    return {
      total: toNumber(result.rows[0]?.total),
      totals: sumsOf(totals.rows[0]),
      rows: result.rows.map((row) => ({
        member: { id: BigInt(row.id), username: row.username, memberType: row.member_type },
        depth: row.depth,
        uplineUsername: row.upline_username,
      })),
    };
  }

  /**
   * The members' sums per period (UTC days; weeks from Monday; calendar months), each period starting no
   * earlier than `rangeStart` (`yyyy-MM-dd`).
   */
  async memberPeriods(
    memberIds: readonly bigint[],
    parts: PeriodParts,
    period: LossPeriod,
    rangeStart: string,
  ): Promise<PeriodSums[]> {
    if (memberIds.length === 0) return [];
    const unit = sql.lit(period);
    const result = await sql<SumRow & { member_id: bigint; period_start: string }>`
      select b.member_id,
             greatest(date_trunc(${unit}, b.hour at time zone 'UTC')::date, ${rangeStart}::date)::text as period_start,
             ${SUM_COLUMNS}
        from member_betting_hours b
       where b.member_id in (${sql.join(memberIds.map((id) => sql`${id}`))})
         and b.hour >= ${parts.wholeFrom} and b.hour < ${parts.wholeTo}
       group by 1, 2
       order by 1, 2
    `.execute(this.db);
    return result.rows.map((row) => ({
      memberId: BigInt(row.member_id),
      periodStart: row.period_start,
      ...sumsOf(row),
    }));
  }

  /**
   * What was paid to the agent by the income kinds (reversals and adjustments under their kind), per UTC day:
   * the agent's main-wallet postings of those entries, less the entries whose other side is a member of its
   * own team — those are the agent paying its downline (a contract's payer is the payee's upline), not income.
   */
  async incomeByDay(agentId: bigint, from: Date, until: Date): Promise<IncomeRow[]> {
    const kinds = sql.join(AGENT_INCOME_KINDS.map((kind) => sql`${kind}`));
    const result = await sql<{ day: string; kind: string; amount: unknown }>`
      select (e.created_at at time zone 'UTC')::date::text as day, coalesce(o.kind, e.kind) as kind,
             sum(p.amount_minor)::text as amount
        from ledger_accounts a
        join journal_postings p on p.account_id = a.id
        join journal_entries e on e.id = p.entry_id
        left join journal_entries o on o.id = e.reverses_entry_id
       where a.member_id = ${agentId} and a.kind = 'member_main'
         and e.created_at >= ${from} and e.created_at < ${until}
         and coalesce(o.kind, e.kind) in (${kinds})
         and not exists (
           select 1 from journal_postings q
             join ledger_accounts qa on qa.id = q.account_id
             join member_tree t on t.descendant_id = qa.member_id and t.ancestor_id = ${agentId} and t.depth >= 1
            where q.entry_id = e.id and q.id <> p.id)
       group by 1, 2
    `.execute(this.db);
    return result.rows.map((row) => ({ day: row.day, kind: row.kind, amountMinor: toBigint(row.amount) }));
  }

  /**
   * One page, newest first, of the team's money moves of `types`: ledger postings on the main wallets of the
   * members under the agent (any depth), and for `bet` / `win` one row per member per UTC day from the
   * aggregates (stakes / payouts of the rounds settled that day).
   */
  async teamMoves(
    agentId: bigint,
    parts: PeriodParts,
    filter: { types: readonly TeamMoveType[]; limit: number; offset: number },
  ): Promise<{ rows: TeamMoveRow[]; total: number }> {
    const kinds = Object.entries(MOVE_TYPE_OF_KIND)
      .filter(([, type]) => filter.types.includes(type))
      .map(([kind]) => kind);
    const selects: RawBuilder<unknown>[] = [];
    if (kinds.length > 0) {
      selects.push(sql`
        select p.id::text as id, coalesce(o.kind, e.kind) as kind, e.reverses_entry_id is not null as reversal,
               p.amount_minor as amount, m.username, e.created_at
          from member_tree t
          join members m on m.id = t.descendant_id
          join ledger_accounts a on a.member_id = t.descendant_id and a.kind = 'member_main'
          join journal_postings p on p.account_id = a.id
          join journal_entries e on e.id = p.entry_id
          left join journal_entries o on o.id = e.reverses_entry_id
         where t.ancestor_id = ${agentId} and t.depth >= 1
           and e.created_at >= ${parts.wholeFrom} and e.created_at < ${parts.wholeTo}
           and coalesce(o.kind, e.kind) in (${sql.join(kinds.map((kind) => sql`${kind}`))})`);
    }
    const daily = (type: 'bet' | 'win', column: 'stake_minor' | 'payout_minor', sign: number) => sql`
      select ${`${type}-`}::text || b.member_id || '-' || d.day::date::text as id, ${type}::text as kind, false as reversal,
             ${sign}::bigint * sum(b.${sql.ref(column)}) as amount, m.username, d.day at time zone 'UTC' as created_at
        from member_tree t
        join members m on m.id = t.descendant_id
        join member_betting_hours b on b.member_id = t.descendant_id
         and b.hour >= ${parts.wholeFrom} and b.hour < ${parts.wholeTo}
        cross join lateral (select date_trunc('day', b.hour at time zone 'UTC') as day) d
       where t.ancestor_id = ${agentId} and t.depth >= 1
       group by b.member_id, m.username, d.day
      having sum(b.${sql.ref(column)}) <> 0`;
    if (filter.types.includes('bet')) selects.push(daily('bet', 'stake_minor', -1));
    if (filter.types.includes('win')) selects.push(daily('win', 'payout_minor', 1));
    if (selects.length === 0) return { rows: [], total: 0 };
    const result = await sql<{
      id: string;
      kind: string;
      reversal: boolean;
      amount: unknown;
      username: string;
      created_at: Date | string;
      total: unknown;
    }>`
      select x.id, x.kind, x.reversal, x.amount::text as amount, x.username, x.created_at, count(*) over () as total
        from (${sql.join(selects, sql` union all `)}) x
       order by x.created_at desc, x.id desc
       limit ${filter.limit} offset ${filter.offset}
    `.execute(this.db);
    return {
      total: toNumber(result.rows[0]?.total),
      rows: result.rows.map((row) => ({
        id: row.id,
        type: (MOVE_TYPE_OF_KIND[row.kind] ?? row.kind) as TeamMoveType,
        reversal: row.reversal,
        amountMinor: toBigint(row.amount),
        username: row.username,
        createdAt: new Date(row.created_at),
      })),
    };
  }

  /** The member as the reports name it, when it is a direct downline of the agent. */
  async directDownline(agentId: bigint, memberId: bigint): Promise<MemberRef | undefined> {
    const row = await this.db
      .selectFrom('members as m')
      .select(['m.id', 'm.username', 'm.member_type'])
      .where('m.id', '=', memberId)
      .where('m.upline_id', '=', agentId)
      .executeTakeFirst();
    return row && { id: row.id, username: row.username, memberType: row.member_type };
  }
}

function byTurnover(a: BettingSums & { gameType: string }, b: BettingSums & { gameType: string }): number {
  if (a.validTurnoverMinor !== b.validTurnoverMinor)
    return a.validTurnoverMinor > b.validTurnoverMinor ? -1 : 1;
  return a.gameType < b.gameType ? -1 : a.gameType > b.gameType ? 1 : 0;
}
