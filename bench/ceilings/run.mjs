import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from '../lib/args.mjs';
import { runLoad } from '../lib/load.mjs';
import { dropDatabase, recreateDatabase, runTool, serverSettings } from '../lib/postgres.mjs';
import { round, writeResult } from '../lib/results.mjs';
import { cleanLogs, freePort, stopOnExit, stopProcess, waitForHttp } from '../lib/server.mjs';

/**
 * Ceilings (issue 7, Benchmarks 1), measured in the same run as the figures compared with them:
 * - HTTP: a bare Fastify hello-world (the repository's Fastify version) under autocannon with the same
 *   connection count as the HTTP benches;
 * - database: pgbench's default TPC-B-like script on a scratch database of the same PostgreSQL server, at
 *   every client count another bench compares with (1, 8, 32 for the ledger; the HTTP connection count; the
 *   server's pool size 10).
 * Writes bench/results/ceilings.json.
 */

const PGBENCH_DB = 'lotus_bench_pgbench';
/** The production server's pg pool (apps/server/src/db/create-database.ts): its real database concurrency. */
const SERVER_POOL_SIZE = 10;

const options = parseArgs();
const startedAt = new Date().toISOString();
const figures = [];
const details = { connections: options.connections, durationS: options.duration };

async function helloWorld() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'hello-server.mjs'), String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  stopOnExit([child]);
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(url, { child, timeoutMs: 30_000 });
    // Warm-up: the JIT and the sockets, not measured.
    await runLoad({ url, scenario: 'hello', connections: options.connections, duration: 1 });
    const load = await runLoad({
      url,
      scenario: 'hello',
      connections: options.connections,
      duration: options.duration,
      cpuPids: { server: child.pid },
    });
    details.hello = load;
    const fastify = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../node_modules/fastify/package.json'), 'utf8'),
    ).version;
    details.fastifyVersion = fastify;
    figures.push(
      {
        id: 'ceilings.hello.rps',
        label: `Fastify ${fastify} hello-world, req/s (${options.connections} connections)`,
        value: load.rps,
        unit: 'req/s',
      },
      { id: 'ceilings.hello.p50', label: 'hello-world latency p50', value: load.latencyMs.p50, unit: 'ms' },
      { id: 'ceilings.hello.p99', label: 'hello-world latency p99', value: load.latencyMs.p99, unit: 'ms' },
    );
    console.log(`hello-world: ${load.rps} req/s, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms`);
  } finally {
    await stopProcess(child);
  }
}

/** tps (without initial connection time) and average latency from pgbench's report. */
function parsePgbench(stdout) {
  const tps = /tps = ([0-9.]+) \(without initial connection time\)/.exec(stdout);
  const latency = /latency average = ([0-9.]+) ms/.exec(stdout);
  const failed = /number of failed transactions: ([0-9]+)/.exec(stdout);
  if (!tps) throw new Error(`cannot read pgbench output:\n${stdout}`);
  return {
    tps: Number(tps[1]),
    latencyAverageMs: latency ? Number(latency[1]) : null,
    failed: failed ? Number(failed[1]) : null,
  };
}

async function pgbench() {
  const clientCounts = [...new Set([1, 8, SERVER_POOL_SIZE, options.connections, 32])].sort((a, b) => a - b);
  // Scale ≥ clients keeps TPC-B's branch rows from being the bottleneck at the largest client count.
  const scale = options.quick ? 1 : Math.max(...clientCounts);
  const url = await recreateDatabase(PGBENCH_DB);
  details.postgres = await serverSettings();
  try {
    const init = performance.now();
    await runTool('pgbench', ['-i', '-q', '-s', String(scale), url]);
    details.pgbench = { scale, initSeconds: round((performance.now() - init) / 1000), runs: [] };
    for (const clients of clientCounts) {
      const threads = Math.min(2, clients);
      const args = ['-c', String(clients), '-j', String(threads), '-T', String(options.duration), url];
      const { stdout } = await runTool('pgbench', args);
      const run = {
        clients,
        threads,
        seconds: options.duration,
        ...parsePgbench(stdout),
        command: `pgbench ${args.slice(0, -1).join(' ')} <db>`,
      };
      details.pgbench.runs.push(run);
      figures.push({
        id: `ceilings.pgbench.c${clients}.tps`,
        label: `pgbench TPC-B-like, ${clients} client${clients === 1 ? '' : 's'} (scale ${scale}), tps`,
        value: run.tps,
        unit: 'tps',
      });
      console.log(`pgbench -c ${clients}: ${run.tps} tps, latency avg ${run.latencyAverageMs} ms`);
    }
    details.pgbench.clientCountOfHttp = options.connections;
    details.pgbench.serverPoolSize = SERVER_POOL_SIZE;
  } finally {
    await dropDatabase(PGBENCH_DB);
  }
}

let failed = false;
try {
  await helloWorld();
  await pgbench();
} catch (error) {
  failed = true;
  details.error = String(error?.stack ?? error);
  console.error(error);
}
const file = writeResult('ceilings', { quick: options.quick, startedAt, figures, details });
console.log(`wrote ${file}`);
cleanLogs({ failed });
process.exit(failed ? 1 : 0);
