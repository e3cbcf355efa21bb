import { AGENT_TYPES } from '@lotus/shared/member-types';
import { sql } from 'kysely';
import { type Executor, Repository } from '../../db/unit-of-work.ts';

export type TeamCounts = {
  directCount: number;
  teamCount: number;
  agentCount: number;
  newThisMonth: number;
};

export type DownlineRow = {
  id: bigint;
  username: string;
  nickname: string | null;
  memberType: number;
  createdAt: Date;
  lastLoginAt: Date | null;
  availableMinor: bigint;
};

export type AgentTransferRow = {
  entryId: bigint;
  createdAt: Date;
  /** Signed, as posted on the agent's main account: negative when the agent paid. */
  agentAmountMinor: bigint;
  counterpart: string;
};

/** `%` and `_` typed in a search are letters, not wildcards. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const toNumber = (value: unknown): number => Number(value ?? 0);
const toBigint = (value: unknown): bigint => BigInt(String(value ?? 0));

/**
 * SQL of the agent centre over the member tree (members.upline_id) and the ledger. Reads only: the one
 * write (a new downline account) goes through the registration module's repository.
 */
export class AgentsRepository<E extends Executor = Executor> extends Repository<E> {
  /**
   * Counts of the agent's team: a recursive walk down members.upline_id, bounded by `maxDepth` so a
   * (corrupt) cycle or a very deep tree cannot make it run away.
   */
  async teamCounts(agentId: bigint, maxDepth: number, monthStart: Date): Promise<TeamCounts> {
    const agentTypes = sql.join(AGENT_TYPES.map((type) => sql.lit(type)));
    const result = await sql<{
      direct_count: unknown;
      team_count: unknown;
      agent_count: unknown;
      new_this_month: unknown;
    }>`
      with recursive team (id, depth) as (
        select id, 1 from members where upline_id = ${agentId}
        union all
        select m.id, t.depth + 1 from members m join team t on m.upline_id = t.id where t.depth < ${maxDepth}
      )
      select
        count(*) filter (where t.depth = 1) as direct_count,
        count(distinct m.id) as team_count,
        count(distinct m.id) filter (where m.member_type in (${agentTypes})) as agent_count,
        count(distinct m.id) filter (where m.created_at >= ${monthStart}) as new_this_month
      from team t join members m on m.id = t.id
    `.execute(this.db);
    const row = result.rows[0];
    return {
      directCount: toNumber(row?.direct_count),
      teamCount: toNumber(row?.team_count),
      agentCount: toNumber(row?.agent_count),
      newThisMonth: toNumber(row?.new_this_month),
    };
  }

  /** Sum of the direct downline's available main balances (balance less holds). */
  async directBalanceSum(agentId: bigint): Promise<bigint> {
    const row = await this.db
      .selectFrom('ledger_accounts as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select(sql<string>`coalesce(sum(a.balance_minor - a.held_minor), 0)::text`.as('total'))
      .where('m.upline_id', '=', agentId)
      .where('a.kind', '=', 'member_main')
      .executeTakeFirstOrThrow();
    return toBigint(row.total);
  }

  async invitationCode(agentId: bigint): Promise<string | null> {
    const row = await this.db
      .selectFrom('members')
      .select('affiliate_code')
      .where('id', '=', agentId)
      .executeTakeFirst();
    return row?.affiliate_code ?? null;
  }

  /** One page of the direct downline, newest first; `username` matches a part of it in any case. */
  async downlines(
    agentId: bigint,
    filter: { username?: string | undefined; limit: number; offset: number },
  ): Promise<{ rows: DownlineRow[]; total: number }> {
    let base = this.db.selectFrom('members as m').where('m.upline_id', '=', agentId);
    if (filter.username) {
      base = base.where(sql<boolean>`m.username ilike ${likeContains(filter.username)} escape '\\'`);
    }
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      base
        .leftJoin('ledger_accounts as a', (join) =>
          join.onRef('a.member_id', '=', 'm.id').on('a.kind', '=', 'member_main'),
        )
        .select([
          'm.id',
          'm.username',
          'm.nickname',
          'm.member_type',
          'm.created_at',
          sql<string>`coalesce(a.balance_minor - a.held_minor, 0)::text`.as('available'),
          sql<Date | null>`(select max(s.created_at) from sessions s where s.member_id = m.id)`.as(
            'last_login_at',
          ),
        ])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
    ]);
    return {
      total: toNumber(count.total),
      rows: rows.map((row) => ({
        id: row.id,
        username: row.username,
        nickname: row.nickname,
        memberType: row.member_type,
        createdAt: row.created_at,
        lastLoginAt: row.last_login_at === null ? null : new Date(row.last_login_at),
        availableMinor: toBigint(row.available),
      })),
    };
  }

  /**
   * `agent_transfer` entries between the agent's main account and the main account of a member whose
   * upline it is now, in [from, until), newest first.
   */
  async transfers(
    agentId: bigint,
    filter: { from: Date; until: Date; limit: number; offset: number },
  ): Promise<{ rows: AgentTransferRow[]; total: number }> {
    const base = this.db
      .selectFrom('journal_postings as p')
      .innerJoin('ledger_accounts as pa', 'pa.id', 'p.account_id')
      .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
      .innerJoin('journal_postings as q', (join) =>
        join.onRef('q.entry_id', '=', 'e.id').onRef('q.id', '<>', 'p.id'),
      )
      .innerJoin('ledger_accounts as qa', 'qa.id', 'q.account_id')
      .innerJoin('members as m', 'm.id', 'qa.member_id')
      .where('pa.member_id', '=', agentId)
      .where('pa.kind', '=', 'member_main')
      .where('qa.kind', '=', 'member_main')
      .where('e.kind', '=', 'agent_transfer')
      .where('m.upline_id', '=', agentId)
      .where('e.created_at', '>=', filter.from)
      .where('e.created_at', '<', filter.until);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      base
        .select([
          'e.id as entryId',
          'e.created_at as createdAt',
          'p.amount_minor as amountMinor',
          'm.username as counterpart',
        ])
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
    ]);
    return {
      total: toNumber(count.total),
      rows: rows.map((row) => ({
        entryId: row.entryId,
        createdAt: row.createdAt,
        agentAmountMinor: toBigint(row.amountMinor),
        counterpart: row.counterpart,
      })),
    };
  }
}
