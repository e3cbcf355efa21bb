// Vendor round A/B for the betting aggregates (issue 18, docs/decisions.md "Agent economy (issue 18)"):
// the http bench's vendor round load (signed debit + closing credit, two calls a round) against the
// production build on PostgreSQL, alternating
//   A: migration 0024's aggregate trigger on game_rounds disabled and its settled_at index dropped (the
//      round path as it was before issue 18), and
//   B: both in place (what ships),
// A B B A A B B A (balanced, so a drift of the machine's load over the run weighs on both arms alike) on the
// same server, database and players, each at the maximum for --duration seconds after a one-second warm-up.
// Figures: calls/s of each arm (median of its runs) and B ÷ A; and, because the machine is shared and the
// CPU the server and PostgreSQL get moves from run to run, calls per core-second they used (calls/s ÷
// their cores, the CPU cost of a call) and its B ÷ A. Read the ratios, not the absolute figures.
//
// Writes bench/results/agents-round-ab.json. `node bench/agents/round-ab.mjs [--quick] [--duration=<s>]`.
import { parseArgs } from '../lib/args.mjs';
import { runLoad } from '../lib/load.mjs';
import { fundPlayers, inhouseGame, registerPlayers, vendorSecret, vendorSessions } from '../lib/players.ts';
import { queryOnce, recreateDatabase, serverSettings } from '../lib/postgres.mjs';
import { round, writeResult } from '../lib/results.mjs';
import { cleanLogs, startServer, stopOnExit } from '../lib/server.mjs';

const options = parseArgs();
const startedAt = new Date().toISOString();
const DATABASE = 'lotus_bench_round_ab';
const PAIRS = options.quick ? 1 : 4;
const MICRO = options.quick ? 500 : 10_000;
const details: Record<string, unknown> = {
  connections: options.connections,
  durationS: options.duration,
  pairs: PAIRS,
};

const ARMS = {
  A: [
    'alter table game_rounds disable trigger member_betting_settled',
    'drop index if exists game_rounds_settled_at',
  ],
  B: [
    'alter table game_rounds enable trigger member_betting_settled',
    "create index if not exists game_rounds_settled_at on game_rounds (settled_at) where status = 'settled'",
  ],
} as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

