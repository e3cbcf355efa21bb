import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PooledTestApp,
  startPooledTestApp,
  tallyAnswers,
} from '../../../test/helpers/build-test-app.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { depositMember, setDepositLimit } from './deposits-protection.fixture.ts';

/**
 * The deposit limit under real overlap (PostgreSQL; PGlite runs one transaction at a time): 50 requests of
 * 100.00 at once against a limit of 1000.00, through a pool of 20 connections. Each request takes the
 * member's deposit lock before it reads what the limit leaves, and its pending deposit counts for the next:
 * exactly 10 are accepted, the others answer 403 deposit_limit_reached.
 */

const POOL = 20;
const AT_ONCE = 50;

usePostgresConnections(33);

describe('deposit limit under concurrency [postgres]', () => {
  let started: PooledTestApp | undefined;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, checkLedger: true });
  }, 60_000);
  afterAll(() => started?.close());

  it(`${AT_ONCE} deposits of 100.00 at once against a limit of 1000.00: exactly 10 accepted`, async () => {
    const { app, database } = started as PooledTestApp;
    const member = await depositMember(database.db);
    await setDepositLimit(database.db, member.id, 'day', 1_000_00n);
    const responses = await Promise.all(
      Array.from({ length: AT_ONCE }, () => {
        const { payload, headers } = multipartBody(
          { method: 'bank', amount: '100', reference: `UTR${randomUUID().slice(0, 10)}` },
          [],
        );
        return app.inject({
          method: 'POST',
          url: '/wps/payments/deposits',
          headers: { ...headers, authorization: `Bearer ${member.token}`, 'idempotency-key': randomUUID() },
          payload,
        });
      }),
    );
    expect(tallyAnswers(responses)).toEqual({ ok: 10, deposit_limit_reached: AT_ONCE - 10 });
    const rows = await database.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.sum<bigint>('amount_minor').as('total'))
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(BigInt(rows.total)).toBe(1_000_00n);
  });
});
