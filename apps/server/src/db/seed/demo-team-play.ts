import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SLOT_TITLES } from '@lotus/games/slots/titles';
import { ORIGINALS_SESSION_HEADER } from '@lotus/shared/originals.schema';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type AppOptions, buildApp } from '../../app.ts';
import { actorFrom } from '../../lib/actor.ts';
import { manualClock } from '../../lib/clock.ts';
import { agentContractsServices } from '../../modules/agent-contracts/agent-contracts-module.ts';
import { PLAN_JOB } from '../../modules/agent-contracts/settlements.service.ts';
import { createAgentTreeApi } from '../../modules/agents/agent-tree.ts';
import type { JobsApi } from '../../modules/jobs/jobs-api.ts';
import type { DatabaseHandle } from '../create-database.ts';
import type { Database } from '../schema.ts';

/**
 * The demo team's economy (issue 18, docs/agent-contracts.md "Demo"): `demo_agent` gets top contracts from
 * the brand and offers `demo_sub_agent` its own, and `demo_player2` (demo_sub_agent's player) plays real
 * rounds of the in-house studio on each of the last DAYS days — through the studio's API and the
 * seamless-wallet protocol, on an app whose clock walks through those days — which the settlement jobs then
 * settle, so a newcomer sees real figures in the agent centre. Runs once: a brand whose demo agent already
 * has a contract is left as it is.
 */

const DAYS = 3;
/** When demo_player2 sits down on each day (UTC hours), and how many spins each time. */
const SESSIONS_UTC = [10, 14, 20];
const SPINS = 5;
export const GAME = 'lotus-fortune';
/** Stakes of the sitting's spins (₹10 to ₹100), each one of the title's bet sizes (SLOT_TITLES). */
const STAKES = SLOT_TITLES[GAME].betsMinor.filter((bet) => BigInt(bet) >= 1_000n);
const DAY_MS = 86_400_000;

export type TeamPlayReport = { rounds: number; jobs: number; ms: number };

/** The studio's slot the demo play spins, with its vendor (the in-house studio with a wallet secret). */
export async function studioSlotOf(
  db: Kysely<Database>,
  brandId: bigint,
): Promise<{ vendorId: bigint; gameId: bigint } | undefined> {
  return db
    .selectFrom('vendors')
    .innerJoin('games', 'games.vendor_id', 'vendors.id')
    .select(['vendors.id as vendorId', 'games.id as gameId'])
    .where('vendors.brand_id', '=', brandId)
    .where('vendors.vassalage', '=', 'LOTUS')
    .where('vendors.wallet_secret', 'is not', null)
    .where('games.game_code', '=', GAME)
    .executeTakeFirst();
}

