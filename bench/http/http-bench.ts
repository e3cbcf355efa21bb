import { parseArgs } from '../lib/args.mjs';
import { runLoad } from '../lib/load.mjs';
import {
  fundPlayers,
  inhouseGame,
  loginBodies,
  type Player,
  registerPlayers,
  vendorSecret,
  vendorSessions,
} from '../lib/players.ts';
import {
  countersPerRequest,
  databaseCounters,
  recreateDatabase,
  sampleWaits,
  serverSettings,
} from '../lib/postgres.mjs';
import { ceilingOf, readResult, round } from '../lib/results.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { startServer, stopOnExit } from '../lib/server.mjs';

/**
 * HTTP bench (issue 7, Benchmarks 2): autocannon against the production build (`node
 * apps/server/dist/main.js`) on PostgreSQL, in a database `lotus_bench` re-created for the run and migrated
 * and seeded by the server's own start-up. Four loads: balance read, game list, a vendor debit+credit round
 * over the signed seamless-wallet protocol, and username login. Each runs twice: as fast as it goes (the
 * maximum), then at half that rate (autocannon overallRate) for the latency target. Ratios use the
 * ceilings of the same run (bench/results/ceilings.json: run bench/ceilings first).
 */

const options = parseArgs();
const startedAt = new Date().toISOString();
const DATABASE = 'lotus_bench';
const P99_TARGET_MS = 25;
/** A stake that the credit pays straight back: the balance stays level however long the load runs. */
const STAKE_MINOR = '100';
const LOGIN_CONNECTIONS = 4;

/**
 * PostgreSQL 15 publishes a backend's activity counters at most once a second while busy and up to 10 s
 * after it goes idle: waiting that long around a load attributes its work to it (quick runs wait less).
 */
const settleStats = () => new Promise((resolve) => setTimeout(resolve, options.quick ? 1_500 : 11_000));

type Load = Awaited<ReturnType<typeof runLoad>> & {
  dbPerRequest?: Record<string, number> | null;
  dbWaits?: Awaited<ReturnType<Awaited<ReturnType<typeof sampleWaits>>['stop']>>;
};

/** What one request cost PostgreSQL at the maximum (pg_stat_database deltas ÷ requests), for the notes. */
function dbNote(load: Load): string {
  const work = load.dbPerRequest;
  if (!work) return '';
  return (
    `per request: ${work.xact_commit} transactions, ${work.tup_updated} rows updated, ` +
    `${work.tup_inserted} inserted, ${work.tup_fetched} fetched`
  );
}
type Figure = Record<string, unknown>;

const ceilings = readResult('ceilings');
const hello = ceilingOf(ceilings, 'ceilings.hello.rps');
const pgbenchId = `ceilings.pgbench.c${options.connections}.tps`;
const pgbench = ceilingOf(ceilings, pgbenchId);
const figures: Figure[] = [];
const details: Record<string, unknown> = {
  connections: options.connections,
  durationS: options.duration,
  ceilingsFrom: ceilings ? { startedAt: ceilings.startedAt, quick: ceilings.quick } : null,
};

function failuresOf(...loads: Load[]): number {
  return loads.reduce((sum, load) => sum + load.errors + load.timeouts + load.non2xx + load.bad, 0);
}

/**
 * The maximum (as many requests as `connections` keep in flight), then half of it as a fixed rate. The
 * maximum phase follows a one-second warm-up that is not measured (JIT, pool connections).
 */
async function maxThenHalf(
  name: string,
  url: string,
  data: unknown,
  cpuPids: Record<string, number>,
  warmUp = true,
): Promise<{ max: Load; half: Load }> {
  const base = { url, scenario: name, data, connections: options.connections };
  if (warmUp) await runLoad({ ...base, duration: 1 });
  await settleStats();
  const before = await databaseCounters(DATABASE);
  const waits = await sampleWaits(DATABASE);
  const measured = await runLoad({ ...base, duration: options.duration, cpuPids });
  const dbWaits = await waits.stop();
  await settleStats();
  const max = {
    ...measured,
    dbPerRequest: countersPerRequest(before, await databaseCounters(DATABASE), measured.requests),
    dbWaits,
  };
  const half = await runLoad({
    ...base,
    duration: options.duration,
    overallRate: Math.max(1, Math.floor(max.rps / 2)),
    cpuPids,
  });
  return { max, half };
}

