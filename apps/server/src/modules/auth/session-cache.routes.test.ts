import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onceAnnounced } from '../../../test/helpers/announced.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../../test/helpers/demo-account.ts';
import { loginAs } from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { transact } from '../../db/unit-of-work.ts';
import { hashToken } from '../../lib/secret-token.ts';

/**
 * Issue 15 "Reads from memory": a session is read from the database once, then from the process's cache,
 * until a change to its row or its member's is announced (`lotus_access`, migration 0020) — or, for the
 * app's own revocations, until the revocation commits.
 */
describe.each(testBackends())('session cache [%s]', (backend) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const info = (token: string) =>
    test.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${token}` },
    });

  /** Changes the session row without the trigger's announcement (replica mode skips ordinary triggers). */
  const changeUnannounced = (token: string, revokedAt: Date | null) =>
    transact(test.database.db, async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx
        .updateTable('sessions')
        .set({ revoked_at: revokedAt })
        .where('token_hash', '=', hashToken(token))
        .execute();
    });

  it('answers from memory, and refuses at the very next request once the app revoked the session', async () => {
    const token = await loginAs(test.app, 'demo_player', demoAccount('demo_player').password);
    expect((await info(token)).statusCode).toBe(200);
    // Proof that the next answer comes from memory: the row says revoked, but nobody announced it.
    await changeUnannounced(token, new Date());
    expect((await info(token)).statusCode).toBe(200);
    await changeUnannounced(token, null);

    const out = await test.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode, out.body).toBe(200);
    // The logout dropped the cached session when it committed: no wait for the announcement.
    expect((await info(token)).statusCode).toBe(401);
  });

  it('refuses a session revoked by hand once the trigger has announced it', async () => {
    const token = await loginAs(test.app, 'demo_agent', demoAccount('demo_agent').password);
    expect((await info(token)).statusCode).toBe(200);
    await test.database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const after = await onceAnnounced(
      () => info(token),
      (answer) => answer.statusCode === 401,
    );
    expect(after.statusCode).toBe(401);
  });

  it('refuses a session whose session time limit was moved into the past by hand, once announced', async () => {
    // A lower session time limit moves `play_ends_at` of open sessions (issue 17): every process must drop
    // its cached copy, so the trigger announces that column too (migration 0022).
    const token = await loginAs(test.app, 'demo_player2', demoAccount('demo_player2').password);
    expect((await info(token)).statusCode).toBe(200);
    await test.database.db
      .updateTable('sessions')
      .set({ play_ends_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const after = await onceAnnounced(
      () => info(token),
      (answer) => answer.statusCode === 401,
    );
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('play_session_limit_reached');
  });
});
