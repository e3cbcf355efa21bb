import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from '../lib/args.mjs';
import { cpuSample } from '../lib/cpu.mjs';
import { runLoad } from '../lib/load.mjs';
import { fundPlayers, type Player, registerPlayers, sportsbookSessions } from '../lib/players.ts';
import * as postgres from '../lib/postgres.mjs';
import { ceilingOf, readResult, round } from '../lib/results.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { startServer, stopOnExit } from '../lib/server.mjs';

/**
 * Sportsbook bench (issue 21, docs/benchmarks.md "Sportsbook"): an in-play burst on one event. Players made
 * like real ones (registration, CLI funding, launch + sportsbook session) bet on the demo's live football
 * match with the most time left, while the feed job plays it (prices move, markets suspend on goals): each
 * request is `POST /sportsbook/api/bets`, mostly singles on the popular markets (match result, next goal,
 * totals), some 2-leg accumulators with a second live event, acceptance rule `any`.
 *
 * An in-play bet waits the event's bet delay (3 s in the demo) inside the request, so n connections place at
 * most n / delay bets a second whatever the server does. Two loads: `burst` at the bench's connections (one
 * player each: the figure beside the lottery's, bound by the delay), and `wide` with every player on several
 * connections, enough bets waiting their delay at once for the server and PostgreSQL to be the limit.
 */

const { countersPerRequest, databaseCounters, recreateDatabase, sampleWaits, serverSettings } = postgres;
const options = parseArgs();
const DATABASE = 'lotus_bench_sportsbook';
/** Players of the wide load per connection of the burst; connections per player in the wide load. */
const PLAYERS_PER_CONNECTION = 4;
const WIDE_CONNECTIONS_PER_PLAYER = 2;
/** ₹10: small enough that a full run stays far below the demo's liability limits (refusals are counted). */
const STAKE_MINOR = '1000';
/** Popular picks only: a long shot (over 4.5 goals at 200.00) is not what a burst bets on. */
const MAX_ODDS_MILLI = 10_000;
const POPULAR = new Set(['match_result', 'next_goal', 'total_goals']);
const MULTI_SHARE = 0.15;

const details: Record<string, unknown> = {
  connections: options.connections,
  durationS: options.duration,
  stakeMinor: STAKE_MINOR,
  multiShare: MULTI_SHARE,
};
const startedAt = new Date().toISOString();
const pgbench = ceilingOf(readResult('ceilings'), `ceilings.pgbench.c${options.connections}.tps`);
const figures: Record<string, unknown>[] = [];

type Selection = { id: string; key: string; oddsMilli: number; active: boolean };
type Market = { id: string; type: string; param: string; status: string; selections: Selection[] };
type EventSummary = {
  id: string;
  sport: string;
  status: string;
  startsAt: string;
  score: { clock: string } | null;
  mainMarket: Market | null;
};
type Leg = { selectionId: string; oddsMilli: number };

