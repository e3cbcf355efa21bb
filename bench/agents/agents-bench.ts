// Agent economy (issue 18): the subtree aggregate query at 10,000 members × 100 rounds each, on PostgreSQL
// (a scratch database `lotus_bench_agents`, migrated and seeded by the server's own prepareDatabase) and
// on PGlite (a temp data folder), in process, no HTTP. `--quick`: 1,000 members × 10 rounds.
//
// The team: one top agent; 10 agents under it, 10 agents under each of those, and the players shared out
// under those 100 (10,000 members in all, 4 levels). Each member plays 100 settled rounds in 20 sessions of
// 5 over the last 30 days, each session one game type of 3 (so about 20 hour rows per member). The rounds
// are inserted in one statement with the aggregate trigger switched off, then folded into
// member_betting_hours by the same statement as migration 0024's backfill (what the trigger would have
// written, 1,000,000 times faster to set up).
//
// Queries, each run `repeat` times after one warm-up, median and p95 in ms:
// - team.whole: the top agent's team sums over 30 days through the agents api (`teamSums`: member_tree ⨝
//   member_betting_hours) — THE figure;
// - team.perDownline: the team betting report's page query (sums per direct downline's subtree);
// - team.level1: a level-1 agent's team (about 1,000 members);
// - ceiling: the same sums over the same hour rows without any tree (`member_betting_hours` by hour only,
//   less the top agent's own: every other member with rounds is in its team), i.e. the cost of reading the
//   rows themselves — ratio
//   team.whole ÷ ceiling is what the tree costs on top;
// - recursive: the same sums with the team found by a recursive walk of members.upline_id (the design the
//   closure table replaced), for docs/decisions.md;
// - rounds: the same sums straight from game_rounds (no aggregates), what the aggregates save.
//
// Writes bench/results/agents.json in bench/lib/results.mjs's format.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  createDatabase,
  type DatabaseHandle,
  MEMORY_DATA_DIR,
} from '../../apps/server/src/db/create-database.ts';
import { prepareDatabase } from '../../apps/server/src/db/prepare-database.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { periodParts } from '../../apps/server/src/modules/agents/agent-tree.repository.ts';
import { createAgentTreeApi } from '../../apps/server/src/modules/agents/agent-tree.ts';
import { TeamReportsRepository } from '../../apps/server/src/modules/agents/team-reports.repository.ts';
import { parseArgs } from '../lib/args.mjs';
import { dropDatabase, recreateDatabase, serverSettings } from '../lib/postgres.mjs';
import { round, writeResult } from '../lib/results.mjs';

const PG_DATABASE = 'lotus_bench_agents';
const options = parseArgs();
const quick: boolean = options.quick;
const MEMBERS = quick ? 1_000 : 10_000;
const ROUNDS = quick ? 10 : 100;
const SESSIONS = quick ? 2 : 20;
const REPEAT = quick ? 3 : 15;
const DAYS = 30;
const startedAt = new Date().toISOString();
type Figure = Record<string, unknown>;
const figures: Figure[] = [];
const details: Record<string, unknown> = {
  members: MEMBERS,
  roundsPerMember: ROUNDS,
  sessions: SESSIONS,
  repeat: REPEAT,
};

type Timing = { medianMs: number; p95Ms: number; runs: number[] };

async function time(work: () => Promise<unknown>): Promise<Timing> {
  await work();
  const runs: number[] = [];
  for (let index = 0; index < REPEAT; index += 1) {
    const began = performance.now();
    await work();
    runs.push(performance.now() - began);
  }
  const sorted = [...runs].sort((a, b) => a - b);
  return {
    medianMs: round(sorted[Math.floor(sorted.length / 2)] ?? 0, 2),
    p95Ms: round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0, 2),
    runs: runs.map((value) => round(value, 2)),
  };
}