function report(name: string, loads: { max: Load; half: Load }) {
  const { max, half } = loads;
  console.log(
    `${name}: max ${max.rps} req/s (p50 ${max.latencyMs.p50} ms, p99 ${max.latencyMs.p99} ms, max ${max.latencyMs.max} ms); ` +
      `at ${half.overallRate} req/s p99 ${half.latencyMs.p99} ms; failures ${failuresOf(max, half)}` +
      ` (non-2xx ${max.non2xx + half.non2xx}, errors ${max.errors + half.errors}, timeouts ${max.timeouts + half.timeouts}, bad answers ${max.bad + half.bad})`,
  );
  if (max.dbPerRequest) console.log(`  database ${dbNote(max)}`);
  if (max.dbWaits) console.log(`  database sessions wait on ${JSON.stringify(max.dbWaits.waits)}`);
  const top = max.dbWaits?.topStatements;
  if (top?.available) {
    for (const statement of top.statements.slice(0, 4)) {
      console.log(
        `  ${statement.totalMs} ms in ${statement.calls} × (${statement.meanMs} ms) ${statement.query.slice(0, 90)}`,
      );
    }
  }
}

/** The rows every load shares: latency at the maximum, p99 at half of it, failures. */
function commonFigures(id: string, label: string, loads: { max: Load; half: Load }): Figure[] {
  const { max, half } = loads;
  return [
    {
      id: `http.${id}.p50`,
      label: `${label}: latency p50 at max load`,
      value: max.latencyMs.p50,
      unit: 'ms',
    },
    {
      id: `http.${id}.p99`,
      label: `${label}: latency p99 at max load`,
      value: max.latencyMs.p99,
      unit: 'ms',
    },
    {
      id: `http.${id}.max`,
      label: `${label}: latency max at max load`,
      value: max.latencyMs.max,
      unit: 'ms',
    },
    {
      id: `http.${id}.p99Half`,
      label: `${label}: latency p99 at half of max (${half.overallRate} req/s)`,
      value: half.latencyMs.p99,
      unit: 'ms',
      target: { text: `≤ ${P99_TARGET_MS} ms`, on: 'value', op: '<=', threshold: P99_TARGET_MS },
    },
    {
      id: `http.${id}.failures`,
      label: `${label}: errors + timeouts + non-2xx + bad answers (both phases)`,
      value: failuresOf(max, half),
      unit: 'count',
      target: { text: '0', on: 'value', op: '<=', threshold: 0 },
      note:
        `non-2xx ${max.non2xx + half.non2xx}, errors ${max.errors + half.errors}, ` +
        `timeouts ${max.timeouts + half.timeouts}, bad answers ${max.bad + half.bad}`,
    },
  ];
}

