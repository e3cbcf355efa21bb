import { createHash, randomBytes } from 'node:crypto';
import { PVP_TURN_MS } from '@lotus/shared/pvp.schema';
import type { Tx } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeState } from './pvp-codec.ts';
import { gameKindOf, type PvpMove, type PvpRecordedEvent } from './pvp-game-kinds.ts';
import type { PvpRoomsRepository, RoomRecord } from './pvp-rooms.repository.ts';

/** The pause after a hand (or after a player sits down) before the next hand is dealt. */
export const PVP_BETWEEN_HANDS_MS = 3_000;

export type AppliedMove = { table: unknown; events: PvpRecordedEvent[]; version: bigint };

/** A room's move as the service asks for it: a hand's start gets its fair inputs here. */
export type PvpRoomMove = Exclude<PvpMove, { type: 'start' }> | { type: 'start' };

/**
 * One move of a room, in the caller's transaction, on the room locked by it (`lockRoom`): the kind's
 * reducer, then the new state, the turn clock, the next hand's time, the events (with players' nicks) and
 * the seated players' stacks, all written together under `WHERE version = n`. A crash either has all of
 * it or none. A refused move throws the reducer's AppError and writes nothing.
 */
export async function applyMove(
  rooms: PvpRoomsRepository<Tx>,
  room: RoomRecord,
  move: PvpRoomMove,
  now: Date,
): Promise<AppliedMove> {
  const kind = gameKindOf(room.gameKind);
  const table = decodeState<unknown>(room.state);
  const beforeToAct = kind.seatToAct(table);
  const beforeHand = kind.handNumber(table);

  let fair: { serverSeed: string; clientSeed: string; nonce: number } | null = null;
  let reduced: PvpMove;
  if (move.type === 'start') {
    // The server's seed for this hand, committed (its SHA-256 shown) from the deal, revealed at its end.
    fair = {
      serverSeed: randomBytes(32).toString('hex'),
      clientSeed: `pvp:${room.code}`,
      nonce: Number(room.version),
    };
    reduced = { type: 'start', fair };
  } else {
    reduced = move;
  }
  const result = kind.reduce(table, reduced);
  const afterToAct = kind.seatToAct(result.table);
  const afterHand = kind.handNumber(result.table);

  const events = [...result.events];
  const nicks = new Map((await rooms.activeSeatings(room.id)).map((s) => [s.playerRef, s.nick]));
  for (const event of events) {
    const playerId = (event as { playerId?: unknown }).playerId;
    if (typeof playerId === 'string') event.nick = nicks.get(playerId) ?? '';
  }

  if (fair && afterHand !== null) {
    await rooms.insertHand({
      roomId: room.id,
      number: afterHand,
      serverSeed: fair.serverSeed,
      serverSeedHash: createHash('sha256').update(fair.serverSeed).digest('hex'),
      clientSeed: fair.clientSeed,
      nonce: fair.nonce,
      startedAt: now,
    });
  }
  const handEnded = beforeHand !== null && afterHand !== beforeHand;
  if (handEnded) {
    const hand = await rooms.hand(room.id, beforeHand);
    if (hand) {
      events.push({
        type: 'hand-ended',
        hand: beforeHand,
        serverSeed: hand.server_seed,
        clientSeed: hand.client_seed,
        nonce: hand.nonce,
      });
    }
    await rooms.endHand(room.id, beforeHand, now);
  }

  // The clock restarts when the turn passes (or a side show starts); a "see" out of turn does not reset it.
  const turnMoved =
    afterToAct !== beforeToAct ||
    afterHand !== beforeHand ||
    events.some((e) => e.type === 'turn' || (e.type === 'side-show' && e.accepted === null));
  const turnDeadline =
    afterToAct === null
      ? null
      : turnMoved || !room.turnDeadline
        ? new Date(now.getTime() + PVP_TURN_MS)
        : room.turnDeadline;
  const pause = new Date(now.getTime() + PVP_BETWEEN_HANDS_MS);
  let nextHandAt: Date | null = room.nextHandAt;
  if (afterHand !== null) nextHandAt = null;
  else if (handEnded || move.type === 'sit')
    nextHandAt = nextHandAt && nextHandAt < pause ? nextHandAt : pause;

  const saved = await rooms.saveMove(room.id, room.version, {
    state: result.table,
    turnDeadline,
    nextHandAt,
  });
  if (!saved) throw new AppError('pvp_table_moved');
  const version = room.version + 1n;
  await rooms.insertEvents(room.id, version, afterHand ?? beforeHand, events, now);
  await rooms.setStacks(
    room.id,
    kind
      .seats(result.table)
      .flatMap((seat) => (seat ? [{ playerRef: seat.playerId, stackMinor: seat.chipsMinor }] : [])),
  );
  return { table: result.table, events, version };
}

/** The seat the player holds in the room's state (under the caller's lock), or null. */
export function seatOfPlayer(room: RoomRecord, playerRef: string): number | null {
  const kind = gameKindOf(room.gameKind);
  const seat = kind.seats(decodeState<unknown>(room.state)).findIndex((s) => s?.playerId === playerRef);
  return seat < 0 ? null : seat;
}
