// Starts the production server (`node apps/server/dist/main.js`) as its own process on the embedded
// database in a given DATA_DIR, waits until it answers, and reads its memory from /proc. Shared by
// bench/startup (start-up time and peak memory) and bench/web (Lighthouse against seeded data).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverMain = path.join(root, 'apps', 'server', 'dist', 'main.js');
/** The first call the web app makes; it touches the database, so 200 means really ready. */
export const READY_PATH = '/wps/system/status';

/** VmHWM (peak resident set) and VmRSS of a process, in kB, from /proc; null where /proc is absent. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => {
      const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
      return match ? Number(match[1]) : null;
    };
    return { peakRssKB: field('VmHWM'), rssKB: field('VmRSS') };
  } catch {
    return { peakRssKB: null, rssKB: null };
  }
}

/**
 * Spawns the server on PGlite in `dataDir` (DATABASE_URL removed from its environment) and resolves once
 * GET /wps/system/status answers 200, with the milliseconds from spawn to that answer. Rejects if the
 * process exits first or `timeoutMs` passes (the child is then stopped).
 */
export async function startServer({ dataDir, port, timeoutMs = 180_000, env = {} }) {
  if (!existsSync(serverMain))
    throw new Error(`${path.relative(root, serverMain)} is missing: run \`npm run build\``);
  const childEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    // 'info' so the start-up line (`database ready`, with `seeded`) can be read back; bench/web lowers it.
    LOG_LEVEL: 'info',
    // Lighthouse and the readiness poll come from one address; the default per-IP limit is for players.
    RATE_LIMIT_MAX: '1000000',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  /** The server's `database ready` log line (pino JSON): { database, migrations, seeded }. */
  let databaseReady = null;
  let pending = '';
  child.stdout.on('data', (chunk) => {
    if (databaseReady) return;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const entry = JSON.parse(line);
        if (entry.msg === 'database ready') databaseReady = entry;
      } catch {
        // Not a JSON log line.
      }
    }
  });
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let peakSeenKB = 0;

  const server = {
    child,
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    databaseReady: () => databaseReady,
    /** The highest VmHWM read so far (kept after the process is gone). */
    peakRssKB: () => {
      const { peakRssKB } = memoryOf(child.pid);
      if (peakRssKB) peakSeenKB = Math.max(peakSeenKB, peakRssKB);
      return peakSeenKB || null;
    },
    /** SIGTERM (graceful stop), then SIGKILL after 15 s; resolves with the exit. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        server.peakRssKB();
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        const result = await exited;
        clearTimeout(timer);
        return result;
      }
      return exited;
    },
  };

  const deadline = started + timeoutMs;
  let gone = null;
  void exited.then((result) => {
    gone = result;
  });
  while (true) {
    if (gone) throw new Error(`server exited (${gone.code ?? gone.signal}) before it was ready:\n${stderr}`);
    if (performance.now() > deadline) {
      await server.stop();
      throw new Error(`server not ready after ${timeoutMs} ms:\n${stderr}`);
    }
    server.peakRssKB();
    try {
      const response = await fetch(`${server.url}${READY_PATH}`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        server.readyMs = performance.now() - started;
        server.peakRssKB();
        return server;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