/** The team and its rounds (see the header). Answers the top agent's and one level-1 agent's ids. */
async function seedTeam(handle: DatabaseHandle): Promise<{ top: bigint; level1: bigint; setupS: number }> {
  const { db } = handle;
  const began = performance.now();
  const brand = (await db.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const vendor = (
    await db
      .selectFrom('vendors')
      .select('id')
      .where('brand_id', '=', brand)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (const [code, type] of [
    ['bench-agg-slot', 'RNG'],
    ['bench-agg-fish', 'FISH'],
    ['bench-agg-live', 'LIVE'],
  ] as const) {
    await db
      .insertInto('games')
      .values({
        brand_id: brand,
        vendor_id: vendor,
        game_type: type,
        game_code: code,
        names: '{"EN":"bench"}',
      })
      .onConflict((conflict) => conflict.columns(['vendor_id', 'game_code']).doNothing())
      .execute();
  }
  const member = (name: string, type: number, upline: unknown) => sql`
    insert into members (brand_id, username, password_hash, register_method, member_type, upline_id)
    values (${brand}, ${name}, 'bench', 'seed', ${type}, ${upline})`;
  await member('bench_top', 1, null).execute(db);
  const top = (
    await db.selectFrom('members').select('id').where('username', '=', 'bench_top').executeTakeFirstOrThrow()
  ).id;
  // Level 1 and 2 agents, then the players round-robin under the level-2 agents (the triggers fill member_tree).
  await sql`insert into members (brand_id, username, password_hash, register_method, member_type, upline_id)
            select ${brand}, 'bench_a1_' || n, 'bench', 'seed', 41, ${top} from generate_series(1, 10) n`.execute(
    db,
  );
  await sql`insert into members (brand_id, username, password_hash, register_method, member_type, upline_id)
            select ${brand}, 'bench_a2_' || a.n || '_' || b.k, 'bench', 'seed', 42, m.id
              from generate_series(1, 10) a(n)
              join members m on m.username = 'bench_a1_' || a.n
              cross join generate_series(1, 10) b(k)`.execute(db);
  const players = MEMBERS - 111;
  await sql`insert into members (brand_id, username, password_hash, register_method, member_type, upline_id)
            select ${brand}, 'bench_p_' || n, 'bench', 'seed', 0, l2.id
              from generate_series(1, ${players}) n
              join (select id, row_number() over (order by id) - 1 as k from members where username like 'bench\\_a2\\_%') l2
                on l2.k = n % 100`.execute(db);
  const level1 = (
    await db.selectFrom('members').select('id').where('username', '=', 'bench_a1_1').executeTakeFirstOrThrow()
  ).id;
  // Rounds: per member, SESSIONS sessions at a random hour of the last DAYS days, ROUNDS/SESSIONS rounds
  // each a minute apart, one game per session; stake 100–1,000, payout 0 or twice the stake.
  await sql`alter table game_rounds disable trigger member_betting_settled`.execute(db);
  const perSession = ROUNDS / SESSIONS;
  await sql`
    insert into game_rounds (brand_id, vendor_id, member_id, game_id, round_id, stake_minor, payout_minor, status,
        created_at, settled_at, credit_count)
    select ${brand}, ${vendor}, s.member_id, s.game_id, 'bench-' || s.member_id || '-' || s.session || '-' || r,
           x.stake, case when random() < 0.45 then 2 * x.stake else 0 end, 'settled',
           s.at + r * interval '1 minute', s.at + r * interval '1 minute' + interval '20 seconds', 1
      from (
        select m.id as member_id, k as session,
               date_trunc('minute', now() - random() * interval '${sql.raw(String(DAYS))} days') as at,
               (select g.id from games g where g.game_code like 'bench-agg-%' order by g.id
                 offset (m.id + k) % 3 limit 1) as game_id
          from members m, generate_series(1, ${SESSIONS}) k
         where m.username like 'bench\\_%'
      ) s,
      generate_series(1, ${perSession}) r,
      lateral (select (100 + floor(random() * 901))::bigint as stake) x`.execute(db);
  await sql`alter table game_rounds enable trigger member_betting_settled`.execute(db);
  await sql`
    insert into member_betting_hours (member_id, hour, game_type, stake_minor, valid_turnover_minor, payout_minor, rounds)
    select r.member_id, date_bin('1 hour', r.settled_at, timestamptz '2000-01-01 00:00:00+00'),
           coalesce(g.game_type, 'OTHER'), sum(r.stake_minor), sum(r.stake_minor), sum(r.payout_minor), count(*)
      from game_rounds r left join games g on g.id = r.game_id
     where r.status = 'settled' and r.round_id like 'bench-%'
     group by 1, 2, 3`.execute(db);
  await sql`analyze`.execute(db);
  return { top, level1, setupS: round((performance.now() - began) / 1000, 1) };
}

async function benchDatabase(label: 'postgres' | 'pglite', handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await prepareDatabase(handle.db);
  const seeded = await seedTeam(handle);
  const counts = await sql<{ members: string; tree: string; rounds: string; hours: string }>`
    select (select count(*) from members)::text as members, (select count(*) from member_tree)::text as tree,
           (select count(*) from game_rounds)::text as rounds, (select count(*) from member_betting_hours)::text as hours`.execute(
    db,
  );
  console.log(`agents ${label}: set up in ${seeded.setupS} s: ${JSON.stringify(counts.rows[0])}`);
  const api = createAgentTreeApi(db, systemClock);
  const to = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
  const from = new Date(to.getTime() - (DAYS + 1) * 86_400_000);
  const parts = periodParts(from, to);
  const reports = new TeamReportsRepository(db);
  const whole = await api.teamSums(undefined, seeded.top, from, to);
  const sumOfRows = sql<{ stake: string; rounds: string }>`
    select sum(b.valid_turnover_minor)::text as stake, sum(b.rounds)::text as rounds
      from member_betting_hours b
     where b.hour >= ${from} and b.hour < ${to} and b.member_id <> ${seeded.top}`;
  const recursive = sql<{ stake: string }>`
    with recursive team (id) as (
      select id from members where upline_id = ${seeded.top}
      union all
      select m.id from members m join team t on m.upline_id = t.id
    )
    select sum(b.valid_turnover_minor)::text as stake, count(distinct b.member_id) as active
      from team t join member_betting_hours b on b.member_id = t.id and b.hour >= ${from} and b.hour < ${to}`;
  const rounds = sql<{ stake: string }>`
    select sum(r.stake_minor)::text as stake, count(distinct r.member_id) as active
      from member_tree t join game_rounds r on r.member_id = t.descendant_id
     where t.ancestor_id = ${seeded.top} and t.depth >= 1 and r.status = 'settled'
       and r.settled_at >= ${from} and r.settled_at < ${to}`;
  // The four ways must agree before any of them is timed.
  const check = {
    api: whole.validTurnoverMinor.toString(),
    rows: (await sumOfRows.execute(db)).rows[0]?.stake,
    recursive: (await recursive.execute(db)).rows[0]?.stake,
    rounds: (await rounds.execute(db)).rows[0]?.stake,
  };
  if (new Set(Object.values(check)).size !== 1)
    throw new Error(`the sums disagree: ${JSON.stringify(check)}`);
  const timings = {
    whole: await time(() => api.teamSums(undefined, seeded.top, from, to)),
    perDownline: await time(() => reports.downlineSums(seeded.top, parts, { limit: 20, offset: 0 })),
    level1: await time(() => api.teamSums(undefined, seeded.level1, from, to)),
    ceiling: await time(() => sumOfRows.execute(db)),
    recursive: await time(() => recursive.execute(db)),
    rounds: await time(() => rounds.execute(db)),
  };
  console.log(
    `agents ${label}: ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, v.medianMs])))} ms`,
  );
  details[label] = {
    counts: counts.rows[0],
    setupSeconds: seeded.setupS,
    sums: { ...check, rounds: whole.rounds, active: whole.activeMembers },
    timings,
  };
  const prefix = `agents.${label}`;
  const ceiling = { id: `${prefix}.ceiling.ms`, value: timings.ceiling.medianMs };
  figures.push(
    {
      id: `${prefix}.team.ms`,
      label: `Team sums of ${MEMBERS.toLocaleString('en')} members × ${ROUNDS} rounds, 30 days (${label}), median ms`,
      value: timings.whole.medianMs,
      unit: 'ms',
      ceiling,
      note: `p95 ${timings.whole.p95Ms} ms; ceiling = the same hour rows summed without the tree; ${counts.rows[0]?.hours} hour rows`,
    },
    {
      id: `${prefix}.perDownline.ms`,
      label: `Team betting page (per direct downline's subtree), ${label}, median ms`,
      value: timings.perDownline.medianMs,
      unit: 'ms',
      ceiling,
    },
    {
      id: `${prefix}.level1.ms`,
      label: `A level-1 agent's team (~${Math.round(MEMBERS / 10)} members), ${label}, median ms`,
      value: timings.level1.medianMs,
      unit: 'ms',
    },
    {
      id: `${prefix}.ceiling.ms`,
      label: `Ceiling: the hour rows alone, ${label}, median ms`,
      value: timings.ceiling.medianMs,
      unit: 'ms',
    },
    {
      id: `${prefix}.recursive.ms`,
      label: `Same sums with a recursive walk of upline_id instead of member_tree, ${label}, median ms`,
      value: timings.recursive.medianMs,
      unit: 'ms',
      ceiling,
    },
    {
      id: `${prefix}.rounds.ms`,
      label: `Same sums from game_rounds, no aggregates, ${label}, median ms`,
      value: timings.rounds.medianMs,
      unit: 'ms',
      ceiling,
    },
  );
}

let failed = false;
try {
  const skipPg = process.env.BENCH_AGENTS_SKIP_PG === '1';
  if (!skipPg) {
    const url = await recreateDatabase(PG_DATABASE);
    const handle = await createDatabase({ databaseUrl: url, dataDir: MEMORY_DATA_DIR, poolSize: 4 });
    try {
      details.postgresSettings = await serverSettings();
      await benchDatabase('postgres', handle);
    } finally {
      await handle.close();
      await dropDatabase(PG_DATABASE);
    }
  }
  if (process.env.BENCH_AGENTS_SKIP_PGLITE !== '1') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lotus-bench-agents-'));
    const handle = await createDatabase({ databaseUrl: null, dataDir: dir });
    try {
      await benchDatabase('pglite', handle);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
}
console.log(`wrote ${writeResult('agents', { quick, startedAt, figures, details })}`);
process.exit(failed ? 1 : 0);
