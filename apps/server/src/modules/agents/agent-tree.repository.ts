import { OTHER_GAME_TYPE } from '@lotus/shared/agent-reports.schema';
import { type RawBuilder, sql } from 'kysely';
import { type Executor, Repository } from '../../db/unit-of-work.ts';

/** Sums of settled rounds over a set of members (bigint minor units). */
export type BettingSums = {
  stakeMinor: bigint;
  validTurnoverMinor: bigint;
  payoutMinor: bigint;
  rounds: number;
};

export type TeamSums = BettingSums & {
  /** Members with at least one settled round in the period. */
  activeMembers: number;
};

/**
 * A period cut for the aggregates: whole UTC hours `[wholeFrom, wholeTo)` read from member_betting_hours,
 * and the minutes around them (`edges`, half-open) read from the settled rounds themselves.
 */
export type PeriodParts = { wholeFrom: Date; wholeTo: Date; edges: [Date, Date][] };

const HOUR_MS = 3_600_000;

/** Splits `[from, to)` into whole UTC hours and the minutes before and after them. */
export function periodParts(from: Date, to: Date): PeriodParts {
  const start = from.getTime();
  const end = to.getTime();
  const wholeFrom = Math.ceil(start / HOUR_MS) * HOUR_MS;
  const wholeTo = Math.floor(end / HOUR_MS) * HOUR_MS;
  if (wholeFrom >= wholeTo) {
    // Inside one hour (or across one boundary without a whole hour): the rounds alone.
    return {
      wholeFrom: new Date(wholeFrom),
      wholeTo: new Date(wholeFrom),
      edges: end > start ? [[from, to]] : [],
    };
  }
  const edges: [Date, Date][] = [];
  if (start < wholeFrom) edges.push([from, new Date(wholeFrom)]);
  if (wholeTo < end) edges.push([new Date(wholeTo), to]);
  return { wholeFrom: new Date(wholeFrom), wholeTo: new Date(wholeTo), edges };
}

export const toBigint = (value: unknown): bigint => BigInt(String(value ?? 0));
export const toNumber = (value: unknown): number => Number(value ?? 0);

/**
 * The betting rows (member_id, game_type, stake_minor, valid_turnover_minor, payout_minor, rounds) of the
 * members `team` selects (a query with a `member_id` column) in `parts`: the hour aggregates, plus the
 * settled rounds of the edge minutes. One place, so the api for settlements and the reports agree.
 */
export function bettingRows(team: RawBuilder<unknown>, parts: PeriodParts): RawBuilder<unknown> {
  const hours = sql`
    select h.member_id, h.game_type, h.stake_minor, h.valid_turnover_minor, h.payout_minor, h.rounds,
           (h.hour at time zone 'UTC')::date::text as day
      from (${team}) tm
      join member_betting_hours h on h.member_id = tm.member_id
       and h.hour >= ${parts.wholeFrom} and h.hour < ${parts.wholeTo}`;
  if (parts.edges.length === 0) return hours;
  const within = sql.join(
    parts.edges.map(([a, b]) => sql`(r.settled_at >= ${a} and r.settled_at < ${b})`),
    sql` or `,
  );
  return sql`${hours}
    union all
    select r.member_id, coalesce(g.game_type, ${OTHER_GAME_TYPE}), r.stake_minor, r.stake_minor, r.payout_minor, 1,
           (r.settled_at at time zone 'UTC')::date::text
      from game_rounds r
      join (${team}) tm on tm.member_id = r.member_id
      left join games g on g.id = r.game_id
     where r.status = 'settled' and (${within})`;
}

/** The members under `agentId` (depth ≥ `minDepth`; 0 counts the agent itself), as a `member_id` query. */
export function subtree(agentId: bigint, minDepth: number): RawBuilder<unknown> {
  return sql`select t.descendant_id as member_id from member_tree t
              where t.ancestor_id = ${agentId} and t.depth >= ${minDepth}`;
}

export function gameTypeFilter(gameTypes: readonly string[] | undefined): RawBuilder<unknown> {
  if (gameTypes === undefined) return sql`true`;
  if (gameTypes.length === 0) return sql`false`;
  return sql`b.game_type in (${sql.join(gameTypes.map((type) => sql`${type}`))})`;
}

/** The select list of betting sums over rows `b` (numeric sums as text, so bigints survive both drivers). */
export const SUM_COLUMNS = sql`
  coalesce(sum(b.stake_minor), 0)::text as stake_minor,
  coalesce(sum(b.valid_turnover_minor), 0)::text as valid_turnover_minor,
  coalesce(sum(b.payout_minor), 0)::text as payout_minor,
  coalesce(sum(b.rounds), 0)::text as rounds`;

export type SumRow = {
  stake_minor: unknown;
  valid_turnover_minor: unknown;
  payout_minor: unknown;
  rounds: unknown;
};

export function sumsOf(row: SumRow | undefined): BettingSums {
  return {
    stakeMinor: toBigint(row?.stake_minor),
    validTurnoverMinor: toBigint(row?.valid_turnover_minor),
    payoutMinor: toBigint(row?.payout_minor),
    rounds: toNumber(row?.rounds),
  };
}

/**
 * The team tree (member_tree, migration 0024) and the betting aggregates summed over a subtree: the bases
 * of the agent contracts (agent-tree.ts) and of the reports. Reads only; the tables are kept by triggers.
 */
export class AgentTreeRepository<E extends Executor = Executor> extends Repository<E> {
  /** Sums of the settled rounds of the agent's team in `[from, to)`. */
  async teamSums(
    agentId: bigint,
    parts: PeriodParts,
    options: { gameTypes?: readonly string[] | undefined; includeSelf?: boolean } = {},
  ): Promise<TeamSums> {
    const rows = bettingRows(subtree(agentId, options.includeSelf ? 0 : 1), parts);
    const result = await sql<SumRow & { active: unknown }>`
      select ${SUM_COLUMNS}, count(distinct b.member_id) as active
        from (${rows}) b
       where ${gameTypeFilter(options.gameTypes)}
    `.execute(this.db);
    const row = result.rows[0];
    return { ...sumsOf(row), activeMembers: toNumber(row?.active) };
  }
}
