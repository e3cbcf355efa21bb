import { fishingBatchResponse } from '@lotus/shared/fishing.schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { TestDatabase } from '../../../test/helpers/test-database.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { postBatch, sceneOfSession, shotsAt } from './fishing.fixture.ts';
import { type InhouseFixture, inhouseFixture } from './inhouse-vendor.fixture.ts';

/**
 * Fishing batches racing on one member (PostgreSQL only: PGlite runs every transaction in turn): 50
 * batches at once from one session, on a pool of 20 connections. The wallet's debit under the member's
 * lock is what keeps the balance from going below zero; the seed lock gives each shot one nonce.
 */

const POOL = 20;
const BATCHES = 50;
const SHOTS = 10;
const BULLET = 100n;

usePostgresConnections(33);

describe('fishing batches under concurrency [postgres]', () => {
  let started: PooledTestApp | undefined;
  let database: TestDatabase;
  let pooled: DatabaseHandle;
  let app: FastifyInstance;
  let fx: InhouseFixture;
  const clock = manualClock();

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, checkLedger: true, clock });
    ({ database, pooled, app } = started);
    fx = await inhouseFixture(app, pooled);
  }, 60_000);
  afterAll(() => started?.close());

  it(`${BATCHES} batches at once for one member: never overdrawn, each nonce once, money adds up`, async () => {
    // Enough for about half of them (wins may pay for a few more).
    const funded = (BigInt(BATCHES) / 2n) * BigInt(SHOTS) * BULLET;
    const member = await fx.wallet.member({ fundMinor: funded });
    const { token } = await fx.open(member.id, 'ocean-king');
    clock.advance(60_000);
    const scene = await sceneOfSession(app, token);
    const shots = shotsAt('ocean-king', scene.seed, scene.sceneMs - 900, SHOTS, String(BULLET));
    const responses = await Promise.all(Array.from({ length: BATCHES }, () => postBatch(app, token, shots)));
    const played = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => fishingBatchResponse.parse(r.json()).value);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect([refused.statusCode, (refused.json() as { message: string }).message]).toEqual([
        409,
        'insufficient_funds',
      ]);
    }
    expect(played.length).toBeGreaterThanOrEqual(BATCHES / 2);
    const nonces = played.flatMap((b) => b.shots.map((s) => s.nonce)).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: played.length * SHOTS }, (_, i) => i));
    const net = played.reduce((sum, b) => sum - BigInt(b.stakeMinor) + BigInt(b.payoutMinor), 0n);
    const balance = await fx.wallet.main(member.id);
    expect(balance).toBe(funded + net);
    expect(balance >= 0n).toBe(true);
    const rounds = await database.db
      .selectFrom('inhouse_rounds')
      .select('status')
      .where('player_ref', '=', String(member.id))
      .execute();
    expect(rounds.map((r) => r.status)).toEqual(Array(played.length).fill('settled'));
  });
});
