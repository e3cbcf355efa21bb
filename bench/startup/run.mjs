#!/usr/bin/env node
// Start-up bench (issue 7 "Benchmarks" 6): the production server on the embedded database (PGlite).
//   cold: an empty DATA_DIR, so the start runs initdb + every migration + the demo seed;
//   warm: the same DATA_DIR again (migrations already applied, nothing to seed).
// For each: milliseconds from spawn to the first 200 of GET /wps/system/status, and the peak resident
// memory (VmHWM from /proc/<pid>/status, read up to readiness and over a short idle after it).
// Writes bench/results/startup.json. `--quick`: one cold and one warm start (CI smoke); otherwise 3 rounds.
// Needs `npm run build` (apps/server/dist/main.js).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from '../lib/args.mjs';
import { writeResult } from '../lib/results.mjs';
import { ensureBuild, freePort } from '../lib/server.mjs';
import { startServer } from './server-process.mjs';

const { quick } = parseArgs();
const ROUNDS = quick ? 1 : 3;
/** Idle time after readiness during which peak memory is still sampled (background work after listen). */
const SETTLE_MS = quick ? 500 : 2_000;

async function measureStart(dataDir, expectSeeded) {
  const server = await startServer({ dataDir, port: await freePort() });
  const readyMs = server.readyMs;
  const peakAtReadyKB = server.peakRssKB();
  const until = performance.now() + SETTLE_MS;
  while (performance.now() < until) {
    server.peakRssKB();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ready = server.databaseReady();
  const peakRssKB = server.peakRssKB();
  const exit = await server.stop();
  if (!ready) throw new Error('the server never logged `database ready`');
  if (ready.seeded !== expectSeeded) {
    throw new Error(`expected seeded=${expectSeeded} on this start, the server says seeded=${ready.seeded}`);
  }
  if (exit.code !== 0) throw new Error(`server did not stop cleanly (exit ${exit.code ?? exit.signal})`);
  return {
    readyMs: Math.round(readyMs),
    peakRssMB: peakRssKB === null ? null : Math.round(peakRssKB / 1024),
    peakRssAtReadyMB: peakAtReadyKB === null ? null : Math.round(peakAtReadyKB / 1024),
    migrationsApplied: ready.migrations?.length ?? null,
    seeded: ready.seeded,
    // Where the time went, as the server logs it: PGlite's initdb or open, the migrations, the seed.
    phasesMs: ready.phasesMs ?? null,
  };
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

function summarise(samples) {
  const phase = (name) => median(samples.map((s) => s.phasesMs?.[name] ?? null));
  return {
    readyMs: median(samples.map((s) => s.readyMs)),
    peakRssMB: median(samples.map((s) => s.peakRssMB)),
    phasesMs: { create: phase('create'), migrate: phase('migrate'), seed: phase('seed') },
    samples,
  };
}

/** Issue 15: a cold start on an empty embedded database within 4 s and 800 MB. */
const TARGETS = {
  cold: {
    readyMs: { text: '≤ 4,000 ms', on: 'value', op: '<=', threshold: 4_000 },
    peakRssMB: { text: '≤ 800 MB', on: 'value', op: '<=', threshold: 800 },
  },
};

const startedAt = new Date().toISOString();
const cold = [];
const warm = [];
const details = {
  method:
    'node apps/server/dist/main.js on PGlite in a fresh temp DATA_DIR (cold: initdb + migrations + seed) and ' +
    'again on the same DATA_DIR (warm); readiness = first 200 of GET /wps/system/status polled every 20 ms; ' +
    `peak memory = VmHWM of the server process, sampled up to readiness and ${SETTLE_MS} ms after it; ` +
    `median of ${ROUNDS} round(s).`,
};
let failed = false;
try {
  ensureBuild();
  for (let round = 0; round < ROUNDS; round += 1) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lotus-bench-startup-'));
    try {
      const coldRun = await measureStart(dataDir, true);
      const warmRun = await measureStart(dataDir, false);
      cold.push(coldRun);
      warm.push(warmRun);
      console.log(
        `startup round ${round + 1}/${ROUNDS}: cold ${coldRun.readyMs} ms, ${coldRun.peakRssMB} MB peak; ` +
          `warm ${warmRun.readyMs} ms, ${warmRun.peakRssMB} MB peak`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} catch (error) {
  failed = true;
  details.error = String(error?.stack ?? error);
  console.error(error);
}

details.cold = summarise(cold);
details.warm = summarise(warm);
const figures = [];
for (const [kind, label] of [
  ['cold', 'Cold start (empty embedded database: migrate + seed)'],
  ['warm', 'Warm start (same data folder)'],
]) {
  figures.push(
    {
      id: `startup.${kind}.readyMs`,
      label: `${label}, time to ready`,
      value: details[kind].readyMs,
      unit: 'ms',
      ...(TARGETS[kind] ? { target: TARGETS[kind].readyMs } : {}),
      note: `phases (ms): ${JSON.stringify(details[kind].phasesMs)}`,
    },
    {
      id: `startup.${kind}.peakRssMB`,
      label: `${label}, peak memory (VmHWM)`,
      value: details[kind].peakRssMB,
      unit: 'MB',
      ...(TARGETS[kind] ? { target: TARGETS[kind].peakRssMB } : {}),
    },
  );
}
const file = writeResult('startup', { quick, startedAt, figures, details });
console.log(
  `startup: cold ${details.cold.readyMs} ms / ${details.cold.peakRssMB} MB, warm ${details.warm.readyMs} ms / ` +
    `${details.warm.peakRssMB} MB → ${file}`,
);
if (failed) process.exitCode = 1;
