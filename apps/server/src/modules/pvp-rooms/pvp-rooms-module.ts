import type { PvpTable } from '@lotus/shared/pvp.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { gameCardsContext } from '../games/games.service.ts';
import { LaunchService } from '../games/launch.service.ts';
import { walletCall } from '../inhouse-vendor/inhouse-book-sessions.service.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import { PvpClockService } from './pvp-clock.service.ts';
import { pvpRoomsRoutes } from './pvp-rooms.routes.ts';
import { PvpRoomsService, type PvpWalletSession } from './pvp-rooms.service.ts';

/** NOTIFY channel of the rooms: the payload is a `pvp_rooms.id` whose version moved (migration 0038). */
export const PVP_CHANNEL = 'lotus_pvp';

export type PvpRoomsApi = {
  /** The table as the member sees it now (the WebSocket's `pvp.table`); null when the room is gone. */
  tableById(roomId: bigint, memberId: bigint, language: string | null): Promise<PvpTable | null>;
  /** The room id of a room code in the brand, for a `pvp.subscribe`; null when there is none. */
  roomIdOf(brandId: bigint, roomCode: string): Promise<bigint | null>;
};

/**
 * The member's wallet session at a room's game: the platform's ordinary launch of the catalogue game (its
 * rules apply: real account, game or vendor switched off, maintenance), authenticated through the protocol
 * as the PVP vendor, like any vendor's game would.
 */
export function pvpWalletSessions(deps: { db: Db; clock: Clock; wallet: WalletClientSource }) {
  const launch = new LaunchService(
    gameCardsContext(
      deps.db,
      // Only the member's brand matters for a logged-in launch (the member's own language wins).
      async () => ({ id: 0n, defaultLanguage: 'EN', categoryRules: [] }),
      deps.clock,
    ),
  );
  return async (actor: Actor, gameId: bigint): Promise<PvpWalletSession> => {
    const launched = await launch.launch({ host: null, actor, nodeId: gameId.toString(), trial: false });
    const token = new URL(launched.content, 'http://pvp.invalid').searchParams.get('token');
    if (!token) throw new AppError('game_maintenance', { message: 'the launch carried no token' });
    const client = await deps.wallet();
    const auth = await walletCall(() => client.authenticate(token));
    if (auth.status !== 'OK') {
      throw new AppError(auth.status === 'SESSION_EXPIRED' ? 'session_expired' : 'not_logged_in');
    }
    return { playerRef: auth.playerId, walletSession: auth.sessionToken, nick: auth.nickname };
  };
}

/**
 * PVP rooms (issue 22, docs/pvp.md "Server"): the in-house vendor `PVP` behind the seamless-wallet protocol,
 * its member routes (`GLS2_roomList`, a table, actions) and the tables' clock job.
 */
export function createPvpRoomsModule(deps: {
  db: Db;
  clock: Clock;
  wallet: WalletClientSource;
  log?: FastifyBaseLogger;
}): { routes: FastifyPluginAsyncZod; api: PvpRoomsApi; jobs: JobSpec[] } {
  const rooms = new PvpRoomsService({
    db: deps.db,
    clock: deps.clock,
    wallet: deps.wallet,
    openWalletSession: pvpWalletSessions(deps),
    log: deps.log,
  });
  const clock = new PvpClockService({ db: deps.db, clock: deps.clock, wallet: deps.wallet, log: deps.log });
  return {
    routes: pvpRoomsRoutes(rooms),
    api: {
      tableById: (roomId, memberId, language) => rooms.tableById(roomId, memberId, language),
      roomIdOf: (brandId, roomCode) => rooms.roomIdOf(brandId, roomCode),
    },
    // Every second (the scheduler looks every 2 s): turn time-outs, next hands, money in flight.
    jobs: [{ name: 'pvp.clock', everyMs: 1_000, leaseMs: 30_000, run: ({ now }) => clock.run(now) }],
  };
}
