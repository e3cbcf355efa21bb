import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startE2eIdentityStub } from './identity-stub.ts';
import { applyPresetsOnPostgres, postgresUrlFor, recreatePostgresDatabase } from './postgres-database.ts';
import { SERVER_SPECS, type ServerSpec, serverPort, serverUrl } from './servers.ts';

/**
 * Builds once (unless the caller just did), prepares one PGlite folder per server under a temporary
 * folder, runs the operator CLI on each folder while no server holds it, starts the production servers,
 * waits until each answers `/wps/system/status` with the status its brand should have, and returns the
 * teardown that stops them. Any problem fails the whole run, loudly, with the server's log.
 */

const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

type Running = { spec: ServerSpec; child: ChildProcess; logFile: string; exited: Promise<number | null> };

function log(message: string): void {
  process.stdout.write(`[e2e setup] ${message}\n`);
}

/** Env for the CLI and servers: always embedded PGlite, never a developer's PostgreSQL. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  delete env.PORT;
  delete env.HOST;
  return env;
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; quiet?: boolean },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const { quiet, ...spawnOptions } = options;
    const child = spawn(command, args, {
      ...spawnOptions,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`"${command} ${args.join(' ')}" failed (exit ${code ?? signal})`));
    });
  });
}

function portIsTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function tail(file: string, lines = 40): Promise<string> {
  try {
    const text = await readFile(file, 'utf8');
    return text.split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitForStatus(server: Running): Promise<void> {
  const url = `${serverUrl(server.spec.name)}/wps/system/status`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(
        `server "${server.spec.name}" exited (code ${exitCode}) before it answered; log ${server.logFile}:\n${await tail(server.logFile)}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      const body = (await response.json()) as { success?: boolean; value?: { status?: number } };
      if (
        response.status === 200 &&
        body.success === true &&
        body.value?.status === server.spec.expectedStatus
      ) {
        return;
      }
      lastProblem = `HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`;
      // A server that answers, but with the wrong status, will not change its mind: the ops step failed.
      if (response.status === 200 && body.success === true) break;
    } catch (error) {
      lastProblem = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `server "${server.spec.name}" (${server.spec.purpose}) did not answer status ${server.spec.expectedStatus} at ${url}: ${lastProblem}\nlog ${server.logFile}:\n${await tail(server.logFile)}`,
  );
}

async function stop(server: Running): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS));
  if ((await Promise.race([server.exited, timeout])) === 'timeout') {
    log(`server "${server.spec.name}" ignored SIGTERM for ${STOP_TIMEOUT_MS} ms; killing it`);
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/** The operator commands and test data of one server, on its own data folder (or PostgreSQL database). */
async function prepareServerData(spec: ServerSpec, dataDir: string, env: NodeJS.ProcessEnv, root: string) {
  await mkdir(dataDir, { recursive: true });
  // A PostgreSQL server gets an empty database of its own (the CLI and server then migrate and seed it).
  const database = spec.postgresDatabase;
  if (database) {
    log(`${spec.name}: fresh PostgreSQL database ${database}`);
    await recreatePostgresDatabase(database);
  }
  const cliEnv = {
    ...env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(database ? { DATABASE_URL: postgresUrlFor(database) } : {}),
  };
  for (const command of spec.ops) {
    log(`${spec.name}: npm run ops -- ${command.join(' ')}`);
    await run('npm', ['run', '--silent', 'ops', '--', ...command], { cwd: root, env: cliEnv });
  }
  if (!spec.content || spec.content.length === 0) return;
  // Test data goes into a migrated and seeded folder: the CLI prepares a fresh one as the server would.
  if (spec.ops.length === 0) {
    await run('npm', ['run', '--silent', 'ops', '--', 'brand:get'], { cwd: root, env: cliEnv, quiet: true });
  }
  log(`${spec.name}: test data ${spec.content.join(', ')}`);
  if (database) await applyPresetsOnPostgres(database, spec.content);
  else
    await run(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      ['apps/web/e2e/support/prepare-content.ts', dataDir, ...spec.content],
      { cwd: root, env },
    );
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const root = path.dirname(config.configFile ?? path.resolve('playwright.config.ts'));
  const env = baseEnv();

  if (process.env.LOTUS_E2E_SKIP_BUILD === '1') {
    log('build skipped (LOTUS_E2E_SKIP_BUILD=1: the caller has just built)');
  } else {
    log('building web and server (npm run build)');
    await run('npm', ['run', 'build'], { cwd: root, env });
  }
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing after the build`);
  }

  for (const spec of SERVER_SPECS) {
    if (await portIsTaken(serverPort(spec.name))) {
      throw new Error(
        `port ${serverPort(spec.name)} (e2e server "${spec.name}") is already in use; stop what holds it or set E2E_PORT_BASE`,
      );
    }
  }

  const workDir = await mkdtemp(path.join(tmpdir(), 'lotus-e2e-'));
  log(`data folders under ${workDir}`);
  const running: Running[] = [];
  // Google / Facebook / Telegram sign-in of the journeys go to this local stand-in.
  const identityStub = await startE2eIdentityStub();
  log(`identity stub on ${identityStub.origin}`);

  const teardown = async () => {
    await Promise.all(running.map(stop));
    await identityStub.close();
    if (process.env.LOTUS_E2E_KEEP_DATA === '1') log(`kept ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  };

  try {
    // The operator CLI first, while no server holds the folder (it and the server cannot share a PGlite
    // folder). Each server's folder is its own, so the six are prepared side by side: one after another
    // they took ~40 s of the run, mostly each CLI process migrating and seeding an empty database.
    await Promise.all(
      SERVER_SPECS.map((spec) => prepareServerData(spec, path.join(workDir, spec.name, 'data'), env, root)),
    );

    for (const spec of SERVER_SPECS) {
      const dataDir = path.join(workDir, spec.name, 'data');
      const logFile = path.join(workDir, spec.name, 'server.log');
      const out = createWriteStream(logFile);
      const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
        cwd: root,
        env: {
          ...env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(serverPort(spec.name)),
          DATA_DIR: dataDir,
          TRUSTED_PROXIES: '127.0.0.1',
          LOG_LEVEL: 'warn',
          // A cheaper proof of work than production's 12 bits: the journeys still solve every challenge in the
          // browser through the same code; unit and route tests cover the check at any cost.
          HUMAN_CHECK_BITS: '8',
          ...(spec.identityStub ? identityStub.env() : {}),
          ...(spec.postgresDatabase ? { DATABASE_URL: postgresUrlFor(spec.postgresDatabase) } : {}),
          ...spec.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.pipe(out);
      child.stderr?.pipe(out);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      running.push({ spec, child, logFile, exited });
      log(`${spec.name}: started pid ${child.pid} on ${serverUrl(spec.name)} (${spec.purpose})`);
    }

    await Promise.all(running.map(waitForStatus));
    log(`all ${running.length} servers ready`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
