import { parseArgs } from '../lib/args.mjs';
import { runLoad } from '../lib/load.mjs';
import { fundPlayers, lotterySessions, type Player, registerPlayers } from '../lib/players.ts';
import * as postgres from '../lib/postgres.mjs';
import { ceilingOf, readResult, round } from '../lib/results.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { startServer, stopOnExit } from '../lib/server.mjs';

/**
 * Lottery bench (issue 20, docs/benchmarks.md "Lottery"): the rush at the close of a popular draw. Players
 * made like real ones (registration, CLI funding, launch + lottery session) all bet on the same open draw of
 * the demo's one-minute Vietnamese fast game (`vn-fast-1`): each request is one bet slip of one to three lô
 * lines on numbers spread like players pick them (a few hot numbers, the rest uniform). A slip is the
 * engine's transaction (slip, lines, exposure) plus a protocol debit plus the placed mark — three
 * transactions. The load waits for a fresh betting window long enough for the whole run, so no slip meets a
 * closed draw. The figure is slips per second beside the pgbench ceiling of the same run.
 */

const { countersPerRequest, databaseCounters, recreateDatabase, sampleWaits, serverSettings } = postgres;
const options = parseArgs();
const details: Record<string, unknown> = {
  connections: options.connections,
  durationS: options.duration,
  game: 'vn-fast-1',
};
const GAME = 'vn-fast-1';
const DATABASE = 'lotus_bench_lottery';
const startedAt = new Date().toISOString();
const pgbench = ceilingOf(readResult('ceilings'), `ceilings.pgbench.c${options.connections}.tps`);
const figures: Record<string, unknown>[] = [];

type Draw = { drawId: string; closesAt: string; status: string };

async function openDraw(url: string): Promise<Draw> {
  const response = await fetch(`${url}/lotto/api/games/${GAME}?language=EN`);
  const body = (await response.json()) as { value?: { nextDraw?: Draw | null } };
  const draw = body.value?.nextDraw;
  if (!response.ok || !draw)
    throw new Error(`no draw of ${GAME}: ${response.status} ${JSON.stringify(body)}`);
  return draw;
}

/** The open draw whose window outlasts the run (the next one opens when the current one is drawn). */
async function drawForRun(url: string, seconds: number): Promise<Draw> {
  for (;;) {
    const draw = await openDraw(url);
    const left = Date.parse(draw.closesAt) - Date.now();
    if (draw.status === 'open' && left > (seconds + 3) * 1000) return draw;
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, Math.max(100, left + 200))));
  }
}

await runBench('lottery', { quick: options.quick, startedAt, figures, details }, async (track) => {
  // A one-minute game's window is 55 s: the run must fit in one.
  const duration = Math.min(options.duration, 40);
  const databaseUrl = await recreateDatabase(DATABASE);
  const server = { ...(await startServer({ databaseUrl, label: 'lottery' })), databaseUrl };
  track(server);
  stopOnExit([server.child]);
  details.postgres = await serverSettings();
  const cpuPids = { server: server.pid };

  const setupStart = performance.now();
  const players: Player[] = await registerPlayers(server.url, options.connections);
  await fundPlayers(server.databaseUrl, players, '1000000');
  const sessions = await lotterySessions(server.url, players, GAME);
  details.setupSeconds = round((performance.now() - setupStart) / 1000);
  details.players = { count: players.length, funding: '₹1,000,000 each via `ops wallet:adjust`' };

  const warm = await drawForRun(server.url, 2);
  await runLoad({
    url: server.url,
    scenario: 'lotterySlip',
    data: { sessions, drawId: warm.drawId },
    connections: options.connections,
    duration: 1,
  });
  const draw = await drawForRun(server.url, duration);
  details.draw = draw;
  const before = await databaseCounters(DATABASE);
  const waits = await sampleWaits(DATABASE);
  const load = await runLoad({
    url: server.url,
    scenario: 'lotterySlip',
    data: { sessions, drawId: draw.drawId },
    connections: options.connections,
    duration,
    cpuPids,
  });
  const dbWaits = await waits.stop();
  const dbPerRequest = countersPerRequest(before, await databaseCounters(DATABASE), load.requests);
  const failures = load.errors + load.timeouts + load.non2xx + load.bad;
  console.log(
    `lottery slips: ${load.rps} slips/s (p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms); failures ${failures}`,
  );
  if (dbWaits) console.log(`  database sessions wait on ${JSON.stringify(dbWaits.waits)}`);
  figures.push(
    {
      id: 'lottery.slips.perSecond',
      label: `Bet slips at the close of one popular draw (POST /lotto/api/slips, 1–3 lô lines), max slips/s (vs pgbench at ${options.connections} clients)`,
      value: load.rps,
      unit: 'slips/s',
      ...(pgbench ? { ceiling: pgbench } : {}),
      note: dbPerRequest
        ? `per slip: ${dbPerRequest.xact_commit} transactions, ${dbPerRequest.tup_inserted} rows inserted, ${dbPerRequest.tup_updated} updated`
        : '',
    },
    {
      id: 'lottery.slips.p50',
      label: 'Bet slip latency p50 at max load',
      value: load.latencyMs.p50,
      unit: 'ms',
    },
    {
      id: 'lottery.slips.p99',
      label: 'Bet slip latency p99 at max load',
      value: load.latencyMs.p99,
      unit: 'ms',
    },
    {
      id: 'lottery.slips.failures',
      label: 'Bet slips: errors + timeouts + non-2xx + bad answers',
      value: failures,
      unit: 'count',
      target: { text: '0', on: 'value', op: '<=', threshold: 0 },
    },
  );
  details.load = { ...load, dbPerRequest, dbWaits };
  if (!pgbench) details.warning = 'bench/results/ceilings.json missing or incomplete: no ratio';
});
