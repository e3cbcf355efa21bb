import type { LiveBet } from '@lotus/shared/live.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { SeamlessWalletClient, WalletResult } from '../vendor-protocol/protocol-types.ts';
import type { BetRecord, SpotRecord } from './live-tables.repository.ts';

/**
 * The protocol side of a live bet (docs/live-tables.md "Server"): one bet is one round `LV-<bet id>` of
 * the table's catalogue game — a debit `LV-<id>:bet`, then one closing credit `LV-<id>:win` (0 closes a
 * lost bet), or a rollback `LV-<id>:rollback` when the debit's answer was lost. The txn ids are fixed per
 * bet, so a repeat (a retry, a second process) is a replay and moves nothing twice.
 */

export const betIdOf = (id: bigint): string => `LV-${id}`;

/** Who a bet's wallet calls are for. */
export type LiveRoundRef = { betId: bigint; playerRef: string; walletSession: string; tableCode: string };

export function roundRefOf(bet: BetRecord): LiveRoundRef {
  return {
    betId: bet.id,
    playerRef: bet.playerRef,
    walletSession: bet.walletSession,
    tableCode: bet.tableCode,
  };
}

function base(round: LiveRoundRef) {
  const roundId = betIdOf(round.betId);
  return { playerId: round.playerRef, sessionToken: round.walletSession, roundId, gameCode: round.tableCode };
}

export function debitBet(
  client: SeamlessWalletClient,
  round: LiveRoundRef,
  stakeMinor: bigint,
): Promise<WalletResult> {
  const call = base(round);
  return client.debit({ ...call, txnId: `${call.roundId}:bet`, amountMinor: stakeMinor });
}

/** True when the platform took the call (OK now or before); a refusal or a lost answer is retried later. */
async function taken(
  what: string,
  roundId: string,
  call: () => Promise<WalletResult>,
  log: FastifyBaseLogger | undefined,
): Promise<boolean> {
  try {
    const result = await call();
    if (result.status === 'OK') return true;
    log?.error({ roundId, status: result.status }, `live ${what} refused`);
  } catch (error) {
    log?.warn({ err: error, roundId }, `live ${what} failed; retried by the next cycle`);
  }
  return false;
}

export function rollbackBet(
  client: SeamlessWalletClient,
  round: LiveRoundRef,
  log: FastifyBaseLogger | undefined,
): Promise<boolean> {
  const call = base(round);
  return taken(
    'rollback',
    call.roundId,
    () => client.rollback({ ...call, txnId: `${call.roundId}:rollback`, targetTxnId: `${call.roundId}:bet` }),
    log,
  );
}

export function closeBet(
  client: SeamlessWalletClient,
  round: LiveRoundRef,
  payoutMinor: bigint,
  log: FastifyBaseLogger | undefined,
): Promise<boolean> {
  const call = base(round);
  return taken(
    'credit',
    call.roundId,
    () =>
      client.credit({ ...call, txnId: `${call.roundId}:win`, amountMinor: payoutMinor, roundClosed: true }),
    log,
  );
}

const minor = (value: bigint | null) => (value === null ? null : String(value));

export function betView(bet: BetRecord, spots: readonly SpotRecord[]): LiveBet {
  return {
    betId: betIdOf(bet.id),
    tableCode: bet.tableCode,
    roundId: String(bet.roundId),
    roundNo: bet.roundNo,
    status: bet.status === 'settled' ? 'settled' : bet.status === 'placed' ? 'placed' : 'refunded',
    stakeMinor: String(bet.stakeMinor),
    payoutMinor: minor(bet.payoutMinor),
    spots: spots.map((spot) => ({
      spot: spot.spot,
      amountMinor: String(spot.amountMinor),
      payMinor: minor(spot.payMinor),
    })),
    createdAt: new Date(bet.createdAt).toISOString(),
    settledAt: bet.status === 'settled' && bet.finishedAt ? new Date(bet.finishedAt).toISOString() : null,
  };
}