await runBench('http', { quick: options.quick, startedAt, figures, details }, async (track) => {
  const databaseUrl = await recreateDatabase(DATABASE);
  const server = { ...(await startServer({ databaseUrl, label: 'http' })), databaseUrl };
  track(server);
  stopOnExit([server.child]);
  details.postgres = await serverSettings();
  details.server = {
    command: 'node apps/server/dist/main.js',
    database: `PostgreSQL, database ${DATABASE} (re-created, migrated and seeded by the server's start-up)`,
    env:
      'NODE_ENV=production RATE_LIMIT_MAX=1000000000 TRUSTED_PROXIES=127.0.0.1 LOG_LEVEL=' +
      (process.env.BENCH_LOG_LEVEL || 'info'),
    readyMs: server.readyMs,
  };
  const cpuPids = { server: server.pid };

  // Players: one per connection, so no two connections share a session row or a wallet.
  const setupStart = performance.now();
  const players: Player[] = await registerPlayers(server.url, options.connections);
  await fundPlayers(server.databaseUrl, players, '1000000');
  const game = await inhouseGame(server.url);
  const secret = await vendorSecret(server.databaseUrl);
  const sessions = await vendorSessions(server.url, secret, players, game.nodeId);
  details.setupSeconds = round((performance.now() - setupStart) / 1000);
  details.players = { count: players.length, funding: '₹1,000,000 each via `ops wallet:adjust`', game };

  // Balance read.
  const balance = await maxThenHalf(
    'balance',
    server.url,
    { tokens: players.map((player) => player.token) },
    cpuPids,
  );
  report('balance read', balance);
  figures.push(
    {
      id: 'http.balance.rps',
      label: 'Balance read (GET /wps/v2/wallets/balance), max req/s',
      value: balance.max.rps,
      unit: 'req/s',
      ...(hello ? { ceiling: hello } : {}),
      target: { text: '≥ 40% of hello-world', on: 'ratio', op: '>=', threshold: 0.4 },
      note: dbNote(balance.max),
    },
    ...commonFigures('balance', 'Balance read', balance),
  );

  // Game list.
  const gameList = await maxThenHalf('gameList', server.url, {}, cpuPids);
  report('game list', gameList);
  figures.push(
    {
      id: 'http.gameList.rps',
      label: 'Game list (POST /wps/relay/GCSGAME_gameList), max req/s',
      value: gameList.max.rps,
      unit: 'req/s',
      ...(hello ? { ceiling: hello } : {}),
      target: { text: '≥ 25% of hello-world (issue 15)', on: 'ratio', op: '>=', threshold: 0.25 },
      note: dbNote(gameList.max),
    },
    ...commonFigures('gameList', 'Game list', gameList),
  );

  // Vendor round: debit then credit on one connection; two requests a round.
  const vendor = await maxThenHalf(
    'vendorRound',
    server.url,
    { vendorCode: 'LOTUS', secret, players: sessions, gameCode: game.gameCode, amountMinor: STAKE_MINOR },
    cpuPids,
  );
  report('vendor round (2 requests each)', vendor);
  figures.push(
    {
      // Issue 15's figure: vendor calls (each debit or credit is one call and one transaction) per second.
      id: 'http.vendorRound.callsPerSecond',
      label: `Vendor calls over HTTP (debit, credit), max calls/s (vs pgbench at ${options.connections} clients)`,
      value: vendor.max.rps,
      unit: 'calls/s',
      ...(pgbench ? { ceiling: pgbench } : {}),
      target: { text: '≥ 50% of pgbench TPS (issue 15)', on: 'ratio', op: '>=', threshold: 0.5 },
      note: dbNote(vendor.max),
    },
    {
      id: 'http.vendorRound.roundsPerSecond',
      label: 'Vendor debit+credit rounds over HTTP, max rounds/s (half the calls)',
      value: round(vendor.max.rps / 2, 1),
      unit: 'rounds/s',
    },
    ...commonFigures('vendorRound', 'Vendor round, per request', vendor),
  );

  // Login: every request spends its own human-check challenge, so the bodies are made first, sized from a
  // short probe of the login rate. A login is deliberately slow (scrypt N=2^17 on libuv's pool of 4
  // threads), so it runs at 4 connections: more would only queue for those threads.
  const loginConnections = Math.min(options.connections, LOGIN_CONNECTIONS);
  const loginLoad = async (amount: number, extra: Record<string, unknown> = {}) =>
    runLoad({
      url: server.url,
      scenario: 'login',
      data: { bodies: await loginBodies(server.url, players, amount + loginConnections * 2) },
      connections: loginConnections,
      duration: options.duration,
      amount,
      ...extra,
    });
  const probe = await loginLoad(loginConnections * 2);
  const loginRate = Math.max(1, probe.rps);
  const loginMax = await loginLoad(Math.max(loginConnections * 2, Math.ceil(loginRate * options.duration)), {
    cpuPids,
  });
  const halfRate = Math.max(1, Math.floor(loginMax.rps / 2));
  const loginHalf = await loginLoad(Math.max(2, Math.ceil(halfRate * options.duration)), {
    overallRate: halfRate,
    cpuPids,
  });
  const login = { max: loginMax, half: loginHalf };
  report('login', login);
  details.loginProbe = probe;
  figures.push(
    {
      id: 'http.login.rps',
      label: `Username login (POST /wps/session/login, sealed, human check, scrypt), max req/s at ${loginConnections} connections`,
      value: loginMax.rps,
      unit: 'req/s',
      ...(hello ? { ceiling: hello } : {}),
      note: 'each login is one scrypt (N=2^17, r=8) on the libuv pool: bound by CPU by design',
    },
    ...commonFigures('login', 'Login', login),
  );

  details.loads = { balance, gameList, vendorRound: vendor, login };
  if (!hello || !pgbench) details.warning = 'bench/results/ceilings.json missing or incomplete: no ratios';
});
