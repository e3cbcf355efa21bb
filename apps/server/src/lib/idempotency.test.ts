import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPreparedTestDatabase,
  type TestDatabase,
  testBackends,
} from '../../test/helpers/test-database.ts';
import { UnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from './app-error.ts';
import { IdempotencyRepository } from './idempotency.repository.ts';
import { runIdempotent } from './idempotency.ts';
import { requestHashOf } from './request-hash.ts';

describe.each(testBackends())('runIdempotent [%s]', (backend) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createPreparedTestDatabase(backend);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  // The work of these tests writes through a repository of the same transaction, as a service's would.
  const uow = () => new UnitOfWork(database.db, (trx) => ({ records: new IdempotencyRepository(trx) }));
  const scope = () => `test:${randomUUID()}:call`;
  const recordOf = (s: string, key: string) =>
    database.db
      .selectFrom('idempotency_records')
      .selectAll()
      .where('scope', '=', s)
      .where('key', '=', key)
      .executeTakeFirst();

  it('runs the work the first time and stores its answer with the request hash', async () => {
    const s = scope();
    let runs = 0;
    const result = await runIdempotent(uow(), { scope: s, key: 'k1', request: { amount: 5n } }, async () => {
      runs += 1;
      return { entryId: '7', amountMinor: '5' };
    });
    expect(result).toEqual({ value: { entryId: '7', amountMinor: '5' }, replayed: false });
    expect(runs).toBe(1);
    expect(await recordOf(s, 'k1')).toMatchObject({
      status_code: 200,
      response: { entryId: '7', amountMinor: '5' },
      request_hash: requestHashOf({ amount: 5n }),
    });
  });

  it('replays the stored answer without running the work again', async () => {
    const s = scope();
    let runs = 0;
    const work = async () => {
      runs += 1;
      return { run: runs };
    };
    const first = await runIdempotent(uow(), { scope: s, key: 'k', request: { a: 1, b: 2 } }, work);
    // Same input with keys in another order is the same request.
    const again = await runIdempotent(uow(), { scope: s, key: 'k', request: { b: 2, a: 1 } }, work);
    expect(first).toEqual({ value: { run: 1 }, replayed: false });
    expect(again).toEqual({ value: { run: 1 }, replayed: true });
    expect(runs).toBe(1);
  });

  it('refuses another request under a used key with idempotency_key_reused', async () => {
    const s = scope();
    await runIdempotent(uow(), { scope: s, key: 'k', request: { amount: '10' } }, async () => 'done');
    let ran = false;
    const reused = runIdempotent(uow(), { scope: s, key: 'k', request: { amount: '11' } }, async () => {
      ran = true;
      return 'other';
    });
    await expect(reused).rejects.toMatchObject({ code: 'idempotency_key_reused', statusCode: 409 });
    expect(ran).toBe(false);
    // The same key in another scope is another request.
    const other = await runIdempotent(
      uow(),
      { scope: scope(), key: 'k', request: { amount: '11' } },
      async () => 'x',
    );
    expect(other).toEqual({ value: 'x', replayed: false });
  });

  it('leaves nothing behind when the work fails, so a retry of the key runs it', async () => {
    const s = scope();
    const failing = runIdempotent(uow(), { scope: s, key: 'k', request: { n: 1 } }, async ({ records }) => {
      await records.claim(`${s}:side`, 'x', 'a'.repeat(64));
      throw new AppError('insufficient_funds');
    });
    await expect(failing).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect(await recordOf(s, 'k')).toBeUndefined();
    // The work's own writes rolled back with it.
    expect(await recordOf(`${s}:side`, 'x')).toBeUndefined();
    const retry = await runIdempotent(
      uow(),
      { scope: s, key: 'k', request: { n: 1 } },
      async () => 'second try',
    );
    expect(retry).toEqual({ value: 'second try', replayed: false });
  });

  it('refuses malformed keys with idempotency_key_required', async () => {
    for (const key of ['', 'has space', 'x'.repeat(129), 'ünïcode']) {
      await expect(
        runIdempotent(uow(), { scope: scope(), key, request: {} }, async () => 'never'),
      ).rejects.toMatchObject({ code: 'idempotency_key_required' });
    }
  });

  it('runs the work once for 5 concurrent requests with one key, all answering the same', async () => {
    const s = scope();
    let runs = 0;
    const attempt = () =>
      runIdempotent(uow(), { scope: s, key: 'burst', request: { amount: '1' } }, async ({ records }) => {
        runs += 1;
        // Hold the transaction open a little so the others arrive while the first is still running.
        await records.find(s, 'burst');
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { run: runs };
      });
    const results = await Promise.all(Array.from({ length: 5 }, attempt));
    expect(runs).toBe(1);
    expect(results.map((result) => result.value)).toEqual(Array.from({ length: 5 }, () => ({ run: 1 })));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
  });
});
