import {
  type MarketType,
  SPORT_GROUPS,
  type SportCode,
  type SportGroup,
  type SportsBet,
} from '@lotus/shared/sportsbook.schema';
import type { FastifyBaseLogger } from 'fastify';
// The books' one balance read: a wallet call whose transport failed is `service_unavailable`.
import { walletBalance } from '../inhouse-vendor/inhouse-book-sessions.service.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import type { BetRecord, LegRecord } from './sportsbook-bets.repository.ts';

/** The protocol side of a bet (docs/sportsbook.md: one bet = one round `SB-<bet id>`), and its view. */

export function roundIdOf(betId: bigint): string {
  return `SB-${betId}`;
}

export function parseBetId(betId: string): bigint | null {
  const match = /^SB-([1-9][0-9]{0,17})$/.exec(betId);
  return match?.[1] ? BigInt(match[1]) : null;
}

/** The catalogue game of a sport's lobby (`sports`, `esports`, `cockfight`): the round's game code. */
export function gameCodeOf(sport: SportCode): SportGroup {
  for (const [group, sports] of Object.entries(SPORT_GROUPS) as [SportGroup, readonly SportCode[]][]) {
    if (sports.includes(sport)) return group;
  }
  return 'sports';
}

/** Who the wallet calls of a bet are for: the player, the wallet session and the round's game. */
export type RoundRef = { betId: bigint; playerRef: string; walletSession: string; gameCode: string };

export function roundRefOf(bet: BetRecord, legs: readonly Pick<LegRecord, 'sport'>[]): RoundRef {
  return {
    betId: bet.id,
    playerRef: bet.playerRef,
    walletSession: bet.walletSession,
    gameCode: gameCodeOf(legs[0]?.sport ?? 'football'),
  };
}

function callOf(round: RoundRef) {
  const roundId = roundIdOf(round.betId);
  return {
    roundId,
    base: {
      playerId: round.playerRef,
      sessionToken: round.walletSession,
      roundId,
      gameCode: round.gameCode,
    },
  };
}

/**
 * Rolls a bet's debit back (`SB-<id>:rollback`, the same txn id every time, so a repeat is a replay). True
 * when the platform holds no debit of the bet any more: rolled back now or before, or never landed.
 */
export async function rollbackBet(
  client: SeamlessWalletClient,
  round: RoundRef,
  log: FastifyBaseLogger | undefined,
): Promise<boolean> {
  const { roundId, base } = callOf(round);
  try {
    const result = await client.rollback({
      ...base,
      txnId: `${roundId}:rollback`,
      targetTxnId: `${roundId}:bet`,
    });
    if (result.status === 'OK') return true;
    log?.error({ roundId, status: result.status }, 'sportsbook rollback refused');
    return false;
  } catch (error) {
    log?.warn({ err: error, roundId }, 'sportsbook rollback failed; retried by the settlement job');
    return false;
  }
}

/**
 * The bet's one closing credit (`SB-<id>:win` for a settlement, `SB-<id>:cashout` for a cash-out; 0 closes
 * a lost bet). A repeat is a replay by txn id, so a second run pays nothing. True when the platform took it.
 */
export async function closeBet(
  client: SeamlessWalletClient,
  round: RoundRef,
  what: 'win' | 'cashout',
  amountMinor: bigint,
  log: FastifyBaseLogger | undefined,
): Promise<boolean> {
  const { roundId, base } = callOf(round);
  try {
    const result = await client.credit({
      ...base,
      txnId: `${roundId}:${what}`,
      amountMinor,
      roundClosed: true,
    });
    if (result.status === 'OK') return true;
    // A refused credit of a debited bet needs a person: it stays placed (retried) and is logged.
    log?.error({ roundId, status: result.status }, 'sportsbook credit refused');
    return false;
  } catch (error) {
    log?.warn({ err: error, roundId }, 'sportsbook credit failed; retried by the next run');
    return false;
  }
}

const iso = (at: Date | null) => (at === null ? null : new Date(at).toISOString());
const minor = (value: bigint | null) => (value === null ? null : String(value));

export function betView(bet: BetRecord, legs: readonly LegRecord[]): SportsBet {
  return {
    betId: roundIdOf(bet.id),
    kind: bet.kind,
    status: bet.status,
    stakeMinor: String(bet.stakeMinor),
    oddsMilli: Number(bet.oddsMilli),
    potentialReturnMinor: String(bet.potentialReturnMinor),
    payoutMinor: minor(bet.payoutMinor),
    cashoutMinor: minor(bet.cashoutMinor),
    acceptRule: bet.acceptRule,
    inPlay: bet.inPlay,
    refusal: bet.refusal,
    placedAt: iso(bet.placedAt),
    finishedAt: iso(bet.finishedAt),
    createdAt: new Date(bet.createdAt).toISOString(),
    legs: legs.map((leg) => ({
      legNo: leg.legNo,
      eventId: String(leg.eventId),
      sport: leg.sport,
      eventName: { home: leg.home, away: leg.away },
      marketId: String(leg.marketId),
      marketType: leg.marketType as MarketType,
      param: leg.param,
      lineMilli: leg.lineMilli,
      selectionId: String(leg.selectionId),
      selectionKey: leg.selKey,
      selectionName: leg.selectionName,
      oddsMilli: leg.oddsMilli,
      outcome: leg.outcome,
      deadHeatMilli: leg.deadHeatMilli,
    })),
  };
}

/**
 * Each leg's outcome now, from its market (possibly corrected): void when the market is void or the event
 * cancelled, the selection's result when resulted, null while undecided.
 */
export function legOutcomeNow(
  leg: LegRecord,
): { outcome: NonNullable<LegRecord['outcome']>; deadHeatMilli: number | null } | null {
  if (leg.marketStatus === 'void' || leg.eventStatus === 'cancelled') {
    return { outcome: 'void', deadHeatMilli: null };
  }
  if (leg.marketStatus !== 'resulted' || leg.selectionOutcome === null) return null;
  return { outcome: leg.selectionOutcome, deadHeatMilli: leg.selectionDeadHeatMilli };
}

/** The player's balance now, through the protocol. */
export const sportsWalletBalance = walletBalance;
