import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { CONFORMANCE_CHECK_NAMES, runConformanceCheck } from './conformance-kit.ts';
import { type ProtocolFixture, protocolFixture } from './vendor-protocol.fixture.ts';

/**
 * The conformance kit on PostgreSQL, where concurrent calls really overlap: the app gets a pool of 20
 * connections, so "20 debits at once", "5 repeats at once" and racing rollbacks run side by side.
 */

const POOL = 20;

usePostgresConnections(33);

describe('seamless-wallet conformance kit [postgres]', () => {
  let started: PooledTestApp | undefined;
  let pooled: DatabaseHandle;
  let app: FastifyInstance;
  let fx: ProtocolFixture;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, checkLedger: true });
    ({ pooled, app } = started);
    fx = await protocolFixture(app, pooled);
  });
  afterAll(() => started?.close());

  it.each(CONFORMANCE_CHECK_NAMES)('%s', async (check) => {
    await runConformanceCheck(check, fx.subject);
  });
});
