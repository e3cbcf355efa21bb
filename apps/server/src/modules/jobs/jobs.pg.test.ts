import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import {
  connectAgain,
  createPreparedTestDatabase,
  type TestDatabase,
} from '../../../test/helpers/test-database.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { manualClock } from '../../lib/clock.ts';
import type { JobSpec } from './jobs-api.ts';
import { createJobsModule } from './jobs-module.ts';

/**
 * Two server processes on one PostgreSQL (each its own pool): every due run happens once. PGlite has one
 * process by construction (jobs.test.ts covers it).
 */

const JOBS = 50;
const POOL = 8;
const silent = pino({ level: 'silent' });

usePostgresConnections(24);

describe('job queue across processes [postgres]', () => {
  let database: TestDatabase;
  const processes: DatabaseHandle[] = [];
  const clock = manualClock(new Date('2030-01-01T00:00:00Z'));

  beforeAll(async () => {
    database = await createPreparedTestDatabase('postgres');
    processes.push(await connectAgain(database, POOL), await connectAgain(database, POOL));
  }, 60_000);
  afterAll(async () => {
    for (const handle of processes) await handle.close();
    await database?.close();
  });

  it(`runs each of ${JOBS} due jobs and the due sweep once with two schedulers racing`, async () => {
    const runs = new Map<string, string[]>();
    // Each process's first one-off job waits (inside its lease) until the other process holds one too: a
    // held job must not stop the other process claiming the next. Waiting on that state, not on time, keeps
    // a loaded machine from letting one process drain the queue alone (the bound only stops a hang).
    const holding = new Set<string>();
    let bothHold = () => {};
    const both = new Promise<void>((resolve) => {
      bothHold = resolve;
    });
    const record = (worker: string) => async (key: string) => {
      if (key.startsWith('job ')) {
        holding.add(worker);
        if (holding.size === 2) bothHold();
        await Promise.race([both, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      }
      runs.set(key, [...(runs.get(key) ?? []), worker]);
    };
    const schedulers = processes.map((handle, index) => {
      const run = record(`p${index}`);
      const specs: JobSpec[] = [
        { name: 'race.sweep', everyMs: 60_000, run: () => run('sweep') },
        { name: 'race.job', run: (c) => run(`job ${(c.payload as { n: number }).n}`) },
      ];
      const jobs = createJobsModule({ db: handle.db, clock, log: silent, worker: `p${index}` });
      return { api: jobs.api, runner: jobs.runnerFor(specs) };
    });
    const [first] = schedulers;
    if (!first) throw new Error('no scheduler');
    // The sweep's row exists (first registration) and is due again; 50 one-off jobs are due at once.
    await first.runner.runDue();
    runs.clear();
    clock.advance(60_000);
    for (let n = 0; n < JOBS; n += 1) {
      await first.api.enqueue(database.db, { name: 'race.job', payload: { n } });
    }

    // Each process makes passes until a pass finds nothing, the two at the same time.
    const drain = async (runner: (typeof schedulers)[number]['runner']) => {
      for (;;) {
        const report = await runner.runDue();
        if (report.ran.length === 0 && report.failed.length === 0) return;
      }
    };
    await Promise.all(schedulers.flatMap(({ runner }) => [drain(runner), drain(runner)]));

    expect(runs.size).toBe(JOBS + 1);
    for (const [key, workers] of runs) expect(workers, key).toHaveLength(1);
    const done = await database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('name', '=', 'race.job')
      .where('status', '=', 'done')
      .where('attempts', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(done.count)).toBe(JOBS);
    // Both processes took part (the claim spreads the work rather than serialising it).
    const byWorker = new Set([...runs.values()].flat());
    expect(byWorker.size).toBe(2);
  });
});
