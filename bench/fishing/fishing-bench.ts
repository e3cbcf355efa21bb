import { setTimeout as sleep } from 'node:timers/promises';
import { FISHING_TITLES, fishAliveAt, sceneOf } from '@lotus/games/fishing/index';
import { parseArgs } from '../lib/args.mjs';
import { runLoad } from '../lib/load.mjs';
import { fishingSessions, fundPlayers, type Player, registerPlayers } from '../lib/players.ts';
import { countersPerRequest, databaseCounters, recreateDatabase, serverSettings } from '../lib/postgres.mjs';
import { ceilingOf, readResult, round } from '../lib/results.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { startServer, stopOnExit } from '../lib/server.mjs';

/**
 * Fishing bench (issue 22, docs/fishing.md "Measured", docs/benchmarks.md "Fishing"): players made like real
 * ones (registration, CLI funding, launch of Ocean King + studio session) shoot through
 * `POST /originals/api/fishing/batches`. Two loads of the same length: `batched`, each request one second's
 * batch of BATCH_SHOTS shots (one vendor round: a debit, the shots resolved on their own nonces, a credit),
 * and `single`, each request a batch of one shot — what one round per shot would cost. The figure is shots
 * per second of each, beside the pgbench ceiling of the same run; their ratio is what batching buys.
 */

const options = parseArgs();
const DATABASE = 'lotus_bench_fishing';
const GAME = 'ocean-king';
/** Shots in a batch: a player firing 10 a second (the screen fires at most 5; 50 is the cap). */
const BATCH_SHOTS = 10;
const startedAt = new Date().toISOString();
const pgbench = ceilingOf(readResult('ceilings'), `ceilings.pgbench.c${options.connections}.tps`);
const figures: Record<string, unknown>[] = [];
const details: Record<string, unknown> = {
  connections: options.connections,
  durationS: options.duration,
  game: GAME,
  batchShots: BATCH_SHOTS,
  bulletMinor: '10',
};

type Scene = { seed: string; sceneMs: number };

/** The session's scene, and for each whole second of the run the fish alive through all of it. */
async function sceneOfSession(url: string, token: string, seconds: number) {
  const response = await fetch(`${url}/originals/api/fishing/scene`, {
    headers: { 'x-originals-session': token },
  });
  const body = (await response.json()) as { value?: Scene };
  if (!response.ok || !body.value) throw new Error(`scene: ${response.status} ${JSON.stringify(body)}`);
  const { seed, sceneMs } = body.value;
  const startedAt = Date.now() - sceneMs;
  const scene = sceneOf(FISHING_TITLES[GAME], seed);
  const alive: number[][] = [];
  const last = Math.floor(sceneMs / 1000) + seconds;
  for (let k = 0; k <= last; k += 1) {
    const end = new Set(fishAliveAt(scene, k * 1000 + 999).map((f) => f.id));
    alive.push(
      fishAliveAt(scene, k * 1000)
        .filter((f) => end.has(f.id))
        .map((f) => f.id),
    );
  }
  return { token, startedAt, alive };
}

await runBench('fishing', { quick: options.quick, startedAt, figures, details }, async (track) => {
  const databaseUrl = await recreateDatabase(DATABASE);
  const server = { ...(await startServer({ databaseUrl, label: 'fishing' })), databaseUrl };
  track(server);
  stopOnExit([server.child]);
  details.postgres = await serverSettings();
  const cpuPids = { server: server.pid };

  const setupStart = performance.now();
  const players: Player[] = await registerPlayers(server.url, options.connections);
  await fundPlayers(server.databaseUrl, players, '1000000');
  const tokens = await fishingSessions(server.url, players, GAME);
  // Both loads, the warm-up and some slack: scene seconds to prepare fish for.
  const seconds = 2 * options.duration + 30;
  const sessions = await Promise.all(tokens.map((token) => sceneOfSession(server.url, token, seconds)));
  details.setupSeconds = round((performance.now() - setupStart) / 1000);
  details.players = { count: players.length, funding: '₹1,000,000 each via `ops wallet:adjust`' };

  const load = async (shots: number, duration: number) =>
    runLoad({
      url: server.url,
      scenario: 'fishingBatch',
      data: { sessions, shots },
      connections: options.connections,
      duration,
      cpuPids,
    });
  // A new scene fills up over its first seconds (2.4 fish spawn a second): a second with no fish alive through
  // all of it would make every shot in it a refused `bet_invalid`. Wait until each session's scene is past
  // its last such second (shots are fired half a second back), at most 20 s.
  const readyAt = Math.max(
    ...sessions.map((session) => {
      const lastEmpty = session.alive.findLastIndex((list, k) => k < 20 && list.length === 0);
      return session.startedAt + (lastEmpty + 1) * 1000 + 500;
    }),
  );
  const wait = Math.min(20_000, Math.max(0, readyAt - Date.now()));
  details.waitedForFishMs = wait;
  await sleep(wait);
  await load(BATCH_SHOTS, 1);
  const results: Record<string, Awaited<ReturnType<typeof load>> & { dbPerRequest: unknown }> = {};
  for (const [name, shots] of [
    ['batched', BATCH_SHOTS],
    ['single', 1],
  ] as const) {
    const before = await databaseCounters(DATABASE);
    const result = await load(shots, options.duration);
    const dbPerRequest = countersPerRequest(before, await databaseCounters(DATABASE), result.requests);
    results[name] = { ...result, dbPerRequest };
    const failures = result.errors + result.timeouts + result.non2xx + result.bad;
    console.log(
      `fishing ${name}: ${result.rps} requests/s × ${shots} shots (p50 ${result.latencyMs.p50} ms); failures ${failures}`,
    );
  }
  const batched = results.batched;
  const single = results.single;
  if (!batched || !single) throw new Error('a load is missing');
  const batchedShots = round(batched.rps * BATCH_SHOTS);
  const singleShots = round(single.rps);
  const failures = (r: typeof batched) => r.errors + r.timeouts + r.non2xx + r.bad;
  figures.push(
    {
      id: 'fishing.batched.shotsPerSecond',
      label: `Fishing shots through one-second batches of ${BATCH_SHOTS} (one vendor round each), max shots/s (vs pgbench at ${options.connections} clients)`,
      value: batchedShots,
      unit: 'shots/s',
      ...(pgbench ? { ceiling: pgbench } : {}),
      note: `${batched.rps} batches/s, p50 ${batched.latencyMs.p50} ms, p99 ${batched.latencyMs.p99} ms`,
    },
    {
      id: 'fishing.single.shotsPerSecond',
      label: `Fishing shots as one vendor round each (batches of 1), max shots/s (vs pgbench at ${options.connections} clients)`,
      value: singleShots,
      unit: 'shots/s',
      ...(pgbench ? { ceiling: pgbench } : {}),
      note: `p50 ${single.latencyMs.p50} ms, p99 ${single.latencyMs.p99} ms`,
    },
    {
      id: 'fishing.batchGain',
      label: 'Shots/s batched ÷ shots/s one round per shot',
      value: singleShots > 0 ? round(batchedShots / singleShots) : 0,
      unit: '×',
    },
    {
      id: 'fishing.failures',
      label: 'Fishing batches: errors + timeouts + non-2xx + bad answers',
      value: failures(batched) + failures(single),
      unit: 'count',
      target: { text: '0', on: 'value', op: '<=', threshold: 0 },
    },
  );
  details.loads = results;
  if (!pgbench) details.warning = 'bench/results/ceilings.json missing or incomplete: no ratio';
});
