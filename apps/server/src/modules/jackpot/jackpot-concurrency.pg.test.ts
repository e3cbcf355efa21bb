import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { TestDatabase } from '../../../test/helpers/test-database.ts';
import { type InhouseFixture, inhouseFixture } from '../inhouse-vendor/inhouse-vendor.fixture.ts';
import { expectJackpotBooks, playRound } from './jackpot.fixture.ts';
import { POST_JOB } from './jackpot.service.ts';

/**
 * 50 rounds (10 players × 5) settling at once while the job posts and pays (PostgreSQL only: PGlite runs
 * every transaction in turn). One chance in 5 per 10.00 stake, so about ten rounds hit among the 50 (none: p ≈ 10⁻⁵): each is
 * paid once, and the books hold.
 */

const POOL = 20;
const PLAYERS = 10;
const ROUNDS_EACH = 5;
const ROUNDS = PLAYERS * ROUNDS_EACH;
const CODE = 'RACE';

usePostgresConnections(33);

describe('progressive jackpot under concurrency [postgres]', () => {
  let started: PooledTestApp | undefined;
  let database: TestDatabase;
  let app: FastifyInstance;
  let fx: InhouseFixture;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, checkLedger: true });
    ({ database, app } = started);
    fx = await inhouseFixture(app, started.pooled);
    const admin = await operatorTokenFor(app, database.db, 'admin');
    const created = await app.inject({
      method: 'POST',
      url: '/wps/ops/jackpots',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        code: CODE,
        nameEn: 'Race',
        nameHi: 'रेस',
        contributionBps: 200,
        seedMinor: '10000',
        oneInMinor: '5000',
        games: ['european-roulette'],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
  }, 120_000);
  afterAll(() => started?.close());

  it(`${ROUNDS} rounds at once with the job running: every contribution posted once, each hit paid once`, async () => {
    // One after another: logins at once would meet the login gate.
    const tokens: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const member = await fx.wallet.member({ fundMinor: 100_000n });
      tokens.push((await fx.open(member.id, 'european-roulette')).token);
    }
    let jobs = 0;
    let playing = true;
    const jobLoop = (async () => {
      while (playing) {
        await app.jobs.runNow(POST_JOB);
        jobs++;
      }
    })();
    const stakes = await Promise.all(
      tokens.flatMap((token) => Array.from({ length: ROUNDS_EACH }, () => playRound(fx, token))),
    );
    playing = false;
    await jobLoop;
    await app.jobs.runNow(POST_JOB);
    await app.jobs.runNow(POST_JOB);
    expect(jobs).toBeGreaterThan(0);

    const books = await expectJackpotBooks(database.db, CODE);
    expect(books.unposted).toBe(0n);
    expect(books.contributed).toBe(stakes.reduce((sum, stake) => sum + (stake * 200n) / 10_000n, 0n));
    const contributions = await database.db
      .selectFrom('jackpot_contributions')
      .select(['id', 'won'])
      .where('posted_at', 'is not', null)
      .execute();
    expect(contributions).toHaveLength(ROUNDS);
    const hits = contributions.filter((row) => row.won).length;
    const wins = await database.db
      .selectFrom('jackpot_wins')
      .select(['contribution_id', 'win_entry_id'])
      .execute();
    expect(hits).toBeGreaterThan(0);
    expect(wins).toHaveLength(hits);
    const winEntries = await database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'jackpot_win')
      .execute();
    expect(winEntries).toHaveLength(wins.filter((win) => win.win_entry_id !== null).length);
  }, 120_000);
});
