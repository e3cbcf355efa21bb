import {
  type ContractKind,
  type SettlementView,
  settlementResponse,
  settlementsPageResponse,
} from '@lotus/shared/agent-contracts.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import {
  type ContractsFixture,
  contractsFixture,
  LONG_SESSIONS,
  settleDue,
  type TeamMember,
} from './agent-contracts.fixture.ts';

const at = (iso: string) => new Date(`2026-03-${iso}Z`);

/**
 * Settlement of each kind over a three-level team (the brand → top agent A → sub-agent B → players), rounds
 * played through the seamless-wallet protocol at set times, amounts computed by hand (docs/agent-contracts.md
 * "Settlement"). Team of A: PA (its player), B, PB (B's player); team of B: PB. A round counts in the period
 * it started in, once settled.
 *
 * | round | player | starts | stake   | payout  | settles                         |
 * | r1    | PA     | 10:01  | 100,000 | 40,000  | 10:01                           |
 * | r2    | PB     | 10:01  | 200,000 | 250,000 | 10:01                           |
 * | r3    | PA     | 10:03  | 30,000  | 0       | 10:20 (after its 5-minute slot) |
 * | r4    | PB     | 10:07  | 50,000  | 0       | 10:07                           |
 *
 * Contracts (accepted 08:00): real-time A 0.10 %, B 0.05 %; hourly A 0.20 %, B 0.10 %; daily A 1.00 %,
 * B 0.50 %; dividend (weekly) A 20 %, B 10 %.
 */
