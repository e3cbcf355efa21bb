import { randomUUID } from 'node:crypto';
import { ROULETTE_RED } from '@lotus/games/roulette';
import { playRoundResponse } from '@lotus/shared/originals.schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { TestDatabase } from '../../../test/helpers/test-database.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { type InhouseFixture, inhouseFixture } from './inhouse-vendor.fixture.ts';
import { DEMO_BALANCE_MINOR } from './inhouse-vendor.service.ts';

/**
 * Rounds racing on one player (PostgreSQL only: PGlite runs every transaction in turn). The app gets a
 * pool of 20 connections so the studio's seed lock and the platform's wallet transactions really overlap.
 */

const POOL = 20;
const ROUNDS = 10;
const redBet = {
  game: 'roulette' as const,
  bets: [{ kind: 'red' as const, numbers: [...ROULETTE_RED], amountMinor: '1000' }],
};

usePostgresConnections(33);

describe('in-house studio under concurrency [postgres]', () => {
  let started: PooledTestApp | undefined;
  let database: TestDatabase;
  let pooled: DatabaseHandle;
  let app: FastifyInstance;
  let fx: InhouseFixture;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, checkLedger: true });
    ({ database, pooled, app } = started);
    fx = await inhouseFixture(app, pooled);
  }, 60_000);
  afterAll(() => started?.close());

  /** ROUNDS rounds of the session sent at once: all played, each nonce of the seed taken once. */
  async function playAtOnce(token: string) {
    const responses = await Promise.all(
      Array.from({ length: ROUNDS }, () =>
        fx.post('/originals/api/rounds', token, { requestId: randomUUID(), bet: redBet }),
      ),
    );
    const rounds = responses.map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return playRoundResponse.parse(response.json()).value.round;
    });
    expect(rounds.map((round) => round.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: ROUNDS }, (_, i) => i),
    );
    return rounds;
  }

  it(`${ROUNDS} real rounds at once from one session: each nonce once, the ledger agrees`, async () => {
    const funded = 1_000_000n;
    const member = await fx.wallet.member({ fundMinor: funded });
    const { token } = await fx.open(member.id, 'european-roulette');
    const rounds = await playAtOnce(token);
    expect(new Set(rounds.map((round) => round.serverSeedHash)).size).toBe(1);
    const net = rounds.reduce((sum, round) => sum - BigInt(round.stakeMinor) + BigInt(round.payoutMinor), 0n);
    expect(await fx.wallet.main(member.id)).toBe(funded + net);
    const stored = await database.db
      .selectFrom('inhouse_rounds')
      .select(['status'])
      .where('player_ref', '=', String(member.id))
      .execute();
    expect(stored.map((row) => row.status)).toEqual(Array(ROUNDS).fill('settled'));
    const seed = await database.db
      .selectFrom('inhouse_seeds')
      .select('next_nonce')
      .where('player_ref', '=', String(member.id))
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect(seed.next_nonce).toBe(ROUNDS);
  });

  it('the same requestId sent 5 times at once plays one round and takes one stake', async () => {
    const funded = 100_000n;
    const member = await fx.wallet.member({ fundMinor: funded });
    const { token } = await fx.open(member.id, 'european-roulette');
    const requestId = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => fx.post('/originals/api/rounds', token, { requestId, bet: redBet })),
    );
    const rounds = responses.map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return playRoundResponse.parse(response.json()).value.round;
    });
    expect(new Set(rounds.map((round) => round.roundId)).size).toBe(1);
    const round = rounds[0];
    if (!round) throw new Error('no round');
    expect(await fx.wallet.main(member.id)).toBe(funded - 1000n + BigInt(round.payoutMinor));
  });

  it('a stake that fits only some of the racing rounds: the others get insufficient_funds, none overdraws', async () => {
    const member = await fx.wallet.member({ fundMinor: 3_000n });
    const { token } = await fx.open(member.id, 'european-roulette');
    const responses = await Promise.all(
      Array.from({ length: ROUNDS }, () =>
        fx.post('/originals/api/rounds', token, { requestId: randomUUID(), bet: redBet }),
      ),
    );
    const played = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    for (const response of refused) {
      expect([response.statusCode, (response.json() as { message: string }).message]).toEqual([
        409,
        'insufficient_funds',
      ]);
    }
    expect(played.length).toBeGreaterThanOrEqual(3);
    const rounds = played.map((response) => playRoundResponse.parse(response.json()).value.round);
    expect(rounds.map((round) => round.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: rounds.length }, (_, i) => i),
    );
    const net = rounds.reduce((sum, round) => sum - BigInt(round.stakeMinor) + BigInt(round.payoutMinor), 0n);
    expect(await fx.wallet.main(member.id)).toBe(3_000n + net);
  });

  it('seed rotations racing rounds: every round lands on one seed, nonces per seed 0..n-1, all revealed', async () => {
    const funded = 1_000_000n;
    const member = await fx.wallet.member({ fundMinor: funded });
    const { token } = await fx.open(member.id, 'european-roulette');
    const calls = Array.from({ length: ROUNDS }, (_, i) =>
      i % 4 === 2
        ? fx.post('/originals/api/seeds/rotate', token)
        : fx.post('/originals/api/rounds', token, { requestId: randomUUID(), bet: redBet }),
    );
    const responses = await Promise.all(calls);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    await fx.post('/originals/api/seeds/rotate', token);
    const rows = await database.db
      .selectFrom('inhouse_rounds as r')
      .innerJoin('inhouse_seeds as s', 's.id', 'r.seed_id')
      .select(['r.seed_id', 'r.nonce', 's.status', 's.next_nonce'])
      .where('r.player_ref', '=', String(member.id))
      .execute();
    expect(rows).toHaveLength(ROUNDS - 2);
    const bySeed = new Map<bigint, number[]>();
    for (const row of rows) {
      expect(row.status).toBe('revealed');
      bySeed.set(row.seed_id, [...(bySeed.get(row.seed_id) ?? []), row.nonce]);
    }
    for (const [seedId, nonces] of bySeed) {
      const seed = rows.find((row) => row.seed_id === seedId);
      expect(nonces.sort((a, b) => a - b)).toEqual(Array.from({ length: nonces.length }, (_, i) => i));
      expect(seed?.next_nonce).toBe(nonces.length);
    }
  });

  it(`${ROUNDS} trial rounds at once: the play money adds up`, async () => {
    const { token } = await fx.trial('european-roulette');
    const rounds = await playAtOnce(token);
    const net = rounds.reduce((sum, round) => sum - BigInt(round.stakeMinor) + BigInt(round.payoutMinor), 0n);
    const balance = await fx.get('/originals/api/balance', token);
    expect((balance.json() as { value: { balanceMinor: string } }).value.balanceMinor).toBe(
      String(DEMO_BALANCE_MINOR + net),
    );
  });
});
