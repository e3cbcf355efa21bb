import { describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../helpers/ledger-invariants.ts';
import { withPgClient } from '../helpers/pg-client.ts';
import {
  type Acknowledged,
  call,
  FULL,
  newStats,
  planTransfers,
  requirePostgresUrl,
  runSeed,
  seededRandom,
  sleep,
  transferProblems,
  transferUntilAcknowledged,
  useServerWithMembers,
} from './server-harness.ts';

/**
 * Issue 7, reliability 2: while clients read balances and move money, every server connection to the
 * database is terminated (`pg_terminate_backend`) every one to two seconds — what a PostgreSQL restart, a
 * fail-over or a connection-killing proxy does. The server must stay up, answer every request with success
 * or `503 service_unavailable` (never another 5xx, never a dropped connection), and leave nothing
 * half-applied: every acknowledged transfer is in the journal once and the ledger invariants hold.
 */

const DURATION_MS = FULL ? 60_000 : 12_000;
const CLIENTS = FULL ? 8 : 4;
const FUND_MINOR = 100_000_000n;
const VENDOR = 'RELTERM';

describe('database connections terminated under load [postgres]', () => {
  const seed = runSeed();
  const random = seededRandom(seed);
  const setUp = useServerWithMembers({ members: CLIENTS, fundMinor: FUND_MINOR, vendor: VENDOR });

  it('stays up, answers 2xx or 503 and leaves nothing half-applied', async () => {
    const { database, server, members } = setUp();
    const live = server;
    const serverUrl = requirePostgresUrl();
    const name = database.name;
    const stats = newStats();
    const reads = { ok: 0, unavailable: 0 };
    const acknowledged: Acknowledged[] = [];
    const stopAt = Date.now() + DURATION_MS;

    const clients = members.map(async (member) => {
      // More than the run can use; each client stops at the deadline.
      const plans = planTransfers(random, 10_000, FUND_MINOR);
      let next = 0;
      while (Date.now() < stopAt) {
        if (random() < 0.5) {
          const answer = await call(live.baseUrl, 'GET', '/wps/v2/wallets/balance', member.token);
          const message =
            answer.status === 'network' ? '' : (answer.body as { message?: string } | null)?.message;
          if (answer.status === 200) reads.ok += 1;
          else if (answer.status === 503 && message === 'service_unavailable') reads.unavailable += 1;
          else stats.unexpected.push(`balance read: ${JSON.stringify(answer)}`);
          continue;
        }
        const plan = plans[next];
        next += 1;
        if (!plan) throw new Error('plan too short');
        const ack = await transferUntilAcknowledged(live.baseUrl, member, VENDOR, plan, stats, 30_000);
        if (!ack) return;
        acknowledged.push(ack);
      }
    });

    // The terminator: its own connection to the server's maintenance database, so it is not among the
    // connections it ends.
    let rounds = 0;
    let terminated = 0;
    const terminator = withPgClient(serverUrl, async (client) => {
      while (Date.now() < stopAt) {
        await sleep(1000 + Math.floor(random() * 1000));
        const { rows } = await client.query<{ ended: boolean }>(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        rounds += 1;
        terminated += rows.filter((row) => row.ended).length;
      }
    });

    await Promise.all([...clients, terminator]);

    console.info(
      `[db-terminate] seed ${seed}: ${rounds} rounds ended ${terminated} connections; ` +
        `reads ${reads.ok} ok / ${reads.unavailable} × 503; transfers ${acknowledged.length} acknowledged, ` +
        `${stats.unavailable} × 503, still running ${stats.stillRunning}, network ${JSON.stringify(stats.network)}`,
    );

    // Dropped connections count as failures here: the server itself never went away.
    const networkFailures = Object.values(stats.network).reduce((sum, count) => sum + count, 0);
    expect(stats.unexpected, `seed ${seed}\n${live.log}`).toEqual([]);
    expect(networkFailures, `seed ${seed}\n${live.log}`).toBe(0);
    expect(live.unexpectedExits).toEqual([]);
    expect(live.running).toBe(true);
    expect(rounds).toBeGreaterThanOrEqual(Math.floor(DURATION_MS / 2000) - 1);
    // The server really had connections cut under it, and the load went on through them.
    expect(terminated).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(reads.ok).toBeGreaterThan(0);

    // After the storm: the server answers normally again, and nothing is half-applied.
    // (The last round may have ended a connection a moment ago: a request in that moment may still get a 503.)
    let after = await call(live.baseUrl, 'GET', '/wps/v2/wallets/balance', members[0]?.token ?? '');
    for (let tries = 0; after.status !== 200 && tries < 20; tries += 1) {
      await sleep(250);
      after = await call(live.baseUrl, 'GET', '/wps/v2/wallets/balance', members[0]?.token ?? '');
    }
    expect(after.status).toBe(200);
    expect(
      await transferProblems(database.db, members, acknowledged, FUND_MINOR, VENDOR),
      `seed ${seed}`,
    ).toEqual([]);
    await assertLedgerInvariants(database.db);
  }, 300_000);
});
