import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real entry points as processes: environment validation, start-up on an empty PGlite folder, the
 * single-process lock that keeps the operator CLI off a running server's PGlite, and graceful shutdown.
 */

const serverDir = path.resolve(import.meta.dirname, '..');
/**
 * tsx's loader inside the one process, not the `tsx` command: that one runs the script in a child and, on a
 * SIGTERM, gives the child 30 ms to say it has a handler before it SIGKILLs it and exits 143 (it did, on a
 * loaded CI machine, 2026-11-28), which is not what a server under `node dist/main.js` does.
 */
const tsxLoader = ['--import', 'tsx'];

type Exit = { code: number | null; stdout: string; stderr: string };

function start(
  script: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; exit: Promise<Exit> } {
  const child = spawn(process.execPath, [...tsxLoader, script, ...args], {
    cwd: serverDir,
    // Only what the process needs: no inherited DATABASE_URL or DATA_DIR can leak into the test.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<Exit>((resolve) => {
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, exit };
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffer);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${buffer}`)));
  });
}

describe('server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotus-data-'));

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a bad environment, listing every problem', async () => {
    const { exit } = start('src/main.ts', [], { PORT: 'abc', LOG_LEVEL: 'loud', TRUSTED_PROXIES: 'nope' });
    const result = await exit;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid environment (3 problem(s))');
    for (const variable of ['PORT', 'LOG_LEVEL', 'TRUSTED_PROXIES'])
      expect(result.stderr).toContain(`- ${variable}:`);
  });

  it('starts on an empty data folder, serves the API, locks PGlite against the CLI and stops on SIGTERM', async () => {
    const env = {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    };
    const server = start('src/main.ts', [], env);
    const baseUrl = await listeningUrl(server.child);

    const status = await fetch(`${baseUrl}/wps/system/status`);
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ success: true, value: { status: 0 } });
    const permission = (await (await fetch(`${baseUrl}/wps/system/whitelabel?url=localhost`)).json()) as {
      value: { site: { brand: string } };
    };
    expect(permission.value.site.brand).toBe('lotus');

    const cli = await start('src/ops/cli.ts', ['brand:get'], env).exit;
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('PGlite allows one process at a time');
    expect((await start('src/ops/cli.ts', ['help'], env).exit).code).toBe(0);

    server.child.kill('SIGTERM');
    const stopped = await server.exit;
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    // With the server gone the CLI opens the same folder and sees the seeded brand.
    const after = await start('src/ops/cli.ts', ['brand:get'], env).exit;
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout)).toMatchObject({ code: 'lotus', merchant: 'lotus-demo' });
    // Four tsx processes start in turn (each compiles the server on the fly): generous on a loaded 2-core box.
  }, 120_000);
});
