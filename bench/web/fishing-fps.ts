import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { parseArgs } from '../lib/args.mjs';
import * as postgres from '../lib/postgres.mjs';
import { round } from '../lib/results.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { startServer, stopOnExit } from '../lib/server.mjs';
import { type CpuProfile, profileShares, type Share, traceShares } from './fishing-trace.ts';

/**
 * Fishing frame rate (issue 22, docs/fishing.md "Measured"): the production build on PostgreSQL, a free
 * trial of Ocean King opened in Debian's Chromium (the one the journeys use), the CPU throttled 4× through
 * the DevTools protocol (`Emulation.setCPUThrottlingRate`, Chromium's "mid-range phone" setting), a
 * 412 × 915 phone viewport at device pixel ratio 2, and the trigger held (bullets in flight, batches sent
 * every second, captures bursting) for the measured seconds. A requestAnimationFrame counter in the page
 * gives frames per second and the frames that took longer than 20 ms (a dropped frame at 60 Hz).
 *
 * `node bench/web/fishing-fps.mjs [--duration=10] [--rounds=3] [--before=<dir>] [--trace]`
 * - `--before=<dir>`: another web build (a copy of apps/web/dist made before a change) served by a second
 *   server on the same database (WEB_DIST_DIR); each round measures the empty page, that build and this one
 *   one after the other, so before and after share the machine's moment (the machine is shared).
 * - `--rounds=<n>`: rounds of those measurements (default 1), the builds taking turns to go first; the
 *   figures are the medians.
 * - `--trace`: in the first round, a Chromium trace and a V8 CPU profile of each build's seconds, summed
 *   by event and by function (fishing-trace.ts), printed and kept in the result's details.
 * Writes bench/results/fishing-fps.json.
 */

/** Frames the page paints in `seconds`, counted by requestAnimationFrame. */
async function countFrames(page: Page, seconds: number) {
  // A string, not a function: tsx's transform would name the page's closures with a helper the page lacks.
  return (await page.evaluate(`new Promise((resolve) => {
      let frames = 0;
      let slow = 0;
      let worst = 0;
      const start = performance.now();
      let last = start;
      const tick = (now) => {
        const gap = now - last;
        last = now;
        frames += 1;
        if (gap > 20) slow += 1;
        if (gap > worst) worst = gap;
        if (now - start < ${seconds * 1000}) requestAnimationFrame(tick);
        else resolve({ frames, slow, worstMs: worst, elapsedMs: now - start });
      };
      requestAnimationFrame(tick);
    })`)) as { frames: number; slow: number; worstMs: number; elapsedMs: number };
}

const options = parseArgs();
const flag = (name: string) =>
  options.rest.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const value = (name: string) => flag(name)?.split('=').slice(1).join('=') || null;
const DATABASE = 'lotus_bench_fishing_fps';
const RATE = 4;
const seconds = options.quick ? 3 : Math.max(10, options.duration);
const rounds = Math.max(1, Number(value('rounds') ?? 1));
const before = value('before');
const tracing = Boolean(flag('trace'));
if (before && !existsSync(path.join(before, 'index.html')))
  throw new Error(`--before: no index.html in ${before}`);
const startedAt = new Date().toISOString();
const figures: Record<string, unknown>[] = [];
const details: Record<string, unknown> = {
  cpuThrottlingRate: RATE,
  seconds,
  rounds,
  viewport: '412×915 @2x',
  before,
};

type Run = {
  fps: number;
  frames: number;
  slow: number;
  worstMs: number;
  busyPercent: number;
  scriptPercent: number;
  shotsSettled: number;
  trace?: { cpuMsPerFrame: number; events: Share[]; functions: Share[] };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** An empty page's frame rate under the same throttle and viewport: this browser's best right now. */
async function ceiling(context: BrowserContext) {
  const blank = await context.newPage();
  await blank.setContent('<!doctype html><p>ceiling</p>');
  const cdp = await context.newCDPSession(blank);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const counted = await countFrames(blank, seconds);
  await blank.close();
  return round((counted.frames * 1000) / counted.elapsedMs);
}

/** One build's fishing screen, trigger held, for `seconds` (traced when asked). */
async function measure(browser: Browser, context: BrowserContext, url: string, trace: boolean): Promise<Run> {
  const page = await context.newPage();
  await page.goto(`${url}/originals/play?trial=1&game=ocean-king&lang=EN`);
  await page.locator('[data-testid="fishing-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  // A second to settle under the throttle, then hold the trigger and count frames.
  await page.waitForTimeout(1000);
  await page.locator('[data-testid="fishing-canvas"]').focus();
  await page.keyboard.down('Space');
  // The main thread's own busy time over the same seconds (DevTools' Performance metrics): what the page
  // costs, apart from the frames the shared machine did not give it.
  await cdp.send('Performance.enable');
  const metric = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { task: of('TaskDuration'), script: of('ScriptDuration') };
  };
  if (trace) {
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'gpu', 'v8'],
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const start = await metric();
  const counted = await countFrames(page, seconds);
  const end = await metric();
  let traced: Run['trace'];
  if (trace) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const json = (await browser.stopTracing()).toString('utf8');
    if (process.env.FISHING_TRACE_DIR) {
      const file = path.join(process.env.FISHING_TRACE_DIR, `fishing-${url.split(':').pop()}.json`);
      writeFileSync(file, json);
      console.log(`    trace: ${file}`);
    }
    const { shares, cpuMsPerFrame } = traceShares(json);
    traced = { cpuMsPerFrame, events: shares, functions: profileShares(profile) };
  }
  await page.keyboard.up('Space');
  const shots = await page.locator('[data-testid="fishing-shots"]').textContent();
  await page.close();
  return {
    fps: round((counted.frames * 1000) / counted.elapsedMs),
    frames: counted.frames,
    slow: counted.slow,
    worstMs: round(counted.worstMs),
    busyPercent: round(((end.task - start.task) * 1000 * 100) / counted.elapsedMs),
    scriptPercent: round(((end.script - start.script) * 1000 * 100) / counted.elapsedMs),
    shotsSettled: Number(shots),
    ...(traced ? { trace: traced } : {}),
  };
}

