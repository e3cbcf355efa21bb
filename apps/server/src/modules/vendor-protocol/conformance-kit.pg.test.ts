import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { testAppOptions } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import {
  connectAgain,
  createPreparedTestDatabase,
  type TestDatabase,
} from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { CONFORMANCE_CHECK_NAMES, runConformanceCheck } from './conformance-kit.ts';
import { type ProtocolFixture, protocolFixture } from './vendor-protocol.fixture.ts';

/**
 * The conformance kit on PostgreSQL, where concurrent calls really overlap: the app gets a pool of 20
 * connections, so "20 debits at once", "5 repeats at once" and racing rollbacks run side by side.
 */

const POOL = 20;

describe('seamless-wallet conformance kit [postgres]', () => {
  let database: TestDatabase;
  let pooled: DatabaseHandle;
  let app: FastifyInstance;
  let fx: ProtocolFixture;

  beforeAll(async () => {
    database = await createPreparedTestDatabase('postgres');
    pooled = await connectAgain(database, POOL);
    app = await buildApp({ config: testAppOptions(), database: pooled });
    await app.ready();
    fx = await protocolFixture(app, pooled);
  });
  afterAll(async () => {
    await app?.close();
    await pooled?.close();
    if (database) await assertLedgerInvariants(database.db);
    await database?.close();
  });

  it.each(CONFORMANCE_CHECK_NAMES)('%s', async (check) => {
    await runConformanceCheck(check, fx.subject);
  });
});
