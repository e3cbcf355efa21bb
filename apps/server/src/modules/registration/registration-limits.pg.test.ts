import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PooledTestApp,
  startPooledTestApp,
  tallyAnswers,
} from '../../../test/helpers/build-test-app.ts';
import { solvedHumanCheck } from '../../../test/helpers/human-check.ts';
import { sealFor } from '../../../test/helpers/login-helper.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { TestDatabase } from '../../../test/helpers/test-database.ts';
import type { RegisterMethod } from '../../db/tables/accounts.ts';

/**
 * The per-IP registration limits (3 one-click and 5 free-play accounts an hour, docs/api.md "Limits")
 * under 50 requests at once: the accounts in `members` prove how many were made. PostgreSQL only: PGlite
 * runs one statement at a time. The app gets a pool of 20 so the requests really race.
 */

const POOL = 20;
const BURST = 50;

usePostgresConnections(33);

describe('registration limits under 50 requests at once [postgres]', () => {
  let started: PooledTestApp | undefined;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL });
    ({ database, app } = started);
  });
  afterAll(() => started?.close());

  const madeFrom = async (ip: string, method: RegisterMethod) => {
    const row = await database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('register_ip', '=', ip)
      .where('register_method', '=', method)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  /** Seals every body first (human checks solved), then fires them all in the same tick. */
  const burst = async (url: string, ip: string, bodies: Record<string, unknown>[]) => {
    const sealed = await Promise.all(bodies.map((body) => sealFor(app, body)));
    return Promise.all(
      sealed.map((payload) =>
        app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': ip }, payload: payload as never }),
      ),
    );
  };
  const oneClickBodies = async (count: number, humanCheck = true) =>
    Promise.all(
      Array.from({ length: count }, async () => ({
        password: 'Gen3ratedPw9x',
        humanVerification: humanCheck ? await solvedHumanCheck(app) : { challenge: 'x', nonce: 'y' },
      })),
    );

  it('one-click: 50 at once from one IP make 3 accounts', async () => {
    const ip = '10.1.0.1';
    const counts = tallyAnswers(
      await burst('/wps/member/register/oneClick', ip, await oneClickBodies(BURST)),
    );
    expect(counts).toEqual({ ok: 3, too_many_requests: BURST - 3 });
    expect(await madeFrom(ip, 'one_click')).toBe(3);
  });

  it('free play: 50 at once from one IP make 5 trial accounts', async () => {
    const ip = '10.1.0.2';
    const bodies = await Promise.all(
      Array.from({ length: BURST }, async () => ({
        os: 'Linux',
        platform: 'W',
        nonce: 'abc123',
        version: 3,
        humanVerification: await solvedHumanCheck(app),
      })),
    );
    const counts = tallyAnswers(await burst('/wps/session/login/freeplay', ip, bodies));
    expect(counts).toEqual({ ok: 5, too_many_requests: BURST - 5 });
    expect(await madeFrom(ip, 'free_play')).toBe(5);
  });

  it('refused registrations give their slot back: 50 failed human checks at once, then 3 accounts', async () => {
    const ip = '10.1.0.3';
    const failed = tallyAnswers(
      await burst('/wps/member/register/oneClick', ip, await oneClickBodies(BURST, false)),
    );
    // A failure holds its slot only while it runs, so some of the burst may meet a full window instead.
    expect((failed.human_verification_failed ?? 0) + (failed.too_many_requests ?? 0)).toBe(BURST);
    expect(await madeFrom(ip, 'one_click')).toBe(0);
    const counts = tallyAnswers(await burst('/wps/member/register/oneClick', ip, await oneClickBodies(4)));
    expect(counts).toEqual({ ok: 3, too_many_requests: 1 });
  });
});
