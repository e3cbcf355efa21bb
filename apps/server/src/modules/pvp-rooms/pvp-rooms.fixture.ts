import { randomUUID } from 'node:crypto';
import { type PvpActionRequest, type PvpTable, pvpTableResponse } from '@lotus/shared/pvp.schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import type { Db } from '../../db/unit-of-work.ts';
import { decodeState } from './pvp-codec.ts';
import { gameKindOf } from './pvp-game-kinds.ts';

/** What the PVP route tests share: the demo brand's seeded rooms, members' calls, the clock job, money sums. */
export type PvpFixture = {
  db: Db;
  wallet: WalletFixture;
  table(token: string, roomCode: string): Promise<PvpTable>;
  /** One action; sit and leave get a fresh Idempotency-Key unless one is given (null: none). */
  act(
    token: string,
    roomCode: string,
    body: PvpActionRequest,
    key?: string | null,
  ): Promise<LightMyRequestResponse>;
  /** The action, which must succeed: the table the member sees then. */
  ok(token: string, roomCode: string, body: PvpActionRequest, key?: string | null): Promise<PvpTable>;
  /** One run of `pvp.clock` now (the app's clock). */
  tick(): Promise<void>;
  /** The chips on a room's table (seats), its pot and the rake it took, from its stored state. */
  money(roomCode: string): Promise<{ chipsMinor: bigint; potMinor: bigint; rakeTakenMinor: bigint }>;
};

export async function pvpFixture(app: FastifyInstance, database: DatabaseHandle): Promise<PvpFixture> {
  const { db } = database;
  const wallet = await walletFixture(app, database);
  const act: PvpFixture['act'] = (token, roomCode, body, key) => {
    const money = body.type === 'sit' || body.type === 'leave';
    const idempotencyKey = key === undefined ? (money ? `pvp-${randomUUID()}` : null) : key;
    return app.inject({
      method: 'POST',
      url: `/wps/pvp/rooms/${roomCode}/actions`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
      },
      payload: body,
    });
  };
  return {
    db,
    wallet,
    async table(token, roomCode) {
      const response = await app.inject({
        method: 'GET',
        url: `/wps/pvp/rooms/${roomCode}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) throw new Error(`table: ${response.statusCode} ${response.body}`);
      return pvpTableResponse.parse(response.json()).value;
    },
    act,
    async ok(token, roomCode, body, key) {
      const response = await act(token, roomCode, body, key);
      if (response.statusCode !== 200) {
        throw new Error(`${body.type}: ${response.statusCode} ${response.body}`);
      }
      return pvpTableResponse.parse(response.json()).value;
    },
    async tick() {
      await app.jobs.runNow('pvp.clock');
    },
    async money(roomCode) {
      const room = await db
        .selectFrom('pvp_rooms')
        .select(['game_kind', 'state'])
        .where('code', '=', roomCode)
        .where('brand_id', '=', wallet.brandId)
        .executeTakeFirstOrThrow();
      return gameKindOf(room.game_kind).moneyOnTable(decodeState(room.state));
    },
  };
}
