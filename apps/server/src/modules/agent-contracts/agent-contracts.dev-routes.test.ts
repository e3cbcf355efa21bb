import { settlementsPageResponse } from '@lotus/shared/agent-contracts.schema';
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
 * The browser journeys' `POST /dev/agents/settle-now` (DEV_INBOX only): the day so far is settled at once,
 * upline first; a round after it is paid by the adjusting entry of the day's own run when the day ends, and
 * the day keeps one settlement row per contract. Top agent A (daily salary 1 %), its sub-agent B (0.5 %),
 * B's player PB: 200,000 at 10:01, settle-now at 12:00, 100,000 at 13:00, the day ends.
 */
describe.each(testBackends())('agent contracts: settle-now hook [%s]', (backend) => {
  const clock = manualClock(at('02T08:00:00.000'));
  let test: TestApp;
  let fx: ContractsFixture;
  let a: TeamMember;
  let b: TeamMember;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock, config: { ...LONG_SESSIONS, devInbox: true } });
    fx = await contractsFixture(test.app, test.database, clock);
    a = await fx.agent();
    b = await fx.agent(a.id);
    const pb = await fx.player(b.id);
    await fx.setTopOk(a.username, 'daily_salary', { rate: '1' });
    await fx.contract(a, b, 'daily_salary', { rate: '0.5' });
    clock.advance(at('02T10:01:00.000').getTime() - clock.now().getTime());
    await pb.play(200_000n, 0n);
    clock.advance(at('02T12:00:00.000').getTime() - clock.now().getTime());
    const response = await test.app.inject({
      method: 'POST',
      url: '/dev/agents/settle-now',
      payload: { kind: 'daily_salary' },
    });
    expect(response.statusCode, response.body).toBe(200);
    clock.advance(at('02T13:00:00.000').getTime() - clock.now().getTime());
    await pb.play(100_000n, 0n);
  }, 120_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const received = async (who: TeamMember) => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/wps/agent/contracts/settlements?kind=daily_salary&from=2026-03-02&to=2026-03-02',
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return settlementsPageResponse.parse(response.json()).value.list;
  };

  it('settled the day so far at once, the upline paid by the brand and paying its downline', async () => {
    const [ofB] = await received(b);
    expect(ofB).toMatchObject({ baseMinor: '200000', entitledMinor: '1000', paidMinor: '1000', entries: 1 });
    const [ofA] = await received(a);
    expect(ofA).toMatchObject({ baseMinor: '200000', entitledMinor: '2000', paidMinor: '2000', entries: 1 });
  });

  it('pays a later round of the day by an adjusting entry when the day ends, in the same row', async () => {
    clock.advance(at('03T00:02:00.000').getTime() - clock.now().getTime());
    await settleDue(test.app);
    const rowsOfB = await received(b);
    expect(rowsOfB).toHaveLength(1);
    expect(rowsOfB[0]).toMatchObject({ baseMinor: '300000', paidMinor: '1500', entries: 2 });
    const rowsOfA = await received(a);
    expect(rowsOfA).toHaveLength(1);
    expect(rowsOfA[0]).toMatchObject({ baseMinor: '300000', paidMinor: '3000', entries: 2 });
  });

  it('is no route without DEV_INBOX', async () => {
    const plain = await buildTestApp({ backend, clock });
    try {
      const response = await plain.app.inject({ method: 'POST', url: '/dev/agents/settle-now', payload: {} });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
