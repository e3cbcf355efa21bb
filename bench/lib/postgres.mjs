import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * The PostgreSQL server the benches use. BENCH_ADMIN_DATABASE_URL wins; else the server of
 * TEST_DATABASE_URL (its `postgres` database); else the local default. Benches make their own databases on
 * it (lotus_bench, lotus_bench_pgbench), dropped and re-created on every run: never point this at a server
 * whose databases of those names matter.
 */
export function adminUrl() {
  if (process.env.BENCH_ADMIN_DATABASE_URL) return process.env.BENCH_ADMIN_DATABASE_URL;
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = '/postgres';
    return url.toString();
  }
  return 'postgresql://postgres@127.0.0.1:5432/postgres';
}

/** The URL of database `name` on the admin server. */
export function databaseUrl(name) {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin(work) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function checkName(name) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe database name ${name}`);
  return name;
}

/** Drops (closing its sessions) and re-creates an empty database; returns its URL. */
export async function recreateDatabase(name) {
  checkName(name);
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  return databaseUrl(name);
}

export async function dropDatabase(name) {
  checkName(name);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Version and the settings that move the figures most, for the record. */
export async function serverSettings() {
  return withAdmin(async (client) => {
    const settings = {};
    for (const name of [
      'server_version',
      'max_connections',
      'shared_buffers',
      'synchronous_commit',
      'fsync',
      'wal_level',
    ]) {
      settings[name] = (await client.query(`SHOW ${name}`)).rows[0][name];
    }
    return settings;
  });
}

/** One query on a database, closing the connection after. */
export async function queryOnce(url, text, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client tool (pgbench) and returns its output. */
export async function runTool(command, args, options = {}) {
  const { stdout, stderr } = await run(command, args, { maxBuffer: 16 * 1024 * 1024, ...options });
  return { stdout, stderr };
}

const DB_COUNTERS = [
  'xact_commit',
  'xact_rollback',
  'tup_returned',
  'tup_fetched',
  'tup_inserted',
  'tup_updated',
  'tup_deleted',
];

/**
 * PostgreSQL's activity counters of one database (pg_stat_database). Two readings around a load, divided
 * by its request count, say how much database work one request does (transactions, rows written):
 * evidence of what limits a figure. PostgreSQL publishes the counters within about a second, so the
 * figures are approximate for short loads.
 */
export async function databaseCounters(name) {
  checkName(name);
  return withAdmin(async (client) => {
    const { rows } = await client.query(
      `SELECT ${DB_COUNTERS.join(', ')} FROM pg_stat_database WHERE datname = $1`,
      [name],
    );
    return Object.fromEntries(DB_COUNTERS.map((counter) => [counter, Number(rows[0]?.[counter] ?? 0)]));
  });
}

/** Per-request difference of two `databaseCounters` readings. */
export function countersPerRequest(before, after, requests) {
  if (!requests) return null;
  return Object.fromEntries(
    DB_COUNTERS.map((counter) => [
      counter,
      Math.round(((after[counter] - before[counter]) / requests) * 100) / 100,
    ]),
  );
}

/**
 * What the database's busy sessions wait on during a load, sampled every `everyMs` from pg_stat_activity
 * (and ungranted locks from pg_locks): the measured limiter of a figure that misses, instead of a guess.
 * `Lock:transactionid` is a session queued behind another's row lock (a hot row); `Lock:object` on
 * PostgreSQL's notify queue is the commit-time lock NOTIFY takes; `IO:WalSync`/`LWLock:WALWrite` is the
 * commit flush; `Client:InTransaction` is a session inside a transaction waiting for the application's next
 * statement (round trips while its locks are held); no wait event means on CPU. Returns `stop()`, which answers each `type:event` (or `CPU`) as a share of the samples of
 * active sessions, the ungranted lock types seen, the statements queued on a lock (`lockWaitsPerSample`:
 * which hot row), and the statements that took the database's time
 * (`topStatements`, from pg_stat_statements when the server loads it; see startStatements).
 */
export async function sampleWaits(name, everyMs = 50) {
  checkName(name);
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  const statements = await startStatements(client);
  const counts = new Map();
  const locks = new Map();
  const waiting = new Map();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const { rows } = await client.query(
          `SELECT CASE WHEN state = 'idle in transaction' THEN 'Client:InTransaction'
                       ELSE coalesce(wait_event_type || ':' || wait_event, 'CPU') END AS wait,
                  count(*)::int AS n
             FROM pg_stat_activity
            WHERE datname = $1 AND state IN ('active', 'idle in transaction') AND pid <> pg_backend_pid()
            GROUP BY 1`,
          [name],
        );
        const ungranted = await client.query(
          `SELECT locktype, count(*)::int AS n FROM pg_locks WHERE NOT granted GROUP BY 1`,
        );
        // Which statements queue on a lock: names the hot row (its table) that Lock:transactionid hides.
        const queued = await client.query(
          `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS statement, count(*)::int AS n
             FROM pg_stat_activity
            WHERE datname = $1 AND state = 'active' AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()
            GROUP BY 1`,
          [name],
        );
        samples += 1;
        for (const row of rows) counts.set(row.wait, (counts.get(row.wait) ?? 0) + row.n);
        for (const row of ungranted.rows) locks.set(row.locktype, (locks.get(row.locktype) ?? 0) + row.n);
        for (const row of queued.rows) waiting.set(row.statement, (waiting.get(row.statement) ?? 0) + row.n);
      } catch {
        // A sample lost to a busy server is not a measurement; the next one may succeed.
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const topStatements = await statements.top(name);
      await client.end();
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      const share = (n) => Math.round((n / Math.max(1, total)) * 1000) / 1000;
      return {
        samples,
        activeSessionsPerSample: Math.round((total / Math.max(1, samples)) * 100) / 100,
        waits: Object.fromEntries(
          [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([wait, n]) => [wait, share(n)]),
        ),
        topStatements,
        ungrantedLocksPerSample: Object.fromEntries(
          [...locks.entries()].map(([type, n]) => [type, Math.round((n / Math.max(1, samples)) * 100) / 100]),
        ),
        lockWaitsPerSample: Object.fromEntries(
          [...waiting.entries()]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([statement, n]) => [statement, Math.round((n / Math.max(1, samples)) * 100) / 100]),
        ),
      };
    },
  };
}

/**
 * pg_stat_statements over one load, when the server has it in `shared_preload_libraries` (not a default:
 * `ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'` and a restart, docs/benchmarks.md).
 * Reset at the start; `top(database)` answers the statements of that database by total execution time,
 * each with its calls, mean time and rows per call — or why there are none.
 */
async function startStatements(client) {
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  } catch (error) {
    const reason = String(error.message).slice(0, 120);
    return { top: async () => ({ available: false, reason }) };
  }
  return {
    async top(database) {
      try {
        const { rows } = await client.query(
          `SELECT left(regexp_replace(s.query, '\\s+', ' ', 'g'), 140) AS query, s.calls::int AS calls,
                  round(s.total_exec_time::numeric, 1)::float AS "totalMs",
                  round(s.mean_exec_time::numeric, 3)::float AS "meanMs",
                  round(s.rows::numeric / greatest(s.calls, 1), 2)::float AS "rowsPerCall"
             FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
            WHERE d.datname = $1
            ORDER BY s.total_exec_time DESC LIMIT 8`,
          [database],
        );
        return { available: true, statements: rows };
      } catch (error) {
        return { available: false, reason: String(error.message).slice(0, 120) };
      }
    },
  };
}