let failed = false;
let server: Awaited<ReturnType<typeof startServer>> | null = null;
try {
  const databaseUrl = await recreateDatabase(DATABASE);
  server = await startServer({ databaseUrl, label: 'round-ab' });
  stopOnExit([server.child]);
  details.postgres = await serverSettings();
  const players = await registerPlayers(server.url, options.connections);
  await fundPlayers(databaseUrl, players, '1000000');
  const game = await inhouseGame(server.url);
  const secret = await vendorSecret(databaseUrl);
  const sessions = await vendorSessions(server.url, secret, players, game.nodeId);
  const data = {
    vendorCode: 'LOTUS',
    secret,
    players: sessions,
    gameCode: game.gameCode,
    amountMinor: '100',
  };
  const base = { url: server.url, scenario: 'vendorRound', data, connections: options.connections };
  const runs: {
    arm: 'A' | 'B';
    rps: number;
    perCore: number;
    p99: number;
    failures: number;
    cpu: { cores?: Record<string, number> } | null;
  }[] = [];
  for (let pair = 0; pair < PAIRS; pair += 1) {
    for (const arm of pair % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      for (const statement of ARMS[arm]) await queryOnce(databaseUrl, statement);
      await runLoad({ ...base, duration: 1 });
      const load = await runLoad({ ...base, duration: options.duration, cpuPids: { server: server.pid } });
      const failures = load.errors + load.timeouts + load.non2xx + load.bad;
      const cores = (load.cpu?.cores?.server ?? 0) + (load.cpu?.cores?.postgres ?? 0);
      const perCore = cores > 0 ? round(load.rps / cores, 1) : 0;
      runs.push({ arm, rps: load.rps, perCore, p99: load.latencyMs.p99, failures, cpu: load.cpu });
      console.log(
        `round A/B ${arm}: ${load.rps} calls/s, ${perCore} per core-second (server + PostgreSQL ` +
          `${round(cores, 2)} cores), p99 ${load.latencyMs.p99} ms, failures ${failures}`,
      );
    }
  }
  // The database's own cost of settling a round, without HTTP or the machine's other load in the figure:
  // batches of MICRO open rounds (the load's players, spread over their rows) settled by one UPDATE each,
  // trigger and index off (A) or on (B), A B B A A B; milliseconds of the statement per round.
  const micro: { arm: 'A' | 'B'; msPerRound: number }[] = [];
  for (const [batch, arm] of (['A', 'B', 'B', 'A', 'A', 'B'] as const).entries()) {
    for (const statement of ARMS[arm]) await queryOnce(databaseUrl, statement);
    const tag = `ab-micro-${Date.now()}-${batch}`;
    await queryOnce(
      databaseUrl,
      `insert into game_rounds (brand_id, vendor_id, member_id, game_id, round_id, stake_minor, status, created_at, credit_count)
       select r.brand_id, r.vendor_id, r.member_id, r.game_id, $1 || '-' || n, 100, 'open', now(), 0
         from generate_series(1, $2::int) n
         join lateral (select * from game_rounds g where g.status = 'settled' order by g.id offset n % 16 limit 1) r on true`,
      [tag, MICRO],
    );
    const began = performance.now();
    await queryOnce(
      databaseUrl,
      `update game_rounds set status = 'settled', settled_at = now(), payout_minor = 100, credit_count = 1
        where round_id like $1 || '-%' and status = 'open'`,
      [tag],
    );
    micro.push({ arm, msPerRound: round((performance.now() - began) / MICRO, 4) });
  }
  details.micro = { roundsPerBatch: MICRO, batches: micro };
  const microA = median(micro.filter((entry) => entry.arm === 'A').map((entry) => entry.msPerRound));
  const microB = median(micro.filter((entry) => entry.arm === 'B').map((entry) => entry.msPerRound));
  console.log(`settling in SQL: A ${microA} ms per round, B ${microB} ms per round`);

  // The aggregates must be what the B runs' rounds settled (A's rounds were not folded: the trigger was off).
  const rows = (await queryOnce(
    databaseUrl,
    "select (select coalesce(sum(rounds), 0) from member_betting_hours)::text as folded, (select count(*) from game_rounds where status = 'settled')::text as settled",
  )) as { folded: string; settled: string }[];
  details.runs = runs;
  details.rounds = rows[0];
  const a = median(runs.filter((run) => run.arm === 'A').map((run) => run.rps));
  const b = median(runs.filter((run) => run.arm === 'B').map((run) => run.rps));
  const aCore = median(runs.filter((run) => run.arm === 'A').map((run) => run.perCore));
  const bCore = median(runs.filter((run) => run.arm === 'B').map((run) => run.perCore));
  const figures = [
    {
      id: 'agents.roundAB.A.callsPerSecond',
      label: 'Vendor calls/s without the aggregates (A)',
      value: a,
      unit: 'calls/s',
    },
    {
      id: 'agents.roundAB.B.callsPerSecond',
      label: 'Vendor calls/s with the aggregate trigger and index (B)',
      value: b,
      unit: 'calls/s',
      ceiling: { id: 'agents.roundAB.A.callsPerSecond', value: a },
      note: `B ÷ A = ${round(b / a, 3)} (medians of ${PAIRS} runs each, A B B A …); failures ${runs.reduce((sum, run) => sum + run.failures, 0)}`,
    },
    {
      id: 'agents.roundAB.A.callsPerCoreSecond',
      label: 'Vendor calls per core-second of server + PostgreSQL without the aggregates (A)',
      value: aCore,
      unit: 'calls/core-s',
    },
    {
      id: 'agents.roundAB.B.callsPerCoreSecond',
      label: 'Vendor calls per core-second of server + PostgreSQL with the aggregates (B)',
      value: bCore,
      unit: 'calls/core-s',
      ceiling: { id: 'agents.roundAB.A.callsPerCoreSecond', value: aCore },
      note: `B ÷ A = ${round(bCore / aCore, 3)}: the CPU cost of a call, which the shared machine's load moves less than throughput`,
    },
    {
      id: 'agents.roundAB.A.settleMsPerRound',
      label: 'Settling a round in SQL without the aggregates (A), ms per round',
      value: microA,
      unit: 'ms',
    },
    {
      id: 'agents.roundAB.B.settleMsPerRound',
      label: 'Settling a round in SQL with the aggregate trigger and index (B), ms per round',
      value: microB,
      unit: 'ms',
      ceiling: { id: 'agents.roundAB.A.settleMsPerRound', value: microA },
      note: `the trigger and index add ${round(microB - microA, 4)} ms per settled round (median of 3 batches of ${MICRO} each)`,
    },
  ];
  console.log(
    `wrote ${writeResult('agents-round-ab', { quick: options.quick, startedAt, figures, details })}`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await server?.stop();
  cleanLogs({ failed });
}
process.exit(failed ? 1 : 0);
