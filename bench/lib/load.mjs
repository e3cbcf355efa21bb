import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuSample } from './cpu.mjs';
import { round } from './results.mjs';
import { scenarioRequests } from './scenarios.mjs';
import { logDir } from './server.mjs';

/**
 * One load phase: autocannon in a child process of its own (so two loads can run side by side for the
 * scale-out bench, and the load generator's CPU use can be told apart from the bench's), driving one
 * scenario of bench/lib/scenarios.mjs against one URL.
 *
 * Options: { url, scenario, data, connections, duration (s), overallRate? (req/s over all connections: the
 * fixed-rate phase), amount? (stop after this many requests), cpuPids? ({ name: pid } sampled during the
 * load) }. Answers a summary: req/s, latency p50/p90/p99/max in ms, counts of non-2xx, errors, timeouts
 * and bad answers, and the cores each sampled process used.
 */
export async function runLoad(options) {
  const id = `${options.scenario}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const configFile = path.join(logDir(), `load-${id}.json`);
  const outFile = path.join(logDir(), `load-${id}.out.json`);
  const { cpuPids = {}, ...config } = options;
  writeFileSync(configFile, JSON.stringify({ ...config, outFile }));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), configFile], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // The child says START before the load and END after it, then waits for our BYE: the CPU sample covers
  // the load phase only, and the child is still alive to be read when it ends.
  let sample = null;
  let cpu = null;
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (sample === null && output.includes('START'))
      sample = cpuSample({ ...cpuPids, loadGenerator: child.pid });
    if (cpu === null && output.includes('END')) {
      cpu = sample?.end() ?? null;
      child.stdin.end('BYE\n');
    }
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`load ${options.scenario} on ${options.url} failed (exit ${code})`);
  return { ...JSON.parse(readFileSync(outFile, 'utf8')), cpu };
}

/** The child: runs autocannon and writes its summary. */
async function main(configFile) {
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  const tally = { bad: 0, refusals: {}, samples: [], exhausted: false };
  const requests = scenarioRequests(config.scenario, config.data ?? {}, tally);
  process.stdout.write('START\n');
  const result = await autocannon({
    url: config.url,
    connections: config.connections,
    duration: config.duration,
    ...(config.amount ? { amount: config.amount } : {}),
    ...(config.overallRate ? { overallRate: config.overallRate } : {}),
    pipelining: 1,
    timeout: 10,
    requests,
  });
  process.stdout.write('END\n');
  await new Promise((resolve) => {
    process.stdin.once('data', resolve);
    process.stdin.once('end', resolve);
    setTimeout(resolve, 5_000).unref();
  });
  const statusCodes = result.statusCodeStats ?? {};
  const summary = {
    scenario: config.scenario,
    url: config.url,
    connections: config.connections,
    durationS: round(result.duration, 3),
    overallRate: config.overallRate ?? null,
    requests: result.requests.total,
    rps: round(result.requests.total / result.duration, 1),
    // No answer at all has no latency (autocannon would say 0, which would pass a latency target).
    latencyMs:
      result.requests.total === 0
        ? { mean: null, p50: null, p90: null, p99: null, max: null }
        : {
            mean: result.latency.mean,
            p50: result.latency.p50,
            p90: result.latency.p90,
            p99: result.latency.p99,
            max: result.latency.max,
          },
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bad: tally.bad,
    refusals: tally.refusals,
    badSamples: tally.samples,
    ranOutOfBodies: tally.exhausted,
    statusCodes: Object.fromEntries(
      Object.entries(statusCodes).map(([status, stat]) => [status, stat.count]),
    ),
  };
  writeFileSync(config.outFile, JSON.stringify(summary));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv[2]).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