describe.each(testBackends())('agent contracts: settlement [%s]', (backend) => {
  const clock = manualClock(at('02T08:00:00.000'));
  let test: TestApp;
  let fx: ContractsFixture;
  let a: TeamMember;
  let b: TeamMember;
  const ids: Partial<Record<ContractKind, { a: string; b: string }>> = {};
  let pa: Awaited<ReturnType<ContractsFixture['player']>>;
  let pb: Awaited<ReturnType<ContractsFixture['player']>>;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock, config: LONG_SESSIONS });
    fx = await contractsFixture(test.app, test.database, clock);
    a = await fx.agent();
    b = await fx.agent(a.id);
    pa = await fx.player(a.id);
    pb = await fx.player(b.id);
    const terms: Record<ContractKind, [Record<string, unknown>, Record<string, unknown>]> = {
      realtime_salary: [{ rate: '0.10' }, { rate: '0.05' }],
      hourly_salary: [{ rate: '0.20' }, { rate: '0.10' }],
      daily_salary: [{ rate: '1' }, { rate: '0.5' }],
      dividend: [
        { rate: '20', period: 'weekly' },
        { rate: '10', period: 'weekly' },
      ],
    };
    for (const [kind, [top, sub]] of Object.entries(terms) as [ContractKind, typeof terms.dividend][]) {
      ids[kind] = { a: await fx.setTopOk(a.username, kind, top), b: await fx.contract(a, b, kind, sub) };
    }
  }, 120_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const received = async (who: TeamMember, kind: ContractKind, role: 'received' | 'paid' = 'received') => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/wps/agent/contracts/settlements?kind=${kind}&role=${role}&from=2026-03-02&to=2026-03-09&pageSize=100`,
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return settlementsPageResponse.parse(response.json()).value;
  };
  const slot = (list: SettlementView[], start: string) => list.find((row) => row.periodStart === start);
  const setClock = (iso: string) => {
    clock.advance(at(iso).getTime() - clock.now().getTime());
  };
  const endByOperator = async (contractId: string) => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/wps/ops/contracts/${contractId}/end`,
      headers: await fx.ops(),
      payload: { reason: 'test ends the kind' },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const rerun = async (contractId: string, periodStart: string) => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/wps/ops/contracts/${contractId}/rerun`,
      headers: await fx.ops(),
      payload: { periodStart },
    });
    expect(response.statusCode, response.body).toBe(200);
    return settlementResponse.parse(response.json()).value;
  };

  let r3: { close(): Promise<void> };

  it('plays the rounds', async () => {
    setClock('02T10:01:00.000');
    await pa.play(100_000n, 40_000n);
    await pb.play(200_000n, 250_000n);
    setClock('02T10:03:00.000');
    r3 = await pa.open(30_000n);
    setClock('02T10:07:00.000');
    await pb.play(50_000n, 0n);
  });

  it('real-time salary: each 5-minute slot, upline first, from the brand to A and from A to B', async () => {
    setClock('02T10:11:00.000');
    await settleDue(test.app);
    const aGot = await received(a, 'realtime_salary');
    // 10:00 slot: A's team turnover 300,000 (r3 still open) × 0.10 % = 300; 10:05 slot: 50,000 → 50.
    expect(slot(aGot.list, '2026-03-02T10:00:00.000Z')).toMatchObject({
      baseMinor: '300000',
      entitledMinor: '300',
      paidMinor: '300',
      status: 'paid',
      entries: 1,
    });
    expect(slot(aGot.list, '2026-03-02T10:05:00.000Z')).toMatchObject({ paidMinor: '50' });
    expect(aGot.totalPaidMinor).toBe('350');
    // B's team is PB: 200,000 × 0.05 % = 100, then 50,000 → 25; A paid it.
    const bGot = await received(b, 'realtime_salary');
    expect(bGot.totalPaidMinor).toBe('125');
    expect((await received(a, 'realtime_salary', 'paid')).totalPaidMinor).toBe('125');
    // Every slot since 08:00 has its row, the empty ones at zero.
    expect(aGot.total).toBe(26);
    expect(await fx.wallet.main(b.id)).toBe(125n);
    expect(await fx.wallet.main(a.id)).toBe(225n);
  });

  it('running the planner and the jobs again pays nothing twice', async () => {
    await settleDue(test.app);
    await settleDue(test.app);
    expect((await received(a, 'realtime_salary')).totalPaidMinor).toBe('350');
    expect(await fx.wallet.main(b.id)).toBe(125n);
    const entries = await test.database.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('kind', '=', 'agent_realtime_salary')
      .executeTakeFirstOrThrow();
    expect(entries.n).toBe(4n);
  });

  it('a late round: the re-run posts an adjusting entry for the difference, once', async () => {
    setClock('02T10:12:00.000');
    await endByOperator(ids.realtime_salary?.a ?? '');
    setClock('02T10:20:00.000');
    await r3.close();
    setClock('02T10:21:00.000');
    await settleDue(test.app);
    const rerunOnce = await rerun(ids.realtime_salary?.a ?? '', '2026-03-02T10:00:00.000Z');
    // 330,000 × 0.10 % = 330: 30 more than was paid, as a second entry.
    expect(rerunOnce).toMatchObject({
      baseMinor: '330000',
      entitledMinor: '330',
      paidMinor: '330',
      entries: 2,
    });
    for (let run = 0; run < 3; run += 1) {
      expect(await rerun(ids.realtime_salary?.a ?? '', '2026-03-02T10:00:00.000Z')).toMatchObject({
        entries: 2,
      });
    }
    // B's slot did not change (r3 is A's player's round, not B's team).
    expect(await rerun(ids.realtime_salary?.b ?? '', '2026-03-02T10:00:00.000Z')).toMatchObject({
      paidMinor: '100',
      entries: 1,
    });
    // The contract ended at 10:12: the 10:10 slot counts 10:10–10:12 only, and nothing is planned after it.
    const aGot = await received(a, 'realtime_salary');
    expect(aGot.total).toBe(27);
    expect(aGot.totalPaidMinor).toBe('380');
    const adjusted = await test.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['agent_contract.adjusted', 'agent_contract.rerun'])
      .execute();
    expect(adjusted.filter((row) => row.action === 'agent_contract.adjusted')).toHaveLength(1);
    expect(adjusted.filter((row) => row.action === 'agent_contract.rerun').length).toBeGreaterThanOrEqual(4);
  });

  it('hourly salary: the hour from 10:00 counts every round that started in it', async () => {
    setClock('02T11:02:00.000');
    await settleDue(test.app);
    // A: (100,000 + 200,000 + 30,000 + 50,000) × 0.20 % = 760; B: 250,000 × 0.10 % = 250.
    expect(slot((await received(a, 'hourly_salary')).list, '2026-03-02T10:00:00.000Z')).toMatchObject({
      paidMinor: '760',
    });
    expect(slot((await received(b, 'hourly_salary')).list, '2026-03-02T10:00:00.000Z')).toMatchObject({
      paidMinor: '250',
    });
    expect((await received(a, 'hourly_salary')).total).toBe(3);
    await endByOperator(ids.hourly_salary?.a ?? '');
  });

  it('daily salary: the UTC day', async () => {
    setClock('03T00:02:00.000');
    await settleDue(test.app);
    // A: 380,000 × 1 % = 3,800; B: 250,000 × 0.5 % = 1,250.
    expect((await received(a, 'daily_salary')).list[0]).toMatchObject({
      baseMinor: '380000',
      paidMinor: '3800',
      periodEnd: '2026-03-03T00:00:00.000Z',
    });
    expect((await received(b, 'daily_salary')).list[0]).toMatchObject({
      paidMinor: '1250',
      activePlayers: 1,
    });
    await endByOperator(ids.daily_salary?.a ?? '');
  });

  it('dividend: the ISO week’s team net loss; a team that won earns nothing', async () => {
    setClock('09T00:02:00.000');
    await settleDue(test.app);
    // A's team lost 60,000 − 50,000 + 30,000 + 50,000 = 90,000: 20 % = 18,000. B's team (PB) is level: 0.
    const aDividend = await received(a, 'dividend');
    expect(aDividend.list).toHaveLength(1);
    expect(aDividend.list[0]).toMatchObject({
      periodStart: '2026-03-02T00:00:00.000Z',
      periodEnd: '2026-03-09T00:00:00.000Z',
      baseMinor: '90000',
      entitledMinor: '18000',
      paidMinor: '18000',
    });
    expect((await received(b, 'dividend')).list[0]).toMatchObject({
      baseMinor: '0',
      paidMinor: '0',
      entries: 0,
    });
    // A: 380 + 760 + 3,800 + 18,000 from the brand, less 125 + 250 + 1,250 paid to B.
    expect(await fx.wallet.main(a.id)).toBe(21_315n);
    expect(await fx.wallet.main(b.id)).toBe(1_625n);
  });

  it('an upline that cannot pay: the settlement awaits funds, and a later run pays it once it can', async () => {
    // Week of 03-09: PA wins 100,000, PB loses 100,000. A's team is level (A earns 0); B's team lost
    // 100,000 (B earns 10 % = 10,000, from A's wallet, which is empty).
    await fx.wallet.fund(a.id, -(await fx.wallet.main(a.id)));
    setClock('09T10:00:00.000');
    // New players: a game session lasts hours, not a week.
    await (await fx.player(a.id)).play(100_000n, 200_000n);
    await (await fx.player(b.id)).play(100_000n, 0n);
    setClock('16T00:02:00.000');
    await settleDue(test.app);
    const week = async (who: TeamMember) =>
      slot((await received(who, 'dividend')).list, '2026-03-09T00:00:00.000Z');
    expect(await week(a)).toMatchObject({ status: 'paid', entitledMinor: '0' });
    expect(await week(b)).toMatchObject({ status: 'awaiting_funds', entitledMinor: '10000', paidMinor: '0' });
    await fx.wallet.fund(a.id, 10_000n);
    setClock('16T00:13:00.000');
    await settleDue(test.app);
    expect(await week(b)).toMatchObject({ status: 'paid', paidMinor: '10000', entries: 1 });
    expect(await fx.wallet.main(b.id)).toBe(11_625n);
    expect(await fx.wallet.main(a.id)).toBe(0n);
  });
});
