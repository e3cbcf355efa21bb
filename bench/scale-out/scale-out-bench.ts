import { parseArgs } from '../lib/args.mjs';
import { runLoad } from '../lib/load.mjs';
import { registerPlayers } from '../lib/players.ts';
import { recreateDatabase } from '../lib/postgres.mjs';
import { round, writeResult } from '../lib/results.mjs';
import { cleanLogs, startServer, stopOnExit } from '../lib/server.mjs';

/**
 * Scale-out bench (issue 7, Benchmarks 4): the balance-read load of the HTTP bench against one server
 * process, then against two (different ports, the same PostgreSQL database), with the same total number of
 * connections: half of them on each process, from two autocannon processes running side by side. The
 * figure is the ratio of the two throughputs. On a machine with few cores the load generators, the
 * servers and PostgreSQL share them; the CPU use recorded with each phase says which one ran out.
 */

const options = parseArgs();
const startedAt = new Date().toISOString();
const DATABASE = 'lotus_bench';
const figures: Record<string, unknown>[] = [];
const details: Record<string, unknown> = { connections: options.connections, durationS: options.duration };

let first: Awaited<ReturnType<typeof startServer>> | null = null;
let second: Awaited<ReturnType<typeof startServer>> | null = null;
let failed = false;
try {
  const databaseUrl = await recreateDatabase(DATABASE);
  first = await startServer({ databaseUrl, label: 'scale-out-1' });
  const children = [first.child];
  stopOnExit(children);
  const players = await registerPlayers(first.url, options.connections);
  const tokens = players.map((player) => player.token);
  const base = { scenario: 'balance', data: { tokens } };

  await runLoad({ ...base, url: first.url, connections: options.connections, duration: 1 });
  const one = await runLoad({
    ...base,
    url: first.url,
    connections: options.connections,
    duration: options.duration,
    cpuPids: { server1: first.pid },
  });
  console.log(`1 process: ${one.rps} req/s, p99 ${one.latencyMs.p99} ms`);

  second = await startServer({ databaseUrl, label: 'scale-out-2' });
  children.push(second.child);
  const halfConnections = Math.max(1, Math.floor(options.connections / 2));
  const split = (index: number) => tokens.filter((_, position) => position % 2 === index);
  await runLoad({
    ...base,
    data: { tokens: split(1) },
    url: second.url,
    connections: halfConnections,
    duration: 1,
  });
  const cpuPids = { server1: first.pid, server2: second.pid };
  const [a, b] = await Promise.all([
    runLoad({
      ...base,
      data: { tokens: split(0) },
      url: first.url,
      connections: halfConnections,
      duration: options.duration,
      cpuPids,
    }),
    runLoad({
      ...base,
      data: { tokens: split(1) },
      url: second.url,
      connections: halfConnections,
      duration: options.duration,
    }),
  ]);
  const twoRps = round(a.rps + b.rps, 1);
  const twoP99 = Math.max(a.latencyMs.p99, b.latencyMs.p99);
  console.log(
    `2 processes: ${a.rps} + ${b.rps} = ${twoRps} req/s, p99 ${twoP99} ms; ratio ${round(twoRps / one.rps, 2)}`,
  );
  const failures = [one, a, b].reduce(
    (sum, load) => sum + load.errors + load.timeouts + load.non2xx + load.bad,
    0,
  );

  figures.push(
    {
      id: 'scaleOut.one.rps',
      label: 'Balance read on 1 server process, req/s',
      value: one.rps,
      unit: 'req/s',
    },
    {
      id: 'scaleOut.two.rps',
      label: 'Balance read on 2 server processes (same database), req/s',
      value: twoRps,
      unit: 'req/s',
      ceiling: { id: 'scaleOut.one.rps', value: one.rps },
      note: 'ratio = 2 processes / 1 process (no target: issue 7 asks for the ratio)',
    },
    { id: 'scaleOut.one.p99', label: '1 process: latency p99', value: one.latencyMs.p99, unit: 'ms' },
    {
      id: 'scaleOut.two.p99',
      label: '2 processes: latency p99 (worse of the two)',
      value: twoP99,
      unit: 'ms',
    },
    {
      id: 'scaleOut.failures',
      label: 'errors + timeouts + non-2xx + bad answers',
      value: failures,
      unit: 'count',
      target: { text: '0', on: 'value', op: '<=', threshold: 0 },
    },
  );
  details.loads = { oneProcess: one, twoProcesses: [a, b] };
  details.note =
    'The same connections in total: all on one process, then half on each of two. One autocannon process per server process.';
} catch (error) {
  failed = true;
  details.error = String((error as Error)?.stack ?? error);
  console.error(error);
} finally {
  await first?.stop();
  await second?.stop();
}

const file = writeResult('scale-out', { quick: options.quick, startedAt, figures, details });
console.log(`wrote ${file}`);
cleanLogs({ failed });
process.exit(failed ? 1 : 0);
