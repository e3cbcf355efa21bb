import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { postgresUrlFor } from './postgres-database.ts';
import { SERVER_SPECS } from './servers.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const run = promisify(execFile);

/** The `wallet` server's PostgreSQL database (servers.ts), which the operator CLI can reach while it runs. */
export const WALLET_DATABASE = SERVER_SPECS.find((spec) => spec.name === 'wallet')
  ?.postgresDatabase as string;

/**
 * Runs an operator CLI command (`npm run ops -- …`) on the `wallet` server's database while the server runs:
 * what the journeys use to approve, pay, grant or run a job the way an operator would. Its standard output.
 */
export async function walletOps(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: postgresUrlFor(WALLET_DATABASE), LOG_LEVEL: 'warn' },
  });
  return stdout;
}
