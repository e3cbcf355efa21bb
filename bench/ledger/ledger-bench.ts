// Ledger in process (issue 7 "Benchmarks" 3): journal entries per second through the server's own
// LedgerService.post at 1, 8 and 32 concurrent writers, on PostgreSQL (a scratch database
// `lotus_bench_ledger`, migrated and seeded by the server's own start sequence) and on PGlite (a temp data
// folder, as the embedded server keeps it). Target on PostgreSQL: ≥ 80% of pgbench TPS at the same client
// count, read from bench/results/ceilings.json (bench/ceilings); when that is absent this bench runs
// pgbench itself on a scratch database.
//
// Workloads (each writer has its own funded wallets; every post is one journal entry of two postings):
// - house: the bet path — writer's wallet → house, then house → wallet, over and over. Every entry locks
//   the one house account row, as every bet and payout of a brand does.
// - peer (PostgreSQL only): writer's wallet A → B, then B → A. No row shared between writers: the
//   ledger's own cost without the hot house row, to tell the two limits apart.
// After the runs the ledger invariants (apps/server/test/helpers/ledger-invariants.ts) must hold.
//
// Writes bench/results/ledger.json in bench/lib/results.mjs's format.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createDatabase,
  type DatabaseHandle,
  MEMORY_DATA_DIR,
} from '../../apps/server/src/db/create-database.ts';
import { prepareDatabase } from '../../apps/server/src/db/prepare-database.ts';
import { LedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import type { PostingTarget } from '../../apps/server/src/modules/ledger/ledger.ts';
import { ledgerViolations } from '../../apps/server/test/helpers/ledger-invariants.ts';
import { parseArgs } from '../lib/args.mjs';
import { cpuSample } from '../lib/cpu.mjs';
import { dropDatabase, recreateDatabase, runTool, sampleWaits, serverSettings } from '../lib/postgres.mjs';
import { ceilingOf, readResult, round, writeResult } from '../lib/results.mjs';

const WRITER_COUNTS = [1, 8, 32];
const PG_DATABASE = 'lotus_bench_ledger';
/** Only used when bench/results/ceilings.json has no pgbench figures. */
const PGBENCH_FALLBACK_DATABASE = 'lotus_bench_ledger_pgbench';
const FUNDING_MINOR = 10n ** 12n;
const AMOUNT_MINOR = 100n;

type Workload = 'house' | 'peer';
type Figure = Record<string, unknown>;
type Run = {
  database: 'postgres' | 'pglite';
  workload: Workload;
  writers: number;
  seconds: number;
  entries: number;
  entriesPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  errors: Record<string, number>;
  /** Cores used on average over the run (this process = Node + Kysely + PGlite; PostgreSQL; machine). */
  cores: Record<string, number | null>;
  /** What PostgreSQL's busy sessions waited on over the run (bench/lib/postgres.mjs `sampleWaits`). */
  dbWaits: unknown;
};

const options = parseArgs();
const quick: boolean = options.quick;
const durationS: number = options.duration;
const warmupS = quick ? 0.2 : 2;
const startedAt = new Date().toISOString();
const figures: Figure[] = [];
const details: Record<string, unknown> = {
  writerCounts: WRITER_COUNTS,
  durationS,
  warmupS,
  amountMinor: String(AMOUNT_MINOR),
  runs: [] as Run[],
};

type Fixture = { ledger: LedgerService; brandId: bigint; wallets: [bigint, bigint][] };

/** Two funded wallets per writer (member_vendor accounts of one demo member, as the concurrency test does). */
async function makeFixture(handle: DatabaseHandle, writers: number): Promise<Fixture> {
  const { db } = handle;
  const ledger = new LedgerService(db);
  const brandId = (await db.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const memberId = (
    await db
      .selectFrom('members')
      .select('id')
      .where('brand_id', '=', brandId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const currency = (
    await db.selectFrom('brands').select('currency').where('id', '=', brandId).executeTakeFirstOrThrow()
  ).currency;
  const wallets: [bigint, bigint][] = [];
  for (let writer = 0; writer < writers; writer += 1) {
    const pair: bigint[] = [];
    for (const side of ['A', 'B']) {
      const row = await db
        .insertInto('ledger_accounts')
        .values({
          brand_id: brandId,
          kind: 'member_vendor',
          member_id: memberId,
          vendor_code: `BENCH${writer}${side}`,
          currency,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ledger.post({
        brandId,
        idempotencyKey: `bench:fund:${row.id}`,
        kind: 'adjustment',
        memo: 'ledger bench funding',
        postings: [
          { system: 'house', amountMinor: -FUNDING_MINOR },
          { accountId: row.id, amountMinor: FUNDING_MINOR },
        ],
      });
      pair.push(row.id);
    }
    wallets.push([pair[0] as bigint, pair[1] as bigint]);
  }
  return { ledger, brandId, wallets };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

let runCounter = 0;

/** `writers` loops posting entries for warm-up + duration; counts the entries completed in the window. */
async function measure(
  fixture: Fixture,
  database: Run['database'],
  workload: Workload,
  writers: number,
): Promise<Run> {
  runCounter += 1;
  const run = `${Date.now().toString(36)}${runCounter}`;
  const start = performance.now();
  const windowStart = start + warmupS * 1000;
  const windowEnd = windowStart + durationS * 1000;
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let entries = 0;

  async function writer(index: number): Promise<void> {
    const [a, b] = fixture.wallets[index] as [bigint, bigint];
    // The house as the services name it: the brand's pool, each entry in its member account's slot.
    const other: PostingTarget = workload === 'house' ? { system: 'house' } : { accountId: b };
    const wallet: PostingTarget = { accountId: a };
    for (let n = 0; performance.now() < windowEnd; n += 1) {
      // Alternate directions so every wallet stays funded however long the run.
      const [from, to] = n % 2 === 0 ? [wallet, other] : [other, wallet];
      const began = performance.now();
      try {
        await fixture.ledger.post({
          brandId: fixture.brandId,
          idempotencyKey: `bench:${run}:${index}:${n}`,
          kind: workload === 'house' ? (n % 2 === 0 ? 'bet' : 'payout') : 'transfer',
          postings: [
            { ...from, amountMinor: -AMOUNT_MINOR },
            { ...to, amountMinor: AMOUNT_MINOR },
          ],
          createdBy: 'system',
        });
      } catch (error) {
        const code = String((error as { code?: unknown }).code ?? (error as Error).message ?? error);
        errors[code] = (errors[code] ?? 0) + 1;
        continue;
      }
      const done = performance.now();
      if (began >= windowStart && done <= windowEnd) {
        entries += 1;
        latencies.push(done - began);
      }
    }
  }

  const cpu = cpuSample({ bench: process.pid });
  const waits = database === 'postgres' ? await sampleWaits(PG_DATABASE) : null;
  await Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
  const { cores } = cpu.end();
  const dbWaits = (await waits?.stop()) ?? null;
  latencies.sort((x, y) => x - y);
  const result: Run = {
    database,
    workload,
    writers,
    seconds: durationS,
    entries,
    entriesPerSecond: round(entries / durationS, 1),
    latencyMs: {
      p50: round(percentile(latencies, 50), 2),
      p99: round(percentile(latencies, 99), 2),
      max: round(latencies.at(-1) ?? 0, 2),
    },
    errors,
    cores,
    dbWaits,
  };
  console.log(
    `ledger ${database} ${workload} ×${writers}: ${result.entriesPerSecond} entries/s, ` +
      `p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, cores ${JSON.stringify(cores)}${Object.keys(errors).length ? `, errors ${JSON.stringify(errors)}` : ''}`,
  );
  return result;
}

async function checkInvariants(handle: DatabaseHandle, database: string): Promise<void> {
  const violations = await ledgerViolations(handle.db);
  (details.invariants as Record<string, string[]>)[database] = violations;
  if (violations.length > 0)
    throw new Error(`ledger invariants broken on ${database}:\n${violations.join('\n')}`);
}
details.invariants = {};

/** pgbench TPS at each writer count: ceilings.json first, else measured here the same way. */
async function pgbenchCeilings(): Promise<Map<number, { id: string; value: number }>> {
  const ceilings = readResult('ceilings');
  const found = new Map<number, { id: string; value: number }>();
  for (const writers of WRITER_COUNTS) {
    const ceiling = ceilingOf(ceilings, `ceilings.pgbench.c${writers}.tps`);
    if (ceiling) found.set(writers, ceiling);
  }
  if (found.size === WRITER_COUNTS.length) {
    details.ceilingSource = 'bench/results/ceilings.json';
    return found;
  }
  // Same method as bench/ceilings: TPC-B-like, scale ≥ the largest client count, -j 2.
  const scale = quick ? 1 : Math.max(...WRITER_COUNTS);
  const url = await recreateDatabase(PGBENCH_FALLBACK_DATABASE);
  const runs = [];
  try {
    await runTool('pgbench', ['-i', '-q', '-s', String(scale), url]);
    for (const clients of WRITER_COUNTS) {
      const args = [
        '-c',
        String(clients),
        '-j',
        String(Math.min(2, clients)),
        '-T',
        String(durationS),
        '-n',
        url,
      ];
      const { stdout } = await runTool('pgbench', args);
      const tps = /tps = ([0-9.]+) \(without initial connection time\)/.exec(stdout);
      if (!tps) throw new Error(`cannot read pgbench output:\n${stdout}`);
      const id = `ledger.pgbench.c${clients}.tps`;
      found.set(clients, { id, value: Number(tps[1]) });
      runs.push({ clients, tps: Number(tps[1]), command: `pgbench ${args.slice(0, -1).join(' ')} <db>` });
      figures.push({
        id,
        label: `pgbench TPC-B-like, ${clients} client(s) (scale ${scale}; ceilings.json absent)`,
        value: Number(tps[1]),
        unit: 'tps',
      });
      console.log(`pgbench -c ${clients}: ${tps[1]} tps`);
    }
  } finally {
    await dropDatabase(PGBENCH_FALLBACK_DATABASE);
  }
  details.ceilingSource = `pgbench run by bench/ledger (scale ${scale})`;
  details.pgbench = runs;
  return found;
}

function addFigures(runs: Run[], ceilings: Map<number, { id: string; value: number }> | null): void {
  for (const run of runs) {
    const name = run.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const figure: Figure = {
      id: `ledger.${run.database}.${run.workload}.w${run.writers}.eps`,
      label: `Ledger post, ${name}, ${run.workload === 'house' ? 'wallet ↔ house' : 'wallet ↔ wallet'}, ${run.writers} writer${run.writers === 1 ? '' : 's'}`,
      value: run.entriesPerSecond,
      unit: 'entries/s',
    };
    const ceiling = run.database === 'postgres' ? ceilings?.get(run.writers) : undefined;
    if (ceiling) figure.ceiling = ceiling;
    // Issue 7's target is for PostgreSQL and the ledger as products use it (the house workload).
    if (ceiling && run.workload === 'house') {
      figure.target = { text: '≥ 80% of pgbench TPS', on: 'ratio', op: '>=', threshold: 0.8 };
    }
    if (run.database === 'postgres') {
      figure.note =
        `p99 ${run.latencyMs.p99} ms; cores used: bench process ${run.cores.bench}, PostgreSQL ${run.cores.postgres}, ` +
        `machine ${run.cores.machineBusy}` +
        (run.workload === 'house' && run.writers > 1 ? '; every entry locks the one house row' : '');
    }
    if (run.database === 'pglite') {
      figure.note =
        'PGlite has one connection: writers queue, so concurrency adds no throughput; ' +
        `p99 ${run.latencyMs.p99} ms; cores used by the process (Node + PGlite) ${run.cores.bench}`;
    }
    figures.push(figure);
  }
}

async function onPostgres(): Promise<Run[]> {
  const url = await recreateDatabase(PG_DATABASE);
  details.postgres = await serverSettings();
  const runs: Run[] = [];
  // One connection per writer at most: the writers, not the pool, set the concurrency.
  const handle = await createDatabase({
    databaseUrl: url,
    dataDir: MEMORY_DATA_DIR,
    poolSize: Math.max(...WRITER_COUNTS),
  });
  try {
    const prepareStart = performance.now();
    await prepareDatabase(handle.db);
    details.postgresPrepareSeconds = round((performance.now() - prepareStart) / 1000);
    const fixture = await makeFixture(handle, Math.max(...WRITER_COUNTS));
    for (const workload of ['house', 'peer'] as const) {
      for (const writers of WRITER_COUNTS) runs.push(await measure(fixture, 'postgres', workload, writers));
    }
    await checkInvariants(handle, 'postgres');
  } finally {
    await handle.close();
    await dropDatabase(PG_DATABASE);
  }
  return runs;
}

async function onPglite(): Promise<Run[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lotus-bench-ledger-'));
  const runs: Run[] = [];
  try {
    const handle = await createDatabase({ databaseUrl: null, dataDir });
    try {
      const prepareStart = performance.now();
      await prepareDatabase(handle.db);
      details.pglitePrepareSeconds = round((performance.now() - prepareStart) / 1000);
      const fixture = await makeFixture(handle, Math.max(...WRITER_COUNTS));
      for (const writers of WRITER_COUNTS) runs.push(await measure(fixture, 'pglite', 'house', writers));
      await checkInvariants(handle, 'pglite');
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return runs;
}

let failed = false;
try {
  const ceilings = await pgbenchCeilings();
  const pgRuns = await onPostgres();
  const pgliteRuns = await onPglite();
  (details.runs as Run[]).push(...pgRuns, ...pgliteRuns);
  addFigures([...pgRuns, ...pgliteRuns], ceilings);
} catch (error) {
  failed = true;
  details.error = String((error as Error)?.stack ?? error);
  console.error(error);
}
const file = writeResult('ledger', { quick, startedAt, figures, details });
console.log(`wrote ${file}`);
if (failed) process.exitCode = 1;
