import type { GameRoundStatus } from '../../db/tables/games.ts';

/**
 * The round and transaction state machines of the seamless-wallet protocol, in one place
 * (docs/vendor-protocol.md "Rounds"; ARCHITECTURE §9 "Rounds are state machines in the database").
 * The service asks `roundDecision` what a call may do to its round; the repository then changes the round
 * with SQL guarded on the state read here (`where status = 'open'`, row count checked); and migration
 * 0013_round_state_machine refuses in triggers every change these tables do not allow, so no path (a
 * bug, an operator's SQL) can move a settled round. round-state.test.ts checks that the database and these
 * tables agree.
 */

export const ROUND_STATES = ['open', 'settled', 'rolled_back'] as const satisfies readonly GameRoundStatus[];

/**
 * What a call does to its round:
 * - `debit`: a stake is added;
 * - `credit`: a win (or 0) is added, the round stays open;
 * - `close`: a credit with `roundClosed` — the round is settled;
 * - `rollback`: a standing debit is cancelled while others still stand;
 * - `rollback_last`: the last standing debit is cancelled — the round is rolled back.
 */
export type RoundEvent = 'debit' | 'credit' | 'close' | 'rollback' | 'rollback_last';

/** The only transitions there are. A settled or rolled-back round takes no event at all. */
export const ROUND_TRANSITIONS: Readonly<
  Record<GameRoundStatus, Readonly<Partial<Record<RoundEvent, GameRoundStatus>>>>
> = {
  open: { debit: 'open', credit: 'open', close: 'settled', rollback: 'open', rollback_last: 'rolled_back' },
  settled: {},
  rolled_back: {},
};

export function nextRoundState(state: GameRoundStatus, event: RoundEvent): GameRoundStatus | null {
  return ROUND_TRANSITIONS[state][event] ?? null;
}

/**
 * A vendor transaction's status changes: only a debit, once applied, may be rolled back (by a rollback
 * call, while its round allows it). Every other row keeps the status it was inserted with.
 */
export const TXN_TRANSITIONS = { debit: { applied: ['rolled_back'] } } as const;

/** What the service knows of a round under its lock. */
export type RoundView = {
  status: GameRoundStatus;
  memberId: bigint;
  stakeMinor: bigint;
  creditCount: number;
};

/** The refusals a round can cause (docs/vendor-protocol.md "Answers"). */
export type RoundRefusal = 'ROUND_CLOSED' | 'ROUND_HAS_CREDIT' | 'BET_NOT_FOUND';

export type RoundCall =
  | { call: 'debit' }
  /** `funded`: a free-round or bonus credit, paid by the brand, which needs no stake of the player's. */
  | { call: 'credit'; close: boolean; funded: boolean }
  | { call: 'rollback'; amountMinor: bigint };

/** The events each call can cause. */
export type EventOf<C extends RoundCall> = C extends { call: 'debit' }
  ? 'debit'
  : C extends { call: 'credit' }
    ? 'credit' | 'close'
    : 'rollback' | 'rollback_last';

/**
 * The rules of a call on a round (`round` undefined: no call has opened it yet), as a refusal or the event
 * to apply:
 * - a round belongs to the player who opened it: for anyone else it is ROUND_CLOSED;
 * - a settled or rolled-back round takes nothing: ROUND_CLOSED;
 * - a win credit needs a standing debit of the player on the round (stake > 0): else BET_NOT_FOUND. A
 *   free-round / bonus credit needs none and may open the round (stake 0);
 * - a debit may be rolled back only while its round has no credit (a credit of any amount, closing or not,
 *   tells the outcome of the bets): else ROUND_HAS_CREDIT.
 */
export function roundDecision<C extends RoundCall>(
  round: RoundView | undefined,
  memberId: bigint,
  input: C,
): { refuse: RoundRefusal } | { event: EventOf<C> } {
  if (round && round.memberId !== memberId) return { refuse: 'ROUND_CLOSED' };
  const status = round?.status ?? 'open';
  let event: RoundEvent;
  switch (input.call) {
    case 'debit':
      event = 'debit';
      break;
    case 'credit':
      if (status === 'open' && !input.funded && (round?.stakeMinor ?? 0n) === 0n) {
        return { refuse: 'BET_NOT_FOUND' };
      }
      event = input.close ? 'close' : 'credit';
      break;
    case 'rollback':
      if (status === 'open' && (round?.creditCount ?? 0) > 0) return { refuse: 'ROUND_HAS_CREDIT' };
      event = round && round.stakeMinor <= input.amountMinor ? 'rollback_last' : 'rollback';
      break;
  }
  // The switch above picks the event from the call's own kind, which is what EventOf says.
  return nextRoundState(status, event) === null ? { refuse: 'ROUND_CLOSED' } : { event: event as EventOf<C> };
}
