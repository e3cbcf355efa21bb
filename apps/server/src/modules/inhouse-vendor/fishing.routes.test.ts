import { randomUUID } from 'node:crypto';
import {
  aliveAt,
  bombCatch,
  FISHING_TITLES,
  fishAliveAt,
  sceneFish,
  sceneOf,
  verifyShot,
} from '@lotus/games/fishing/index';
import { fishingBatchResponse } from '@lotus/shared/fishing.schema';
import { rotateSeedResponse } from '@lotus/shared/originals.schema';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { postBatch, sceneOfSession, shotsAt } from './fishing.fixture.ts';
import { type InhouseFixture, inhouseFixture } from './inhouse-vendor.fixture.ts';
import { DEMO_BALANCE_MINOR } from './inhouse-vendor.service.ts';

/**
 * Fishing batches end to end (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): each batch is one
 * studio round through the REAL seamless-wallet routes — one debit of the bullets, one credit of the wins.
 * The clock is the test's, so the scene's time is known.
 */

const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;

describe.each(testBackends())('fishing [%s]', (backend) => {
  let test: TestApp;
  let fx: InhouseFixture;
  const clock = manualClock();

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    fx = await inhouseFixture(test.app, test.database);
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const count = async (table: 'vendor_transactions' | 'inhouse_rounds' | 'journal_entries') => {
    const row = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
      test.database.db,
    );
    return Number(row.rows[0]?.n);
  };

  /** A funded member with an open ocean-king session whose scene has run a minute. */
  async function opened(fundMinor = 1_000_000n, code: 'ocean-king' | 'lotus-reef' = 'ocean-king') {
    const member = await fx.wallet.member({ fundMinor });
    const { token } = await fx.open(member.id, code);
    clock.advance(60_000);
    const scene = await sceneOfSession(test.app, token);
    return { member, token, scene };
  }

  it('publishes the session scene: a seed of its own, the scene time, the title bullets', async () => {
    const member = await fx.wallet.member({ fundMinor: 1000n });
    const { token } = await fx.open(member.id, 'lotus-reef');
    const first = await sceneOfSession(test.app, token);
    clock.advance(1500);
    const later = await sceneOfSession(test.app, token);
    expect(first.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(later.seed).toBe(first.seed);
    expect(later.sceneMs - first.sceneMs).toBe(1500);
    expect(first).toMatchObject({ gameCode: 'lotus-reef', maxShots: 50, windowMs: 1000 });
    expect(first.bulletsMinor).toEqual(FISHING_TITLES['lotus-reef'].bulletsMinor.map(String));
    const other = await fx.open(member.id, 'lotus-reef');
    expect((await sceneOfSession(test.app, other.token)).seed).not.toBe(first.seed);
    // Not a fishing session: no scene, no batch.
    const slot = await fx.open(member.id, 'lotus-fortune');
    const noScene = await test.app.inject({
      method: 'GET',
      url: '/originals/api/fishing/scene',
      headers: { 'x-originals-session': slot.token },
    });
    expect(noScene.statusCode).toBe(404);
    const slotBatch = await postBatch(test.app, slot.token, [{ fishId: 0, bulletMinor: '10', at: 0 }]);
    expect(slotBatch.statusCode).toBe(404);
  });

  it('settles a batch as one round: one debit of the bullets, one credit of the wins, nonce per shot', async () => {
    const funded = 1_000_000n;
    const { member, token, scene } = await opened(funded);
    const shots = shotsAt('ocean-king', scene.seed, scene.sceneMs - 900, 30, '100');
    const [transactions, rounds] = [await count('vendor_transactions'), await count('inhouse_rounds')];
    const key = randomUUID();
    const response = await postBatch(test.app, token, shots, key);
    expect(response.statusCode, response.body).toBe(200);
    const batch = fishingBatchResponse.parse(response.json()).value;
    expect(batch.shots.map((s) => s.nonce)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(batch.seed.nonce).toBe(30);
    expect(batch.stakeMinor).toBe('3000');
    const paid = batch.shots.reduce((sum, s) => sum + BigInt(s.payoutMinor), 0n);
    expect(batch.payoutMinor).toBe(String(paid));
    const expected = funded - 3000n + paid;
    expect(batch.balanceMinor).toBe(String(expected));
    expect(await fx.wallet.main(member.id)).toBe(expected);
    expect(await count('vendor_transactions')).toBe(transactions + 2);
    expect(await count('inhouse_rounds')).toBe(rounds + 1);
    const platform = await test.database.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('round_id', '=', batch.roundId)
      .executeTakeFirstOrThrow();
    expect(platform).toMatchObject({ stake_minor: 3000n, payout_minor: paid, status: 'settled' });

    // The same key and shots replay the answer; nothing moves again.
    const again = await postBatch(test.app, token, shots, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(fishingBatchResponse.parse(again.json()).value).toEqual(batch);
    expect(await count('vendor_transactions')).toBe(transactions + 2);
    expect(await fx.wallet.main(member.id)).toBe(expected);
    // The same key with other shots is refused.
    const reused = await postBatch(test.app, token, shots.slice(1), key);
    expect(reused.statusCode).toBe(409);
    expect(messageOf(reused)).toBe('idempotency_key_reused');

    // The next batch takes the next nonces.
    const next = await postBatch(test.app, token, shotsAt('ocean-king', scene.seed, scene.sceneMs, 5, '10'));
    expect(fishingBatchResponse.parse(next.json()).value.shots.map((s) => s.nonce)).toEqual([
      30, 31, 32, 33, 34,
    ]);
  });

  it('refuses bad batches with a 4xx before any money moves', async () => {
    const { member, token, scene } = await opened(40_000n, 'lotus-reef');
    const t = scene.sceneMs - 500;
    const good = shotsAt('lotus-reef', scene.seed, t, 3, '100');
    const reef = sceneOf(FISHING_TITLES['lotus-reef'], scene.seed);
    const live = new Set(fishAliveAt(reef, t).map((f) => f.id));
    let dead = 0;
    while (live.has(dead) || aliveAt(reef, dead, t)) dead += 1;
    const cases: [string, unknown, number, string][] = [
      ['dead fish', [{ ...good[0], fishId: dead }], 400, 'bet_invalid'],
      ['future fish', [{ ...good[0], fishId: 10_000_000 }], 400, 'bet_invalid'],
      ['bullet the title lacks', [{ ...good[0], bulletMinor: '5000' }], 400, 'bet_invalid'],
      ['bullet not a bullet', [{ ...good[0], bulletMinor: '15' }], 400, 'bet_invalid'],
      ['out of order', [good[1], good[0]], 400, 'bet_invalid'],
      ['a batch of more than a second', [good[0], { ...good[1], at: t + 1000 }], 400, 'bet_invalid'],
      [
        'ahead of the scene',
        shotsAt('lotus-reef', scene.seed, scene.sceneMs + 3000, 1, '100'),
        400,
        'bet_invalid',
      ],
      ['too old', [{ ...good[0], at: 1000 }], 400, 'bet_invalid'],
      ['no shots', [], 400, 'invalid_request'],
      ['51 shots', Array.from({ length: 51 }, () => good[0]), 400, 'invalid_request'],
      ['negative fish', [{ ...good[0], fishId: -1 }], 400, 'invalid_request'],
      ['amount as number', [{ ...good[0], bulletMinor: 100 }], 400, 'invalid_request'],
    ];
    const transactions = await count('vendor_transactions');
    for (const [what, shots, status, code] of cases) {
      const response = await postBatch(test.app, token, shots);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect(messageOf(response), what).toBe(code);
    }
    const noKey = await postBatch(test.app, token, good, null);
    expect(noKey.statusCode).toBe(400);
    expect(messageOf(noKey)).toBe('idempotency_key_required');
    const shortKey = await postBatch(test.app, token, good, 'short');
    expect(messageOf(shortKey)).toBe('idempotency_key_required');
    expect(await count('vendor_transactions')).toBe(transactions);
    expect(await fx.wallet.main(member.id)).toBe(40_000n);
    // Not enough money: the debit is refused, no shot is played, no nonce is taken.
    const broke = await postBatch(test.app, token, shotsAt('lotus-reef', scene.seed, t, 50, '1000'));
    expect(broke.statusCode).toBe(409);
    expect(messageOf(broke)).toBe('insufficient_funds');
    const fine = await postBatch(test.app, token, good);
    expect(fishingBatchResponse.parse(fine.json()).value.shots[0]?.nonce).toBe(0);
  });

  it('every shot verifies with verifyShot once the seed is revealed; blasts and targets recompute', async () => {
    const { token, scene } = await opened(10_000_000n);
    const ocean = sceneOf(FISHING_TITLES['ocean-king'], scene.seed);
    const results = [];
    // Several seconds of shots, bombs included where the scene has one.
    for (let s = 0; s < 6; s += 1) {
      const t = scene.sceneMs - 8_000 + s * 1000;
      const bomb = fishAliveAt(ocean, t + 850).find(
        (f) => f.species === 'bomb-crab' && aliveAt(ocean, f.id, t + 950),
      );
      const shots = [
        ...shotsAt('ocean-king', scene.seed, t, 40, '10'),
        ...(bomb
          ? [0, 1, 2, 3, 4].map((i) => ({ fishId: bomb.id, bulletMinor: '10', at: t + 850 + i * 20 }))
          : []),
      ];
      const response = await postBatch(test.app, token, shots);
      expect(response.statusCode, response.body).toBe(200);
      results.push(...fishingBatchResponse.parse(response.json()).value.shots);
    }
    expect(results.some((r) => r.captured)).toBe(true);
    const rotated = rotateSeedResponse.parse(
      (await fx.post('/originals/api/seeds/rotate', token)).json(),
    ).value;
    expect(rotated.revealed.rounds).toBe(results.length);
    for (const r of results) {
      expect(sceneFish(ocean, r.fishId).species).toBe(r.target);
      expect(aliveAt(ocean, r.fishId, r.at)).toBe(true);
      const blast = r.target === 'bomb-crab' ? bombCatch(ocean, r.fishId, r.at) : [];
      expect(r.caughtIds).toEqual(blast.map((f) => f.id));
      const { fishId: _f, at: _a, nonce, caughtIds: _c, ...outcome } = r;
      const inputs = {
        serverSeed: rotated.revealed.serverSeed,
        clientSeed: rotated.revealed.clientSeed,
        nonce,
      };
      expect(
        verifyShot({ bulletMinor: r.bulletMinor, target: r.target, caught: r.caught }, inputs, {
          game: 'fishing',
          ...outcome,
        }),
        `shot ${nonce}`,
      ).toBe(true);
    }
  });

  it('a trial plays with play money', async () => {
    const { token } = await fx.trial('deep-sea-hunt');
    clock.advance(30_000);
    const scene = await sceneOfSession(test.app, token);
    const response = await postBatch(
      test.app,
      token,
      shotsAt('deep-sea-hunt', scene.seed, scene.sceneMs - 500, 10, '100'),
    );
    expect(response.statusCode, response.body).toBe(200);
    const batch = fishingBatchResponse.parse(response.json()).value;
    expect(batch.balanceMinor).toBe(String(DEMO_BALANCE_MINOR - 1000n + BigInt(batch.payoutMinor)));
  });
});
