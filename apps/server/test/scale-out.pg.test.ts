import { randomUUID } from 'node:crypto';
import { REALTIME_CLOSE_UNAUTHORIZED } from '@lotus/shared/realtime';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_POLL_MS } from '../src/modules/jobs/job-scheduler.ts';
import { AUTO_RECEIPT_JOB } from '../src/modules/withdrawals/withdrawals-module.ts';
import { onceAnnounced } from './helpers/announced.ts';
import { assertLedgerInvariants } from './helpers/ledger-invariants.ts';
import { usePostgresConnections } from './helpers/postgres-budget.ts';
import { createPreparedTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { connectWs } from './helpers/ws-client.ts';
import {
  addVendor,
  call,
  databaseUrlOf,
  type Member,
  makeMembers,
  requirePostgresUrl,
  ServerProcess,
  sleep,
} from './reliability/server-harness.ts';

/**
 * Two server processes on one PostgreSQL database, the way N processes run behind a load balancer
 * (docs/scaling.md): nothing a request needs may live only in one process's memory. A player's socket on B
 * sees the money moved through A, and B's reads (from its memory) show it right after; a session ended on A
 * is refused by B within one announcement and its socket on B closes; a recurring job due once runs once,
 * though both processes' schedulers look for it.
 */
const VENDOR = 'SCALEOUT';

usePostgresConnections(30);

describe('two server processes on one database [postgres]', () => {
  let database: TestDatabase | undefined;
  let serverA: ServerProcess | undefined;
  let serverB: ServerProcess | undefined;
  let members: Member[] = [];

  beforeAll(async () => {
    const url = requirePostgresUrl();
    database = await createPreparedTestDatabase('postgres');
    await addVendor(database.db, VENDOR);
    serverA = await ServerProcess.create(databaseUrlOf(url, database.name));
    serverB = await ServerProcess.create(databaseUrlOf(url, database.name));
    // Both at once, as a rolling start does: migrations and seed are safe to race.
    await Promise.all([serverA.start(), serverB.start()]);
    members = await makeMembers(database.db, serverA.baseUrl, 2, 50_000n);
  }, 180_000);

  afterAll(async () => {
    await serverA?.stop();
    await serverB?.stop();
    if (database) await assertLedgerInvariants(database.db);
    await database?.close();
    expect([...(serverA?.unexpectedExits ?? []), ...(serverB?.unexpectedExits ?? [])]).toEqual([]);
  });

  const servers = () => {
    if (!serverA || !serverB || !database) throw new Error('set-up failed');
    return { a: serverA, b: serverB, db: database.db, name: database.name };
  };

  it("pushes to a socket on B the balance moved by a transfer through A, and B's reads agree", async () => {
    const { a, b } = servers();
    const member = members[0] as Member;
    const socket = await connectWs(`${b.baseUrl.replace('http', 'ws')}/wps/ws`);
    try {
      socket.send({ type: 'auth', token: member.token });
      await socket.next('ready');
      expect(await socket.next('balance')).toMatchObject({ balanceMinor: '50000' });

      const moved = await call(a.baseUrl, 'POST', '/wps/relay/GCS_walletTransfer', member.token, {
        idempotencyKey: randomUUID(),
        body: { vendor: VENDOR, direction: 'in', amount: '120' },
      });
      expect(moved.status, JSON.stringify(moved)).toBe(200);
      expect(await socket.next('balance', (message) => message.balanceMinor === '38000')).toMatchObject({
        balanceMinor: '38000',
      });
      const read = await call(b.baseUrl, 'GET', '/wps/v2/wallets/balance', member.token);
      expect(read).toMatchObject({ status: 200, body: { value: { balanceMinor: '38000' } } });
    } finally {
      socket.close();
      await socket.closed;
    }
  });

  it('refuses on B, within one announcement, a session ended on A, and closes its socket on B at once', async () => {
    const { a, b } = servers();
    const member = members[1] as Member;
    const socket = await connectWs(`${b.baseUrl.replace('http', 'ws')}/wps/ws`);
    // A listener of the test's own, on the channel B's session cache and sockets follow.
    const listener = new pg.Client({ connectionString: databaseUrlOf(requirePostgresUrl(), servers().name) });
    await listener.connect();
    try {
      socket.send({ type: 'auth', token: member.token });
      await socket.next('ready');
      // B has the session in memory (the second read comes from its cache).
      for (let read = 0; read < 2; read += 1) {
        expect((await call(b.baseUrl, 'GET', '/wps/v2/wallets/balance', member.token)).status).toBe(200);
      }
      await listener.query('LISTEN lotus_access');
      const announced = new Promise<number>((resolve) => {
        listener.on('notification', (message) => {
          if (message.payload?.startsWith(`${member.id}:`)) resolve(performance.now());
        });
      });

      const out = await call(a.baseUrl, 'DELETE', '/wps/session/logout', member.token);
      const answeredAt = performance.now();
      expect(out.status, JSON.stringify(out)).toBe(200);
      // Waits on state (B's answer turns 401), bounded only against a hang; the 100 ms figure is
      // asserted on the announcement's delivery, which is what B waits for (NOTIFY takes about 1 ms).
      const after = await onceAnnounced(
        () => call(b.baseUrl, 'GET', '/wps/v2/wallets/balance', member.token),
        (answer) => answer.status === 401,
      );
      const refusedAt = performance.now();
      expect(after).toMatchObject({ status: 401, body: { success: false, message: 'not_logged_in' } });
      const deliveredAt = await announced;
      expect(
        deliveredAt - answeredAt,
        'announcement delivered after the logout answered (ms)',
      ).toBeLessThanOrEqual(100);
      // Recorded for the reader of a failure or a slow run: how long B went on answering from memory.
      console.info(
        `scale-out: B refused the ended session ${Math.round(refusedAt - answeredAt)} ms after A's answer`,
      );
      // The socket on B closes on the announcement, not at its next ping 25 s later.
      expect(await socket.closed).toBe(REALTIME_CLOSE_UNAUTHORIZED);
    } finally {
      await listener.end();
      socket.close();
    }
  });

  it('shows on B, right after, a balance changed through A (B had it in memory)', async () => {
    const { a, b } = servers();
    const member = members[0] as Member;
    const before = await call(b.baseUrl, 'GET', '/wps/v2/wallets/balance', member.token);
    if (before.status !== 200) throw new Error(`balance on B: ${JSON.stringify(before)}`);
    const minor = BigInt((before.body as { value: { balanceMinor: string } }).value.balanceMinor);
    expect(await call(b.baseUrl, 'GET', '/wps/v2/wallets/balance', member.token)).toMatchObject(before);

    const moved = await call(a.baseUrl, 'POST', '/wps/relay/GCS_walletTransfer', member.token, {
      idempotencyKey: randomUUID(),
      body: { vendor: VENDOR, direction: 'in', amount: '10' },
    });
    expect(moved.status, JSON.stringify(moved)).toBe(200);
    // No wait: by the time A has answered, the ledger's announcement has long left the database for B.
    const read = await call(b.baseUrl, 'GET', '/wps/v2/wallets/balance', member.token);
    expect(read).toMatchObject({
      status: 200,
      body: { value: { balanceMinor: (minor - 1_000n).toString() } },
    });
    // And A, which committed it, never answers the old figure either.
    const own = await call(a.baseUrl, 'GET', '/wps/v2/wallets/balance', member.token);
    expect(own).toMatchObject({
      status: 200,
      body: { value: { balanceMinor: (minor - 1_000n).toString() } },
    });
  });

  it('runs a recurring job once per due time, though both processes look for it every 2 s', async () => {
    const { db } = servers();
    const dueTimes: Date[] = [];
    for (let round = 0; round < 3; round += 1) {
      // Due now: whichever scheduler looks first claims it; the other finds it leased, then not due. Only
      // while no run holds the schedule: a run in flight (the first one after start, say) would set the
      // next due time when it finishes, over this one.
      const due = new Date(Date.now() - 1000 - round);
      for (;;) {
        const forced = await db
          .updateTable('job_schedules')
          .set({ next_run_at: due })
          .where('name', '=', AUTO_RECEIPT_JOB)
          .where('locked_by', 'is', null)
          .executeTakeFirst();
        if (forced.numUpdatedRows === 1n) break;
        await sleep(100);
      }
      dueTimes.push(due);
      for (;;) {
        const finished = await db
          .selectFrom('job_runs')
          .select('id')
          .where('name', '=', AUTO_RECEIPT_JOB)
          .where('due_at', '=', due)
          .where('finished_at', 'is not', null)
          .executeTakeFirst();
        if (finished) break;
        await sleep(100);
      }
    }
    // Absence cannot be awaited as a state: give both schedulers two more looks at the finished schedule.
    await sleep(2 * JOB_POLL_MS + 500);
    const runs = await db
      .selectFrom('job_runs')
      .select(['due_at', 'worker', 'error', sql<boolean>`finished_at is not null`.as('finished')])
      .where('name', '=', AUTO_RECEIPT_JOB)
      .where('due_at', 'in', dueTimes)
      .execute();
    expect(runs).toHaveLength(3);
    expect(runs.every((run) => run.finished && run.error === null)).toBe(true);
    expect(new Set(runs.map((run) => run.due_at.getTime())).size).toBe(3);
  });
});
