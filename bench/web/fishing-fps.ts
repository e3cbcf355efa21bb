import { chromium, type Page } from '@playwright/test';
import { parseArgs } from '../lib/args.mjs';
import * as postgres from '../lib/postgres.mjs';
import { round } from '../lib/results.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { startServer, stopOnExit } from '../lib/server.mjs';

/**
 * Fishing frame rate (issue 22, docs/fishing.md "Measured"): the production build on PostgreSQL, a free
 * trial of Ocean King opened in Debian's Chromium (the one the journeys use), the CPU throttled 4× through
 * the DevTools protocol (`Emulation.setCPUThrottlingRate`, Chromium's "mid-range phone" setting), a
 * 412 × 915 phone viewport at device pixel ratio 2, and the trigger held (bullets in flight, batches sent
 * every second, captures bursting) for the measured seconds. A requestAnimationFrame counter in the page
 * gives frames per second and the frames that took longer than 20 ms (a dropped frame at 60 Hz).
 *
 * `node bench/web/fishing-fps.mjs [--duration=10]`; writes bench/results/fishing-fps.json.
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
const DATABASE = 'lotus_bench_fishing_fps';
const RATE = 4;
const seconds = options.quick ? 3 : Math.max(10, options.duration);
const startedAt = new Date().toISOString();
const figures: Record<string, unknown>[] = [];
const details: Record<string, unknown> = { cpuThrottlingRate: RATE, seconds, viewport: '412×915 @2x' };

await runBench('fishing-fps', { quick: options.quick, startedAt, figures, details }, async (track) => {
  const databaseUrl = await postgres.recreateDatabase(DATABASE);
  const server = { ...(await startServer({ databaseUrl, label: 'fishing-fps' })), databaseUrl };
  track(server);
  stopOnExit([server.child]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2,
      hasTouch: true,
    });
    // The ceiling of the same run: an empty page's frame rate under the same throttle and viewport (what
    // this browser on this machine gives at best right now; the machine is shared).
    const blank = await context.newPage();
    await blank.setContent('<!doctype html><p>ceiling</p>');
    const blankCdp = await context.newCDPSession(blank);
    await blankCdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    const ceiling = await countFrames(blank, seconds);
    await blank.close();
    const ceilingFps = round((ceiling.frames * 1000) / ceiling.elapsedMs);
    details.ceiling = ceiling;
    const page = await context.newPage();
    await page.goto(`${server.url}/originals/play?trial=1&game=ocean-king&lang=EN`);
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
    const before = await metric();
    const measured = await countFrames(page, seconds);
    const after = await metric();
    const busy = round(((after.task - before.task) * 1000 * 100) / measured.elapsedMs);
    const script = round(((after.script - before.script) * 1000 * 100) / measured.elapsedMs);
    details.mainThread = { busyPercent: busy, scriptPercent: script };
    await page.keyboard.up('Space');
    const shots = await page.locator('[data-testid="fishing-shots"]').textContent();
    const fps = round((measured.frames * 1000) / measured.elapsedMs);
    console.log(
      `blank page at ${RATE}× CPU throttle: ${ceilingFps} frames/s; fishing: ${fps} frames/s over ${round(measured.elapsedMs / 1000)} s, ` +
        `${measured.slow} frames over 20 ms (worst ${round(measured.worstMs)} ms), ${shots} shots settled; ` +
        `main thread busy ${busy} % (script ${script} %), throttled time`,
    );
    details.measured = { ...measured, shotsSettled: Number(shots) };
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
        value: measured.slow,
        unit: 'count',
      },
    );
  } finally {
    await browser.close();
  }
});
