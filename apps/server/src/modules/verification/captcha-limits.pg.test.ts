import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { TestDatabase } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';

/**
 * The captcha issue limits (one a second and 30 per 10 minutes per IP, docs/api.md "Limits") under 50
 * requests at once. The clock stands still, so "one a second" means exactly one per burst, whatever the
 * machine's speed. PostgreSQL only: PGlite runs one statement at a time. A pool of 20 so the requests race.
 */

const POOL = 20;
const BURST = 50;

usePostgresConnections(33);

describe('captcha issue limits under 50 requests at once [postgres]', () => {
  let started: PooledTestApp | undefined;
  let database: TestDatabase;
  let app: FastifyInstance;
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, clock });
    ({ database, app } = started);
  });
  afterAll(() => started?.close());

  const getCaptcha = (ip: string) =>
    app.inject({ method: 'GET', url: '/wps/captcha', headers: { 'x-forwarded-for': ip } });
  const burst = async (ip: string) => {
    const responses = await Promise.all(Array.from({ length: BURST }, () => getCaptcha(ip)));
    const ok = responses.filter((response) => response.statusCode === 200).length;
    const refused = responses.filter(
      (response) => response.statusCode === 429 && response.json().message === 'too_many_requests',
    ).length;
    return { ok, refused };
  };
  const issuedTo = async (ip: string) => {
    const row = await database.db
      .selectFrom('captchas')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  it('50 at once from one IP: one captcha is made (one a second)', async () => {
    const ip = '10.0.0.1';
    expect(await burst(ip)).toEqual({ ok: 1, refused: BURST - 1 });
    expect(await issuedTo(ip)).toBe(1);
  });

  it('the 30th captcha of the window under a burst: one more, then none until the window ends', async () => {
    const ip = '10.0.0.2';
    for (let second = 0; second < 29; second += 1) {
      clock.advance(1_000);
      expect((await getCaptcha(ip)).statusCode).toBe(200);
    }
    clock.advance(1_000);
    expect(await burst(ip)).toEqual({ ok: 1, refused: BURST - 1 });
    clock.advance(1_000);
    expect(await burst(ip)).toEqual({ ok: 0, refused: BURST });
    expect(await issuedTo(ip)).toBe(30);
    clock.advance(10 * 60_000);
    expect((await getCaptcha(ip)).statusCode).toBe(200);
  });
});
