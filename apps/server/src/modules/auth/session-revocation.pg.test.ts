import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { gameIdOf } from '../../../test/helpers/games-fixture.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { type InhouseFixture, inhouseFixture } from '../inhouse-vendor/inhouse-vendor.fixture.ts';

/**
 * Launches racing the end of their login (PostgreSQL only: PGlite runs every transaction in turn). A launch
 * that passed the session check before a logout must not leave a live launch token behind it: the launch
 * locks its login session while it stores the token, so the revocation either ends it too or the launch
 * finds the session revoked and answers 401.
 */

const POOL = 20;
const MEMBERS = 4;
const LAUNCHES = 8;

usePostgresConnections(33);

describe('session revocation under concurrency [postgres]', () => {
  let started: PooledTestApp | undefined;
  let pooled: DatabaseHandle;
  let app: FastifyInstance;
  let fx: InhouseFixture;
  let gameNodeId: string;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL });
    ({ pooled, app } = started);
    fx = await inhouseFixture(app, pooled);
    gameNodeId = String(await gameIdOf(pooled.db, fx.vendorId, 'lotus-fortune'));
  }, 60_000);
  afterAll(() => started?.close());

  it('leaves no live launch token after a logout that raced the launches', async () => {
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => fx.wallet.member()));
    const statuses = await Promise.all(
      members.flatMap((member) => {
        const headers = { authorization: `Bearer ${member.token}` };
        const launch = () =>
          app
            .inject({ method: 'GET', url: `/wps/game/launchGame?nodeId=${gameNodeId}&trial=0`, headers })
            .then((response) => response.statusCode);
        const logout = app
          .inject({ method: 'DELETE', url: '/wps/session/logout', headers })
          .then((response) => response.statusCode);
        const half = LAUNCHES / 2;
        return [
          ...Array.from({ length: half }, launch),
          logout,
          ...Array.from({ length: LAUNCHES - half }, launch),
        ];
      }),
    );
    // Every call answered: a launch either happened (then was ended) or found the session gone.
    expect(new Set(statuses).size).toBeLessThanOrEqual(2);
    for (const status of statuses) expect([200, 401]).toContain(status);

    const live = await pooled.db
      .selectFrom('game_launch_sessions')
      .select(['member_id', 'expires_at'])
      .where(
        'member_id',
        'in',
        members.map((member) => member.id),
      )
      .where('expires_at', '>', new Date())
      .execute();
    expect(live).toEqual([]);
  }, 60_000);
});
