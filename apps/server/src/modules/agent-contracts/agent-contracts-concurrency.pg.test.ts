import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { manualClock } from '../../lib/clock.ts';
import {
  type ContractsFixture,
  contractsFixture,
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

  it(`${BURST} accepts at once racing a lower upline rate: no accepted contract above its upline's`, async () => {
    const top = await fx.agent();
    await fx.setTopOk(top.username, 'daily_salary', { rate: '1' });
    const subs: TeamMember[] = [];
    const offers: string[] = [];
    for (let index = 0; index < BURST; index += 1) {
      const sub = await fx.agent(top.id);
      subs.push(sub);
      const offered = await fx.act(top.token, 'daily_salary', {
        action: 'offer',
        downlineId: String(sub.id),
        rate: index % 2 === 0 ? '0.8' : '0.2',
      });
      offers.push((offered.json() as { value: { contract: { id: string } } }).value.contract.id);
    }
    const answers = await Promise.all([
      ...subs.map((sub, index) =>
        fx.act(sub.token, 'daily_salary', { action: 'accept', contractId: offers[index] ?? '' }),
      ),
      fx.setTop(top.username, 'daily_salary', { rate: '0.5' }),
    ]);
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);

    const rows = await first.database.db
      .selectFrom('agent_contracts')
      .select(['downline_id', 'upline_id', 'rate_bps', 'status'])
      .where('kind', '=', 'daily_salary')
      .where('status', '=', 'accepted')
      .where((eb) => eb.or([eb('downline_id', '=', top.id), eb('upline_id', '=', top.id)]))
      .execute();
    const topRate = rows.find((row) => row.downline_id === top.id)?.rate_bps;
    expect(topRate).toBe(50);
    const below = rows.filter((row) => row.upline_id === top.id);
    expect(below.every((row) => row.rate_bps <= 50)).toBe(true);
    // Every 0.2 % offer was accepted (it fits under both rates); every 0.8 % one lost, before or after.
    expect(below).toHaveLength(BURST / 2);
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