export async function seedDemoTeamPlay(input: {
  database: DatabaseHandle;
  config: AppOptions;
  now?: Date;
}): Promise<TeamPlayReport | null> {
  const started = performance.now();
  const { db } = input.database;
  const now = input.now ?? new Date();
  const members = await db
    .selectFrom('members as m')
    .innerJoin('brands as b', 'b.id', 'm.brand_id')
    .selectAll('m')
    .where('b.code', '=', 'lotus')
    .where('m.username', 'in', ['demo_agent', 'demo_sub_agent', 'demo_player2'])
    .execute();
  const named = (username: string) => members.find((member) => member.username === username);
  const agent = named('demo_agent');
  const sub = named('demo_sub_agent');
  const player = named('demo_player2');
  if (!agent || !sub || !player || sub.upline_id !== agent.id || player.upline_id !== sub.id) return null;
  const existing = await db
    .selectFrom('agent_contracts')
    .select('id')
    .where('downline_id', '=', agent.id)
    .executeTakeFirst();
  if (existing) return null;
  const vendor = await studioSlotOf(db, agent.brand_id);
  if (!vendor) return null;

  const firstDay = Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAYS * DAY_MS;
  const clock = manualClock(new Date(firstDay));
  const setClock = (at: number) => clock.advance(at - clock.now().getTime());
  // The seed only settles: the app's own queue runs the jobs the planner queues.
  const app = await buildApp({
    config: { ...input.config, logLevel: 'silent' },
    database: input.database,
    clock,
  });
  try {
    await app.ready();
    const jobs: JobsApi = { enqueue: () => Promise.reject(new Error('the seed plans through the app')) };
    const figures = createAgentTreeApi(db, clock).teamFigures;
    const { contracts } = agentContractsServices({ db, clock, jobs, figures });
    const brand = {
      by: 'operator' as const,
      brandId: agent.brand_id,
      operatorId: null,
      ip: 'seed',
      reason: 'demo seed',
    };
    const session = { id: 0n, is_first_login: false, password_change_required: false };
    const agentActor = actorFrom({ member: agent, session });
    const subActor = actorFrom({ member: sub, session });
    const top = async (kind: 'daily_salary' | 'dividend', rate: string, period?: 'daily') =>
      contracts.setTop(brand, agent.username, kind, {
        rate,
        reason: 'demo seed',
        ...(period ? { period } : {}),
      });
    const offerAndAccept = async (kind: 'daily_salary' | 'dividend', rate: string, period?: 'daily') => {
      const offered = await contracts.act(
        agentActor,
        kind,
        kind === 'dividend'
          ? { action: 'offer', downlineId: String(sub.id), rate, period: period ?? 'daily' }
          : { action: 'offer', downlineId: String(sub.id), rate },
        'seed',
      );
      await contracts.act(
        subActor,
        kind,
        { action: 'accept', contractId: offered.contract?.id ?? '' },
        'seed',
      );
    };
    await top('daily_salary', '1');
    await offerAndAccept('daily_salary', '0.5');
    await top('dividend', '25', 'daily');
    await offerAndAccept('dividend', '15', 'daily');

    let rounds = 0;
    for (let day = 0; day < DAYS; day += 1) {
      for (const hour of SESSIONS_UTC) {
        setClock(firstDay + day * DAY_MS + hour * 3_600_000);
        rounds += await spin(app, db, {
          brandId: agent.brand_id,
          memberId: player.id,
          ...vendor,
          now: clock.now(),
        });
      }
    }

    // Back to today: the planner makes each ended day's settlements, the jobs pay them (upline first).
    setClock(now.getTime());
    // Offers that wait for demo_sub_agent's answer, for the header's and home's prompts (set today, so
    // nothing is owed for the past).
    await contracts.setTop(brand, agent.username, 'hourly_salary', { rate: '0.3', reason: 'demo seed' });
    await contracts.act(
      agentActor,
      'hourly_salary',
      { action: 'offer', downlineId: String(sub.id), rate: '0.2' },
      'seed',
    );
    await app.jobs.runNow(PLAN_JOB);
    let ran = 0;
    for (let pass = 0; pass < 100; pass += 1) {
      const report = await app.jobs.runDue();
      if (report.ran.length === 0) break;
      ran += report.ran.length;
    }
    return { rounds, jobs: ran, ms: Math.round(performance.now() - started) };
  } finally {
    await app.close();
  }
}

/**
 * One sitting of a demo player at the studio's slot: a launch, a studio session, SPINS spins (also the
 * loyalty seed's, db/seed/demo-loyalty-play.ts).
 */
export async function spin(
  app: FastifyInstance,
  db: DatabaseHandle['db'],
  sitting: { brandId: bigint; memberId: bigint; vendorId: bigint; gameId: bigint; now: Date },
): Promise<number> {
  // A launch session as GET /wps/game/launchGame makes one for a logged-in player (only its hash is kept).
  const launchToken = randomBytes(32).toString('base64url');
  await db
    .insertInto('game_launch_sessions')
    .values({
      token_hash: createHash('sha256').update(launchToken).digest('hex'),
      brand_id: sitting.brandId,
      member_id: sitting.memberId,
      game_id: sitting.gameId,
      vendor_id: sitting.vendorId,
      expires_at: new Date(sitting.now.getTime() + 30 * 60_000),
    })
    .execute();
  const opened = await app.inject({
    method: 'POST',
    url: '/originals/api/sessions',
    payload: { launchToken },
  });
  if (opened.statusCode !== 200)
    throw new Error(`demo team play: session ${opened.statusCode} ${opened.body}`);
  const token = (opened.json() as { value: { sessionToken: string } }).value.sessionToken;
  let played = 0;
  for (let index = 0; index < SPINS; index += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/originals/api/rounds',
      headers: { [ORIGINALS_SESSION_HEADER]: token },
      payload: { requestId: randomUUID(), bet: { game: 'slot', betMinor: STAKES[index % STAKES.length] } },
    });
    // Out of money is the end of the sitting, not of the seed.
    // Out of money (or the game's rules changed) ends the sitting, not the seed.
    if (response.statusCode !== 200) break;
    played += 1;
  }
  return played;
}
