import type { Db, Tx } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { AgentTreeRepository, periodParts, type TeamSums } from './agent-tree.repository.ts';

export type { TeamSums } from './agent-tree.repository.ts';

/**
 * How long a round's transaction may still be committing after the instant it was settled at (its
 * `settled_at` is the clock read before the transaction's statements ran). The aggregates are complete for
 * every period that ended this long ago; a round later than that is corrected by a re-run of the period.
 */
export const ROUND_COMMIT_GRACE_MS = 60_000;

/** Valid turnover, net loss (house view: stakes − payouts) and active players of a team in a period. */
export type TeamFigures = { turnoverMinor: bigint; netLossMinor: bigint; activePlayers: number };

export type TeamQueryOptions = {
  /** Only these game types (`games.game_type`; `OTHER` for rounds without a catalogue game). */
  gameTypes?: readonly string[] | undefined;
  /** Count the agent's own rounds too (default: the team below the agent only). */
  includeSelf?: boolean;
};

/**
 * What other modules may ask of the agents module about a team (the bases of contracts, issue 18;
 * docs/agents-contract.md "Aggregates for settlements"). Every figure covers the settled rounds of the
 * members under `agentId` in the member tree as it is NOW (a moved member's past rounds move with it),
 * settled in `[from, to)` — any instants: whole UTC hours come from the hourly aggregates, the minutes
 * around them from the rounds, with the same result. Pass the caller's transaction to read in it (a
 * settlement that pays in the same transaction); without one, reads the database.
 *
 * Sums are kept in the round's own transaction (a trigger on game_rounds), so they are complete up to
 * `aggregatesCompleteUntil()`.
 */
export type AgentTreeApi = {
  /** Valid turnover: the stakes of settled rounds. */
  teamTurnover(
    trx: Tx | undefined,
    agentId: bigint,
    from: Date,
    to: Date,
    gameTypes?: readonly string[],
  ): Promise<bigint>;
  /** The house's view: stakes − payouts (positive when the team lost). */
  teamNetLoss(
    trx: Tx | undefined,
    agentId: bigint,
    from: Date,
    to: Date,
    gameTypes?: readonly string[],
  ): Promise<bigint>;
  /** Members of the team with at least one settled round in the period. */
  activePlayers(
    trx: Tx | undefined,
    agentId: bigint,
    from: Date,
    to: Date,
    gameTypes?: readonly string[],
  ): Promise<number>;
  /** All of the above in one read (stake, valid turnover, payout, rounds, active members). */
  teamSums(
    trx: Tx | undefined,
    agentId: bigint,
    from: Date,
    to: Date,
    options?: TeamQueryOptions,
  ): Promise<TeamSums>;
  /**
   * The three bases of a contract in one read, in the shape the contracts' settlement reads
   * (modules/agent-contracts `TeamFiguresSource`): plug it in as `figures: agents.api.teamFigures`.
   */
  teamFigures(trx: Tx | undefined, agentId: bigint, from: Date, to: Date): Promise<TeamFigures>;
  /** Periods ending at or before this instant have complete aggregates (now − ROUND_COMMIT_GRACE_MS). */
  aggregatesCompleteUntil(): Date;
};

export function createAgentTreeApi(db: Db, clock: Clock): AgentTreeApi {
  const sums = (
    trx: Tx | undefined,
    agentId: bigint,
    from: Date,
    to: Date,
    options: TeamQueryOptions = {},
  ) => {
    if (!(to.getTime() >= from.getTime())) throw new RangeError('agent tree: `to` is before `from`');
    return new AgentTreeRepository(trx ?? db).teamSums(agentId, periodParts(from, to), options);
  };
  return {
    teamSums: sums,
    async teamTurnover(trx, agentId, from, to, gameTypes) {
      return (await sums(trx, agentId, from, to, { gameTypes })).validTurnoverMinor;
    },
    async teamNetLoss(trx, agentId, from, to, gameTypes) {
      const total = await sums(trx, agentId, from, to, { gameTypes });
      return total.stakeMinor - total.payoutMinor;
    },
    async activePlayers(trx, agentId, from, to, gameTypes) {
      return (await sums(trx, agentId, from, to, { gameTypes })).activeMembers;
    },
    async teamFigures(trx, agentId, from, to) {
      const total = await sums(trx, agentId, from, to);
      return {
        turnoverMinor: total.validTurnoverMinor,
        netLossMinor: total.stakeMinor - total.payoutMinor,
        activePlayers: total.activeMembers,
      };
    },
    aggregatesCompleteUntil: () => new Date(clock.now().getTime() - ROUND_COMMIT_GRACE_MS),
  };
}
