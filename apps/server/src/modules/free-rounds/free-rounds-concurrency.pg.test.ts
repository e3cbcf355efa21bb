import { randomUUID } from 'node:crypto';
import { myFreeRoundsResponse } from '@lotus/shared/free-rounds.schema';
import { applyResponse } from '@lotus/shared/promotion-engine.schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PooledTestApp,
  startPooledTestApp,
  tallyAnswers,
} from '../../../test/helpers/build-test-app.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { TestDatabase } from '../../../test/helpers/test-database.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { type InhouseFixture, inhouseFixture } from '../inhouse-vendor/inhouse-vendor.fixture.ts';
import { makePromotion, setRules } from '../promotion-engine/promotion-engine.fixture.ts';
import { freePlay, freeRoundRules } from './free-rounds.fixture.ts';

/**
 * A grant's rounds under concurrency (PostgreSQL only: PGlite runs every transaction in turn): 50 plays at
 * once on a grant with 5 rounds left take exactly 5 rounds, each funded once; the ledger invariants hold
 * (`checkLedger`).
 */

const POOL = 20;
const AT_ONCE = 50;
const ROUNDS = 5;

usePostgresConnections(33);

describe('free rounds under concurrency [postgres]', () => {
  let started: PooledTestApp | undefined;
  let database: TestDatabase;
  let pooled: DatabaseHandle;
  let app: FastifyInstance;
  let fx: InhouseFixture;
  let finance: string;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, checkLedger: true });
    ({ database, pooled, app } = started);
    fx = await inhouseFixture(app, pooled);
    finance = await operatorTokenFor(app, database.db, 'finance');
  }, 60_000);
  afterAll(() => started?.close());

  it(`${AT_ONCE} plays at once on a grant with ${ROUNDS} rounds: exactly ${ROUNDS} played and funded`, async () => {
    const promo = await makePromotion(database.db, fx.wallet.brandId);
    expect((await setRules(app, finance, promo.code, freeRoundRules(ROUNDS))).statusCode).toBe(200);
    const made = await fx.wallet.member({ fundMinor: 0n });
    const headers = { authorization: `Bearer ${made.token}` };
    const applied = await app.inject({
      method: 'POST',
      url: `/wps/member/promotions/${promo.id}/apply`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applyResponse.parse(applied.json()).value.application.status).toBe('issued');
    const listed = await app.inject({ method: 'GET', url: '/wps/member/free-rounds', headers });
    const grant = myFreeRoundsResponse.parse(listed.json()).value.list[0];
    if (!grant) throw new Error('no grant');

    // Several sessions, as several tabs would: the plays really overlap.
    const tokens = await Promise.all(
      Array.from({ length: 5 }, async () => (await fx.open(made.id, 'lotus-fortune')).token),
    );
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        fx.post('/originals/api/rounds', tokens[i % tokens.length] ?? null, freePlay(grant.id)),
      ),
    );
    const tally = tallyAnswers(answers);
    expect(tally.ok).toBe(ROUNDS);
    for (const [message] of Object.entries(tally)) {
      expect(['ok', 'free_rounds_used_up', 'round_pending']).toContain(message);
    }
    const row = await database.db
      .selectFrom('free_round_grants')
      .select(['rounds_left', 'status'])
      .where('id', '=', BigInt(grant.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rounds_left: 0, status: 'used' });
    const fundings = await database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('idempotency_key', 'like', `free-round:${grant.id}:%`)
      .where('kind', '=', 'promotion_bonus')
      .execute();
    expect(fundings).toHaveLength(ROUNDS);
    const rounds = await database.db
      .selectFrom('game_rounds')
      .select(['payout_minor'])
      .where('member_id', '=', made.id)
      .where('status', '=', 'settled')
      .execute();
    expect(rounds).toHaveLength(ROUNDS);
    const won = rounds.reduce((sum, round) => sum + round.payout_minor, 0n);
    expect(await fx.wallet.main(made.id)).toBe(won);
  }, 120_000);
});
