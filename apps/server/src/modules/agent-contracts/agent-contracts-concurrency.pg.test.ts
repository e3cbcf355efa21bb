import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { testDatabaseUrl } from '../../config/env.ts';
import { manualClock } from '../../lib/clock.ts';
import {
  type ContractsFixture,
  contractsFixture,
  LONG_SESSIONS,
  settleDue,
  type TeamMember,
} from './agent-contracts.fixture.ts';

/**
 * Every limit is a concurrency problem (PostgreSQL only: PGlite runs one statement at a time).
 * - 50 accepts racing the operator lowering the upline's rate: the chain stays monotone, because every
 *   transition of a kind takes the (brand, kind) chain lock before it reads a rate.
 * - Two server processes planning and settling the same periods at once: each settlement pays once.
 */

const BURST = 50;

usePostgresConnections(42);

describe('agent contracts under concurrency [postgres]', () => {
  const clock = manualClock(new Date('2026-04-06T08:00:00.000Z'));
  let first: PooledTestApp;
  let second: PooledTestApp;
  let fx: ContractsFixture;

  beforeAll(async () => {
    first = await startPooledTestApp({ pool: 20, clock, checkLedger: true, config: LONG_SESSIONS });
    second = await startPooledTestApp({ pool: 8, clock, database: first.database, config: LONG_SESSIONS });
    fx = await contractsFixture(first.app, first.database, clock);
  }, 90_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** Every open offer and accepted contract with an agent upline sits under an accepted contract of that upline at least as high. */
  const monotone = async (uplines: bigint[]) => {
    const rows = await first.database.db
      .selectFrom('agent_contracts')
      .select(['id', 'downline_id', 'upline_id', 'rate_bps', 'status'])
      .where('kind', '=', 'daily_salary')
      .where('status', 'in', ['offered', 'accepted'])
      .execute();
    return rows
      .filter((row) => row.upline_id !== null && uplines.includes(row.upline_id))
      .filter((row) => {
        const own = rows.find((held) => held.downline_id === row.upline_id && held.status === 'accepted');
        return !own || own.rate_bps < row.rate_bps;
      });
  };

  it(`${BURST} requests at once: offers and accepts racing a lower rate upstream keep the chain monotone`, async () => {
    // BURST / 2 teams: top agent (1 %) → sub-agent (0.8 %, accepted) → sub-sub-agent. All at once: each
    // sub-agent offers its sub-sub-agent 0.6 % while the brand lowers each top agent to 0.5 %, which ends
    // the sub-agent's 0.8 %. An offer written before the lowering is withdrawn with it; one after is
    // refused (contract_upline_none). Without the chain lock the offer, a new row the lowering never sees,
    // could survive under an agent that holds nothing.
    const teams: { top: TeamMember; sub: TeamMember; subSub: TeamMember }[] = [];
    for (let index = 0; index < BURST / 2; index += 1) {
      const top = await fx.agent();
      const sub = await fx.agent(top.id);
      const subSub = await fx.agent(sub.id);
      await fx.setTopOk(top.username, 'daily_salary', { rate: '1' });
      await fx.contract(top, sub, 'daily_salary', { rate: '0.8' });
      teams.push({ top, sub, subSub });
    }
    const ops = await fx.ops();
    const answers = await Promise.all(
      teams.flatMap(({ top, sub, subSub }) => [
        first.app.inject({
          method: 'PUT',
          url: `/wps/ops/agents/${top.username}/contracts/daily_salary`,
          headers: ops,
          payload: { rate: '0.5', reason: 'race' },
        }),
        fx.act(sub.token, 'daily_salary', { action: 'offer', downlineId: String(subSub.id), rate: '0.6' }),
      ]),
    );
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    expect(await monotone(teams.flatMap(({ top, sub }) => [top.id, sub.id]))).toEqual([]);
  });

  it('every transition of a kind waits for its (brand, kind) chain lock', async () => {
    const top = await fx.agent();
    const sub = await fx.agent(top.id);
    await fx.setTopOk(top.username, 'hourly_salary', { rate: '1' });
    const server = new URL(testDatabaseUrl() ?? '');
    server.pathname = `/${first.database.name}`;
    const holder = new pg.Client({ connectionString: server.toString() });
    await holder.connect();
    try {
      // Another transaction holds the chain lock of hourly salaries in this brand…
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(hashtextextended($1::text, 0))', [
        `agent-contracts:${fx.wallet.brandId}:hourly_salary`,
      ]);
      let answered = false;
      const offer = fx
        .act(top.token, 'hourly_salary', { action: 'offer', downlineId: String(sub.id), rate: '0.5' })
        .finally(() => {
          answered = true;
        });
      // …so the offer queues on it (waiting on that state, bounded only to end a hang).
      let waiting = 0;
      for (let poll = 0; poll < 500 && waiting === 0 && !answered; poll += 1) {
        const { rows } = await holder.query<{ n: number }>(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
        );
        waiting = rows[0]?.n ?? 0;
        if (waiting === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(waiting).toBe(1);
      expect(answered).toBe(false);
      await holder.query('commit');
      expect((await offer).statusCode).toBe(200);
    } finally {
      await holder.end();
    }
  });

  it('two processes settling the same periods at once pay each settlement once', async () => {
    const a = await fx.agent();
    const b = await fx.agent(a.id);
    await fx.setTopOk(a.username, 'realtime_salary', { rate: '1' });
    await fx.contract(a, b, 'realtime_salary', { rate: '0.5' });
    const players = [await fx.player(a.id), await fx.player(b.id), await fx.player(b.id)];
    for (let minute = 1; minute <= 30; minute += 1) {
      clock.advance(60_000);
      await players[minute % players.length]?.play(10_000n, minute % 4 === 0 ? 30_000n : 0n);
    }
    // The last round's slot ends at 08:35 and is due a minute later.
    clock.advance(7 * 60_000);
    await Promise.all([
      settleDue(first.app),
      settleDue(second.app),
      settleDue(first.app),
      settleDue(second.app),
    ]);

    const settlements = await first.database.db
      .selectFrom('agent_contract_settlements as s')
      .innerJoin('agent_contracts as c', 'c.id', 's.contract_id')
      .select(['s.id', 's.entitled_minor', 's.paid_minor', 's.entries', 's.status'])
      .where('c.kind', '=', 'realtime_salary')
      .where('c.downline_id', 'in', [a.id, b.id])
      .execute();
    expect(settlements.length).toBeGreaterThan(10);
    expect(settlements.every((row) => row.status === 'paid' && row.paid_minor === row.entitled_minor)).toBe(
      true,
    );
    expect(settlements.every((row) => row.entries <= 1)).toBe(true);
    const payments = await first.database.db
      .selectFrom('agent_contract_payments')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where(
        'settlement_id',
        'in',
        settlements.map((row) => row.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(payments.n)).toBe(settlements.filter((row) => row.entitled_minor > 0n).length);
    // Each player staked 10,000 per round: A's slots pay 1 % of the team's turnover (all 30 rounds).
    const paidToA = settlements.length > 0 ? await fx.wallet.main(a.id) : 0n;
    const paidToB = await fx.wallet.main(b.id);
    expect(paidToA + paidToB).toBe(3_000n);
  });
});
