import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onceAnnounced } from '../../test/helpers/announced.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.ts';
import { LISTEN_APPLICATION_NAME } from './listen.ts';

/**
 * One LISTEN connection per database handle, whatever the number of channels (a process follows seven):
 * each channel hears its own notifications, all of them hear that the connection was lost and that it is
 * back, a channel stopped hears nothing more, and the connection closes with the last channel.
 */
describe('one LISTEN connection for every channel [postgres]', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  }, 60_000);
  afterAll(() => database?.close());

  const listenBackend = sql`datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`;
  const listenConnections = async () => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
      where ${listenBackend}`.execute(database.db);
    return Number(rows[0]?.n);
  };
  const notify = (channel: string, payload: string) =>
    sql`select pg_notify(${channel}, ${payload})`.execute(database.db);

  it('shares one connection, reconnects every channel, and closes with the last', async () => {
    const listen = database.listen;
    if (!listen) throw new Error('the test database has no listen');
    const heard: Record<string, string[]> = { a: [], b: [], late: [] };
    const states: Record<string, boolean[]> = { a: [], b: [] };
    const [stopA, stopB] = await Promise.all([
      listen(
        'lotus_listen_a',
        (payload) => heard.a?.push(payload),
        (up) => states.a?.push(up),
      ),
      listen(
        'lotus_listen_b',
        (payload) => heard.b?.push(payload),
        (up) => states.b?.push(up),
      ),
    ]);
    const stopLate = await listen('lotus_listen_late', (payload) => heard.late?.push(payload));
    expect(await listenConnections()).toBe(1);

    await notify('lotus_listen_a', 'one');
    await notify('lotus_listen_b', 'two');
    await notify('lotus_listen_late', 'three');
    await onceAnnounced(
      async () => heard,
      (now) => now.a?.length === 1 && now.b?.length === 1 && now.late?.length === 1,
    );
    expect(heard).toEqual({ a: ['one'], b: ['two'], late: ['three'] });

    await sql`select pg_terminate_backend(pid) from pg_stat_activity where ${listenBackend}`.execute(
      database.db,
    );
    // Down, then back (the first retry comes after 500 ms), for each channel.
    await onceAnnounced(
      async () => states,
      (now) => now.a?.join() === 'true,false,true' && now.b?.join() === 'true,false,true',
    );
    expect(states).toEqual({ a: [true, false, true], b: [true, false, true] });
    expect(await listenConnections()).toBe(1);
    await notify('lotus_listen_b', 'after');
    await onceAnnounced(
      async () => heard.b,
      (now) => now?.length === 2,
    );

    await stopB();
    await notify('lotus_listen_b', 'unheard');
    await notify('lotus_listen_a', 'heard');
    await onceAnnounced(
      async () => heard.a,
      (now) => now?.length === 2,
    );
    // Notifications on one connection arrive in commit order: b's came first and was not delivered.
    expect(heard.b).toEqual(['two', 'after']);

    await stopA();
    await stopLate();
    expect(
      await onceAnnounced(
        () => listenConnections(),
        (n) => n === 0,
      ),
    ).toBe(0);
  });
});