function print(label: string, run: Run) {
  console.log(
    `  ${label}: ${run.fps} frames/s, ${run.slow} frames over 20 ms (worst ${run.worstMs} ms), ` +
      `${run.shotsSettled} shots settled; main thread busy ${run.busyPercent} % (script ${run.scriptPercent} %)`,
  );
  if (!run.trace) return;
  console.log(
    `    main thread CPU per frame: ${run.trace.cpuMsPerFrame} ms (traced, with the profiler running)`,
  );
  console.log(
    `    main thread, self CPU ms per s: ${run.trace.events.map((s) => `${s.name} ${s.msPerSecond}`).join(', ')}`,
  );
  console.log(
    `    script, self ms per s: ${run.trace.functions.map((s) => `${s.name} ${s.msPerSecond}`).join(', ')}`,
  );
}

await runBench('fishing-fps', { quick: options.quick, startedAt, figures, details }, async (track) => {
  const databaseUrl = await postgres.recreateDatabase(DATABASE);
  const server = await startServer({ databaseUrl, label: 'fishing-fps' });
  track(server);
  // The build before the change, on the same database (migrated and seeded by the first server already).
  const old = before
    ? await startServer({
        databaseUrl,
        label: 'fishing-fps-before',
        env: { WEB_DIST_DIR: path.resolve(before) },
      })
    : null;
  stopOnExit(old ? [server.child, old.child] : [server.child]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const ceilings: number[] = [];
  const afterRuns: Run[] = [];
  const beforeRuns: Run[] = [];
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2,
      hasTouch: true,
    });
    for (let r = 0; r < rounds; r += 1) {
      console.log(`round ${r + 1} of ${rounds}`);
      ceilings.push(await ceiling(context));
      console.log(`  blank page at ${RATE}× CPU throttle: ${ceilings[r]} frames/s`);
      // The two builds take turns going first: the second page of a round meets a browser that has just
      // closed the first (measured: without turns the second was slower in most rounds, whichever it was).
      const order = old && r % 2 === 1 ? ['after', 'before'] : ['before', 'after'];
      for (const which of order) {
        if (which === 'before' && old) {
          const run = await measure(browser, context, old.url, tracing && r === 0);
          beforeRuns.push(run);
          print('before', run);
        } else if (which === 'after') {
          const run = await measure(browser, context, server.url, tracing && r === 0);
          afterRuns.push(run);
          print(old ? 'this build' : 'fishing', run);
        }
      }
    }
  } finally {
    await browser.close();
    await old?.stop();
  }
  details.ceilings = ceilings;
  details.runs = afterRuns;
  if (old) details.beforeRuns = beforeRuns;
  const ceilingFps = round(median(ceilings));
  const fps = round(median(afterRuns.map((run) => run.fps)));
  const busy = round(median(afterRuns.map((run) => run.busyPercent)));
  const script = round(median(afterRuns.map((run) => run.scriptPercent)));
  console.log(`medians of ${rounds}: blank page ${ceilingFps}, this build ${fps} frames/s, busy ${busy} %`);
  figures.push(
    {
      id: 'fishing.fps.throttled4x',
      label: `Fishing screen frames per second at ${RATE}× CPU throttle, trigger held (412×915 @2x)`,
      value: fps,
      unit: 'frames/s',
      ceiling: { id: 'blank-page.fps.throttled4x', value: ceilingFps, unit: 'frames/s' },
      target: { text: '≥ 55', on: 'value', op: '>=', threshold: 55 },
    },
    {
      id: 'fishing.fps.mainThreadBusy',
      label: `Fishing screen: main thread busy at ${RATE}× CPU throttle (DevTools TaskDuration ÷ wall time)`,
      value: busy,
      unit: '%',
      note: `script ${script} %`,
    },
    {
      id: 'fishing.fps.slowFrames',
      label: 'Frames that took over 20 ms (dropped at 60 Hz)',
      value: median(afterRuns.map((run) => run.slow)),
      unit: 'count',
    },
  );
  if (old) {
    figures.push({
      id: 'fishing.fps.before',
      label: `The --before build's fishing frames per second in the same run (${path.basename(before ?? '')})`,
      value: round(median(beforeRuns.map((run) => run.fps))),
      unit: 'frames/s',
      ceiling: { id: 'blank-page.fps.throttled4x', value: ceilingFps, unit: 'frames/s' },
      note: `main thread busy ${round(median(beforeRuns.map((run) => run.busyPercent)))} %`,
    });
  }
});
