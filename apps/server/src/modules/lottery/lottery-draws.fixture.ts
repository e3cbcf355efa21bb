import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { createTestOperator } from '../../../test/helpers/operator-helper.ts';
import type { Database } from '../../db/schema.ts';

/** A logged-in back-office operator: its bearer token and the username four eyes compare. */
export type TestOperator = { token: string; username: string };

/** What the lottery draws tests share: operators, back-office calls and public reads. */
export type LotteryDrawsFixture = {
  operator(role?: 'finance' | 'support'): Promise<TestOperator>;
  ops(
    who: TestOperator,
    path: string,
    payload?: Record<string, unknown>,
    method?: 'GET' | 'POST',
  ): Promise<LightMyRequestResponse>;
  /** A public GET answering 200; its envelope's value. */
  read<T = Record<string, unknown>>(path: string): Promise<T>;
  /** The stored seed of a draw (the test's view of the secret). */
  seedOf(drawId: string): Promise<string | null>;
};

export function lotteryDrawsFixture(app: FastifyInstance, db: Kysely<Database>): LotteryDrawsFixture {
  return {
    async operator(role = 'finance') {
      const operator = await createTestOperator(db, role);
      const brand = await db
        .selectFrom('brands')
        .select('code')
        .where('id', '=', operator.brandId)
        .executeTakeFirstOrThrow();
      const response = await app.inject({
        method: 'POST',
        url: '/wps/ops/session',
        payload: { brand: brand.code, username: operator.username, password: operator.password },
      });
      expect(response.statusCode, response.body).toBe(200);
      return {
        token: (response.json() as { value: { token: string } }).value.token,
        username: operator.username,
      };
    },
    ops: (who, path, payload, method = 'POST') =>
      app.inject({
        method,
        url: path,
        headers: { authorization: `Bearer ${who.token}` },
        ...(payload === undefined ? {} : { payload }),
      }),
    async read(path) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      return (response.json() as { value: never }).value;
    },
    async seedOf(drawId) {
      const match = /^(.+?)-([0-9]{8}(?:-[0-9]{4})?)$/.exec(drawId);
      const row = await db
        .selectFrom('lottery_draws as d')
        .innerJoin('lottery_games as g', 'g.id', 'd.game_id')
        .select('d.seed')
        .where('g.game_code', '=', match?.[1] ?? '')
        .where('d.draw_no', '=', match?.[2] ?? '')
        .executeTakeFirstOrThrow();
      return row.seed;
    },
  };
}
