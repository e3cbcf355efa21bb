import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { CONFORMANCE_CHECK_NAMES, runConformanceCheck } from './conformance-kit.ts';
import { type ProtocolFixture, protocolFixture } from './vendor-protocol.fixture.ts';

/**
 * The conformance kit against the in-house vendor LOTUS's credentials, in process on PGlite (which runs
 * transactions one at a time; conformance-kit.pg.test.ts repeats it on PostgreSQL with real overlap).
 */
describe('seamless-wallet conformance kit [pglite]', () => {
  let testApp: TestApp;
  let fx: ProtocolFixture;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fx = await protocolFixture(testApp.app, testApp.database);
  });
  afterAll(async () => {
    if (testApp) await assertLedgerInvariants(testApp.database.db);
    await testApp?.close();
  });

  it.each(CONFORMANCE_CHECK_NAMES)('%s', async (check) => {
    await runConformanceCheck(check, fx.subject);
  });
});