async function read<T>(url: string, what: string): Promise<T> {
  const response = await fetch(url);
  const body = (await response.json()) as { success?: boolean; value?: T };
  if (!response.ok || body.success !== true || !body.value)
    throw new Error(`${what}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.value;
}

const openLegs = (market: Market | null | undefined): Leg[] =>
  market?.status === 'open'
    ? market.selections
        .filter((selection) => selection.active && selection.oddsMilli <= MAX_ODDS_MILLI)
        .map((selection) => ({ selectionId: selection.id, oddsMilli: selection.oddsMilli }))
    : [];

/** The live events with an open main market, newest first, and the newest football match; waits up to 2 min. */
async function liveFootball(url: string) {
  for (let attempt = 0; ; attempt += 1) {
    const { list } = await read<{ list: EventSummary[] }>(
      `${url}/sportsbook/api/events?when=live`,
      'live events',
    );
    const live = list
      .filter((event) => event.status === 'live' && openLegs(event.mainMarket).length > 0)
      .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
    const event = live.find((candidate) => candidate.sport === 'football');
    if (event) return { live, event };
    if (attempt >= 120)
      throw new Error(
        `no live football event: ${JSON.stringify(list.map((e) => [e.id, e.sport, e.status]))}`,
      );
    await sleep(1_000);
  }
}

/**
 * The burst's bets as they stand now: the live football match that started last (the most play left) and
 * its popular markets' selections, and accumulators of its match result with another live event's main
 * market.
 */
async function burstBets(url: string) {
  // A goal suspends the markets for a few seconds, and the next match starts while one plays: wait for one.
  const { live, event } = await liveFootball(url);
  const detail = await read<{ markets: Market[]; betDelayMs: number; score: { clock: string } | null }>(
    `${url}/sportsbook/api/events/${event.id}`,
    `event ${event.id}`,
  );
  const singles = detail.markets.filter((market) => POPULAR.has(market.type)).flatMap(openLegs);
  const second = live.find((candidate) => candidate.id !== event.id);
  const pairs = second
    ? openLegs(event.mainMarket).flatMap((leg) => openLegs(second.mainMarket).map((other) => [leg, other]))
    : [];
  if (singles.length === 0) throw new Error(`event ${event.id} has no open popular selection`);
  return {
    event: { id: event.id, clock: detail.score?.clock ?? '', betDelayMs: detail.betDelayMs },
    second: second ? { id: second.id, sport: second.sport } : null,
    data: { singles, pairs, multiShare: MULTI_SHARE, stakeMinor: STAKE_MINOR },
  };
}

/**
 * What the idle server does to the database in `seconds` (the feed job plays every live event each second,
 * the other recurring jobs tick): subtracted from a load's counters, so the transactions per bet are the
 * bet's own.
 */
async function idleBaseline(seconds: number, cpuPids: Record<string, number>) {
  const before = await databaseCounters(DATABASE);
  const cpu = cpuSample(cpuPids);
  await sleep(seconds * 1000);
  const cores = cpu.end();
  return {
    seconds,
    perSecond: countersPerRequest(before, await databaseCounters(DATABASE), seconds),
    cpu: cores,
  };
}

type Baseline = Awaited<ReturnType<typeof idleBaseline>>;

/** A load's database counters per request, less what the idle server did in as many seconds. */
function netPerRequest(
  perRequest: Record<string, number> | null,
  baseline: Baseline,
  seconds: number,
  requests: number,
) {
  if (!perRequest || !baseline.perSecond || requests === 0) return null;
  const idle = baseline.perSecond;
  return Object.fromEntries(
    Object.entries(perRequest).map(([counter, value]) => [
      counter,
      round(value - ((idle[counter] ?? 0) * seconds) / requests, 2),
    ]),
  );
}

async function measure(
  url: string,
  sessions: string[],
  connections: number,
  duration: number,
  cpuPids: Record<string, number>,
  baseline: Baseline,
) {
  const bets = await burstBets(url);
  const before = await databaseCounters(DATABASE);
  const waits = await sampleWaits(DATABASE);
  // No bet answers before its delay: the load runs the delay longer so `duration` seconds of answers come.
  const delayS = bets.event.betDelayMs / 1000;
  const load = await runLoad({
    url,
    scenario: 'sportsbookBet',
    data: { ...bets.data, sessions },
    connections,
    duration: duration + Math.ceil(delayS),
    cpuPids,
  });
  const dbWaits = await waits.stop();
  const dbPerRequest = countersPerRequest(before, await databaseCounters(DATABASE), load.requests);
  const after = await read<{ score: { clock: string } | null }>(
    `${url}/sportsbook/api/events/${bets.event.id}`,
    'event after the load',
  );
  const accepted = load.ok2xx - load.bad;
  const refused = Object.values(load.refusals as Record<string, number>).reduce((sum, n) => sum + n, 0);
  // A closed loop (each connection sends its next bet when the last one answers): connections / mean
  // latency is its rate (Little's law). Counting answers in a window would not do: the connections start
  // together and each waits the same delay, so the answers come in waves a few seconds apart.
  // With time-outs the loop is not closed any more (and the mean leaves them out): count the answers then.
  const answeredPerSecond = load.latencyMs.mean ? (connections * 1000) / load.latencyMs.mean : 0;
  const acceptedPerSecond =
    load.timeouts > 0
      ? accepted / load.durationS
      : load.requests > 0
        ? (answeredPerSecond * accepted) / load.requests
        : 0;
  const dbNetPerRequest = netPerRequest(dbPerRequest, baseline, load.durationS, load.requests);
  // Every request waits the delay before its checks: connections / delay is the most it can place.
  const delayBound = bets.event.betDelayMs > 0 ? (connections * 1000) / bets.event.betDelayMs : null;
  return {
    acceptedPerSecond: round(acceptedPerSecond, 1),
    // Answers counted over the whole load, the delay's first seconds without any included: a lower bound.
    acceptedPerSecondCounted: round(accepted / load.durationS, 1),
    accepted,
    refused,
    delayBound: delayBound === null ? null : round(delayBound, 1),
    failures: load.errors + load.timeouts + load.bad + serverErrors(load.statusCodes),
    event: { ...bets.event, clockAfter: after.score?.clock ?? '' },
    second: bets.second,
    selections: { singles: bets.data.singles.length, pairs: bets.data.pairs.length },
    load: { ...load, dbPerRequest, dbNetPerRequest, dbWaits },
  };
}

/** 5xx answers: a failure of the server, never a refusal of the book. */
function serverErrors(statusCodes: Record<string, number>): number {
  return Object.entries(statusCodes)
    .filter(([status]) => status.startsWith('5'))
    .reduce((sum, [, count]) => sum + count, 0);
}

type Measured = Awaited<ReturnType<typeof measure>>;

function report(name: string, connections: number, result: Measured) {
  const { load } = result;
  console.log(
    `sportsbook ${name} (${connections} connections): ${result.acceptedPerSecond} bets/s accepted ` +
      `(delay bound ${result.delayBound ?? '∞'}/s; p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms); ` +
      `refused ${JSON.stringify(load.refusals)}; failures ${result.failures}`,
  );
  if (load.dbWaits) console.log(`  database sessions wait on ${JSON.stringify(load.dbWaits.waits)}`);
  if (load.cpu) console.log(`  cores ${JSON.stringify(load.cpu.cores)}`);
  const per = load.dbNetPerRequest;
  return per
    ? `per request, less the idle server's jobs: ${per.xact_commit} transactions, ${per.tup_inserted} rows inserted, ${per.tup_updated} updated; ` +
        `in-play delay ${result.event.betDelayMs} ms: at most ${result.delayBound ?? '∞'} bets/s at ${connections} connections`
    : '';
}

await runBench('sportsbook', { quick: options.quick, startedAt, figures, details }, async (track) => {
  const databaseUrl = await recreateDatabase(DATABASE);
  const server = { ...(await startServer({ databaseUrl, label: 'sportsbook' })), databaseUrl };
  track(server);
  stopOnExit([server.child]);
  details.postgres = await serverSettings();
  const cpuPids = { server: server.pid };

  const setupStart = performance.now();
  const players: Player[] = await registerPlayers(server.url, options.connections * PLAYERS_PER_CONNECTION);
  await fundPlayers(server.databaseUrl, players, '1000000');
  const sessions = await sportsbookSessions(server.url, players);
  details.setupSeconds = round((performance.now() - setupStart) / 1000);
  details.players = { count: players.length, funding: '₹1,000,000 each via `ops wallet:adjust`' };

  const burstSessions = sessions.slice(0, options.connections);
  const wideConnections = sessions.length * WIDE_CONNECTIONS_PER_PLAYER;
  await runLoad({
    url: server.url,
    scenario: 'sportsbookBet',
    data: { ...(await burstBets(server.url)).data, sessions: burstSessions },
    connections: options.connections,
    duration: 5,
  });
  const baseline = await idleBaseline(options.duration, cpuPids);
  details.idle = baseline;
  const burst = await measure(
    server.url,
    burstSessions,
    options.connections,
    options.duration,
    cpuPids,
    baseline,
  );
  const burstNote = report('burst', options.connections, burst);
  const wide = await measure(server.url, sessions, wideConnections, options.duration, cpuPids, baseline);
  const wideNote = report('wide', wideConnections, wide);
  details.burst = burst;
  details.wide = wide;

  figures.push(
    {
      id: 'sportsbook.bets.perSecond',
      label: `In-play burst on one event (POST /sportsbook/api/bets, singles + 15 % 2-leg accumulators), accepted bets/s at ${options.connections} connections (vs pgbench at ${options.connections} clients)`,
      value: burst.acceptedPerSecond,
      unit: 'bets/s',
      ...(pgbench ? { ceiling: pgbench } : {}),
      note: burstNote,
    },
    {
      id: 'sportsbook.bets.perSecondWide',
      label: `The same burst with ${WIDE_CONNECTIONS_PER_PLAYER} connections per player (${wideConnections}): accepted bets/s past the delay bound (vs pgbench at ${options.connections} clients)`,
      value: wide.acceptedPerSecond,
      unit: 'bets/s',
      ...(pgbench ? { ceiling: pgbench } : {}),
      note: wideNote,
    },
    {
      id: 'sportsbook.bets.p50',
      label: 'Bet latency p50 (burst)',
      value: burst.load.latencyMs.p50,
      unit: 'ms',
    },
    {
      id: 'sportsbook.bets.p99',
      label: 'Bet latency p99 (burst)',
      value: burst.load.latencyMs.p99,
      unit: 'ms',
    },
    {
      id: 'sportsbook.bets.wideP50',
      label: 'Bet latency p50 (wide)',
      value: wide.load.latencyMs.p50,
      unit: 'ms',
    },
    {
      id: 'sportsbook.bets.wideP99',
      label: 'Bet latency p99 (wide)',
      value: wide.load.latencyMs.p99,
      unit: 'ms',
    },
    {
      id: 'sportsbook.bets.refused',
      label: 'Bets refused by the book (suspended market, liability, …; by code in details), both loads',
      value: burst.refused + wide.refused,
      unit: 'count',
    },
    {
      id: 'sportsbook.bets.failures',
      label: "Bets: errors + timeouts + 5xx + bad answers (the book's 4xx refusals are counted apart)",
      value: burst.failures + wide.failures,
      unit: 'count',
      target: { text: '0', on: 'value', op: '<=', threshold: 0 },
    },
  );
  if (!pgbench) details.warning = 'bench/results/ceilings.json missing or incomplete: no ratio';
});
