import { createOpsDeps, runOpsCommand } from '../../src/ops/commands.ts';
import type { OpsDeps } from '../../src/ops/ops-command.ts';
import { type Backend, createPreparedTestDatabase, type TestDatabase } from './test-database.ts';

export type OpsRun = { code: number; out: string; err: string };
export type OpsHarness = OpsDeps & {
  database: TestDatabase;
  /** Runs one CLI command as `npm run ops -- ...argv` would, capturing what it prints. */
  run(...argv: string[]): Promise<OpsRun>;
};

/** A fresh, migrated and seeded database with the CLI's services wired to it. */
export async function createOpsHarness(backend: Backend): Promise<OpsHarness> {
  const database = await createPreparedTestDatabase(backend);
  const deps = createOpsDeps(database.db);
  async function run(...argv: string[]): Promise<OpsRun> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOpsCommand(argv, deps, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  return { ...deps, database, run };
}
