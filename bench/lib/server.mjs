import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './results.mjs';

const SERVER_MAIN = path.join(repoRoot(), 'apps/server/dist/main.js');

let logDirectory = null;
/** Logs of the processes a bench starts: outside bench/results so a run never commits them. */
export function logDir() {
  logDirectory ??= mkdtempSync(path.join(os.tmpdir(), 'lotus-bench-'));
  return logDirectory;
}

/** The benches measure the production build; build it when it is missing (a stale build is the caller's). */
export function ensureBuild() {
  if (existsSync(SERVER_MAIN)) return;
  console.log('apps/server/dist is missing: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot(), stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(SERVER_MAIN)) throw new Error('npm run build failed');
}

/** A TCP port free right now on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The environment of the server under load: production defaults except
 * - RATE_LIMIT_MAX 1e9: the global per-IP limit (1200/min by default) would answer 429 to a load generator
 *   that comes from one address; real traffic comes from many addresses;
 * - TRUSTED_PROXIES 127.0.0.1: set-up registers each bench player from its own address through
 *   X-Forwarded-For (one-click registration allows 3 per IP per hour), as a deployment behind a proxy does;
 * - LOG_LEVEL: info (the production default) unless BENCH_LOG_LEVEL says otherwise; the log goes to a file.
 */
export function benchServerEnv(databaseUrl, port, extra = {}) {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(logDir(), `data-${port}`),
    RATE_LIMIT_MAX: '1000000000',
    TRUSTED_PROXIES: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    ...extra,
  };
}

/** Polls `url` until it answers 200 (or the process dies / time runs out). */
export async function waitForHttp(url, { child, timeoutMs = 120_000, logFile } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(
        `process exited with ${child.exitCode} before it was ready; log: ${logFile}\n${tail(logFile)}`,
      );
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms; log: ${logFile}\n${tail(logFile)}`);
}

function tail(file) {
  if (!file) return '';
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts `node apps/server/dist/main.js` on `databaseUrl` (which migrates and seeds an empty database on
 * start) and waits until it answers. Returns { url, pid, child, logFile, stop() }.
 * @param {{ databaseUrl: string, port?: number, env?: Record<string, string>, label?: string }} options
 */
export async function startServer({ databaseUrl, port, env = {}, label = 'server' }) {
  ensureBuild();
  const listenPort = port ?? (await freePort());
  const logFile = path.join(logDir(), `${label}-${listenPort}.log`);
  const out = openSync(logFile, 'a');
  const startedAt = performance.now();
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
    cwd: repoRoot(),
    env: benchServerEnv(databaseUrl, listenPort, env),
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${listenPort}`;
  const stop = () => stopProcess(child);
  try {
    await waitForHttp(`${url}/wps/system/status`, { child, logFile });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    pid: /** @type {number} */ (child.pid),
    child,
    logFile,
    readyMs: Math.round(performance.now() - startedAt),
    stop,
  };
}

/** SIGTERM, then SIGKILL after 15 s; resolves when the process is gone. */
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Stops every process in `children` on Ctrl-C or a crash of the bench, so no server is left behind. */
export function stopOnExit(children) {
  const stopAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stopAll();
      process.exit(130);
    });
  }
}

/** Removes the logs of a run that succeeded (an info-level server log of a full run is hundreds of MB). */
export function cleanLogs({ failed = false } = {}) {
  if (logDirectory === null) return;
  if (failed || process.env.BENCH_KEEP_LOGS === '1') {
    console.log(`logs kept in ${logDirectory}`);
    return;
  }
  rmSync(logDirectory, { recursive: true, force: true });
}
