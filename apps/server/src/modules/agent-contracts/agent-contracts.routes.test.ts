import {
  agentConsolidatedResponse,
  agentContractsResponse,
  CONTRACT_RELAY_PATHS,
  type ContractView,
  contractActionResponse,
  contractResponse,
  contractsPageResponse,
  operatorContractDetailResponse,
} from '@lotus/shared/agent-contracts.schema';
import { errorEnvelope } from '@lotus/shared/envelope';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import {
  type ContractsFixture,
  contractsFixture,
  LONG_SESSIONS,
  type TeamMember,
} from './agent-contracts.fixture.ts';

/**
 * The contracts' lifecycle through the relay calls and the operator API (SPEC §4; docs/agent-contracts.md):
 * every transition, the chain's monotone rates, the automatic terminations, the consolidated fields and who
 * may call.
 */
describe.each(testBackends())('agent contracts: lifecycle [%s]', (backend) => {
  const clock = manualClock(new Date('2026-03-02T08:00:00.000Z'));
  let test: TestApp;
  let fx: ContractsFixture;
  let top: TeamMember;
  let sub: TeamMember;
  let subSub: TeamMember;
  let player: TeamMember;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock, config: LONG_SESSIONS });
    fx = await contractsFixture(test.app, test.database, clock);
    top = await fx.agent();
    sub = await fx.agent(top.id);
    subSub = await fx.agent(sub.id);
    player = await fx.wallet.member({ type: 0, upline: top.id });
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  const failure = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    code: errorEnvelope.parse(response.json()).message,
  });
  const acted = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return contractActionResponse.parse(response.json()).value;
  };
  const list = async (who: TeamMember, kind: keyof typeof CONTRACT_RELAY_PATHS = 'daily_salary') => {
    const response = await test.app.inject({
      method: 'GET',
      url: CONTRACT_RELAY_PATHS[kind],
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(response.statusCode).toBe(200);
    return agentContractsResponse.parse(response.json()).value;
  };
  const offer = (
    from: TeamMember,
    to: TeamMember,
    rate: string,
    kind: 'daily_salary' | 'hourly_salary' = 'daily_salary',
  ) => fx.act(from.token, kind, { action: 'offer', downlineId: String(to.id), rate });

  it('refuses visitors (401) and players (403 error_not_agent) before reading the body', async () => {
    for (const path of [...Object.values(CONTRACT_RELAY_PATHS), '/wps/agent/consolidated']) {
      const anonymous = await test.app.inject({ method: 'GET', url: path });
      expect(failure(anonymous)).toEqual({ status: 401, code: 'not_logged_in' });
      const asPlayer = await test.app.inject({
        method: path.endsWith('consolidated') ? 'GET' : 'POST',
        url: path,
        headers: { authorization: `Bearer ${player.token}` },
        payload: { nonsense: true },
      });
      expect(failure(asPlayer)).toEqual({ status: 403, code: 'error_not_agent' });
    }
  });

  it('has no development settle-now route without DEV_INBOX', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/dev/agents/settle-now',
      headers: { authorization: `Bearer ${top.token}` },
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });

  it('an agent without a contract of the kind cannot offer one', async () => {
    expect(failure(await offer(top, sub, '1'))).toEqual({ status: 409, code: 'contract_upline_none' });
  });

  it('the operator sets a top contract; only for a top agent, with terms that fit the kind', async () => {
    expect((await fx.setTop(sub.username, 'daily_salary', { rate: '1' })).statusCode).toBe(409);
    expect(failure(await fx.setTop(top.username, 'daily_salary', { rate: '1', period: 'weekly' }))).toEqual({
      status: 400,
      code: 'contract_terms_invalid',
    });
    expect(failure(await fx.setTop(top.username, 'dividend', { rate: '20' }))).toEqual({
      status: 400,
      code: 'contract_terms_invalid',
    });
    expect(failure(await fx.setTop(top.username, 'daily_salary', { rate: '100.5' }))).toEqual({
      status: 400,
      code: 'contract_rate_invalid',
    });
    const response = await fx.setTop(top.username, 'daily_salary', { rate: '1.00' });
    expect(response.statusCode, response.body).toBe(200);
    const contract = contractResponse.parse(response.json()).value;
    expect(contract).toMatchObject({
      status: 'accepted',
      upline: null,
      rateBps: 100,
      rate: '1.00',
      period: 'daily',
    });
    expect((await list(top)).mine?.id).toBe(contract.id);
    expect((await list(top)).maxOfferRateBps).toBe(100);
  });

  it('refuses offers above the upline’s own rate, to a player, to a non-direct downline', async () => {
    const above = await offer(top, sub, '1.01');
    expect(failure(above)).toEqual({ status: 409, code: 'contract_rate_above_upline' });
    expect((above.json() as { value: unknown }).value).toMatchObject({ maxRateBps: 100, maxRate: '1.00' });
    expect(failure(await offer(top, player, '0.5'))).toEqual({
      status: 409,
      code: 'contract_downline_not_agent',
    });
    expect(failure(await offer(top, subSub, '0.5'))).toEqual({
      status: 409,
      code: 'contract_not_direct_downline',
    });
    expect(failure(await offer(top, sub, 'abc'))).toEqual({ status: 400, code: 'contract_rate_invalid' });
  });

  it('offer → reject; offer → withdrawn by a newer offer; the consolidated fields count what waits', async () => {
    const first = acted(await offer(top, sub, '0.4')).contract as ContractView;
    expect(first.status).toBe('offered');
    const consolidated = async (who: TeamMember) =>
      agentConsolidatedResponse.parse(
        (
          await test.app.inject({
            method: 'GET',
            url: '/wps/agent/consolidated',
            headers: { authorization: `Bearer ${who.token}` },
          })
        ).json(),
      ).value;
    expect(await consolidated(sub)).toMatchObject({ dailysalreqtype: 1, divtypereq: 0 });
    expect((await consolidated(sub)).applies.daily_salary).toBe(true);

    const second = acted(await offer(top, sub, '0.45')).contract as ContractView;
    const subView = await list(sub);
    expect(subView.offersToMe.map((contract) => contract.id)).toEqual([second.id]);
    expect(subView.history.find((contract) => contract.id === first.id)).toMatchObject({
      status: 'withdrawn',
      endReason: 'superseded',
    });
    // Only the downline answers an offer; the upline cannot accept its own.
    expect(
      failure(await fx.act(top.token, 'daily_salary', { action: 'accept', contractId: second.id })),
    ).toEqual({
      status: 409,
      code: 'contract_state_invalid',
    });
    // Another agent does not even see it.
    expect(
      failure(await fx.act(subSub.token, 'daily_salary', { action: 'reject', contractId: second.id })),
    ).toEqual({
      status: 404,
      code: 'contract_not_found',
    });
    // Nor does the same agent through another kind's call.
    expect(
      failure(await fx.act(sub.token, 'hourly_salary', { action: 'reject', contractId: second.id })),
    ).toEqual({
      status: 404,
      code: 'contract_not_found',
    });
    const rejected = acted(
      await fx.act(sub.token, 'daily_salary', { action: 'reject', contractId: second.id }),
    );
    expect(rejected.contract).toMatchObject({ status: 'rejected', endReason: 'by_downline' });
    expect(await consolidated(sub)).toMatchObject({ dailysalreqtype: 0 });
    expect(
      failure(await fx.act(sub.token, 'daily_salary', { action: 'accept', contractId: second.id })),
    ).toEqual({
      status: 409,
      code: 'contract_state_invalid',
    });
  });

  it('the upline withdraws its own offer with end', async () => {
    const made = acted(await offer(top, sub, '0.3')).contract as ContractView;
    const withdrawn = acted(await fx.act(top.token, 'daily_salary', { action: 'end', contractId: made.id }));
    expect(withdrawn.contract).toMatchObject({ status: 'withdrawn', endReason: 'by_upline' });
  });

  it('offer → accept; a newer accepted contract supersedes; either side ends it', async () => {
    const id = await fx.contract(top, sub, 'daily_salary', { rate: '0.5' });
    expect((await list(sub)).mine).toMatchObject({ id, status: 'accepted', rateBps: 50 });
    expect((await list(top)).downline.map((contract) => contract.id)).toContain(id);

    const newer = await fx.contract(top, sub, 'daily_salary', { rate: '0.6' });
    const history = (await list(sub)).history;
    expect(history.find((contract) => contract.id === id)).toMatchObject({
      status: 'ended',
      endReason: 'superseded',
    });
    const ended = acted(await fx.act(sub.token, 'daily_salary', { action: 'end', contractId: newer }));
    expect(ended.contract).toMatchObject({ status: 'ended', endReason: 'by_downline' });
    expect(ended.contracts.mine).toBeNull();
    expect(failure(await fx.act(top.token, 'daily_salary', { action: 'end', contractId: newer }))).toEqual({
      status: 409,
      code: 'contract_state_invalid',
    });
  });

  it('tiers: only on a daily salary; the headline is the highest rate and must fit under the upline', async () => {
    const tiers = [{ minTurnover: '1000', minActivePlayers: 2, rate: '0.9' }];
    const tooHigh = await fx.act(top.token, 'daily_salary', {
      action: 'offer',
      downlineId: String(sub.id),
      rate: '0.5',
      tiers: [{ minTurnover: '1000', minActivePlayers: 2, rate: '1.5' }],
    });
    expect(failure(tooHigh)).toEqual({ status: 409, code: 'contract_rate_above_upline' });
    const tiered = acted(
      await fx.act(top.token, 'daily_salary', {
        action: 'offer',
        downlineId: String(sub.id),
        rate: '0.5',
        tiers,
      }),
    ).contract as ContractView;
    expect(tiered).toMatchObject({ rateBps: 90, baseRateBps: 50 });
    expect(tiered.tiers).toEqual([
      { minTurnoverMinor: '100000', minTurnover: '1000.00', minActivePlayers: 2, rateBps: 90, rate: '0.90' },
    ]);
    // An hourly salary takes no tiers: the schema refuses the field (400 invalid_request).
    const hourly = await fx.act(top.token, 'hourly_salary', {
      action: 'offer',
      downlineId: String(sub.id),
      rate: '0.1',
      tiers,
    });
    expect(hourly.statusCode).toBe(400);
    acted(await fx.act(top.token, 'daily_salary', { action: 'end', contractId: tiered.id }));
  });

  it('a lower rate upstream ends the contracts above it, and those below them (audited)', async () => {
    const subContract = await fx.contract(top, sub, 'daily_salary', { rate: '0.8' });
    const subSubContract = await fx.contract(sub, subSub, 'daily_salary', { rate: '0.3' });
    const pending = acted(await offer(top, sub, '0.7')).contract as ContractView;
    // The brand lowers the top agent to 0.5 %: sub's 0.8 % ends, its open offer at 0.7 % is withdrawn, and
    // sub-sub's 0.3 % (lower, but its upline now holds nothing) ends with it.
    await fx.setTopOk(top.username, 'daily_salary', { rate: '0.5' });
    const subHistory = (await list(sub)).history;
    expect(subHistory.find((contract) => contract.id === subContract)).toMatchObject({
      status: 'ended',
      endReason: 'upline_rate_lowered',
    });
    expect(subHistory.find((contract) => contract.id === pending.id)).toMatchObject({
      status: 'withdrawn',
      endReason: 'upline_rate_lowered',
    });
    expect((await list(subSub)).history.find((contract) => contract.id === subSubContract)).toMatchObject({
      status: 'ended',
      endReason: 'upline_contract_ended',
    });
    const audit = await test.database.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', 'like', 'agent_contract.%')
      .where('member_id', '=', subSub.id)
      .execute();
    expect(audit.map((row) => row.action)).toContain('agent_contract.ended');
  });

  it('a contract at or under the new rate stays when the upline accepts a lower one', async () => {
    const kept = await fx.contract(top, sub, 'daily_salary', { rate: '0.2' });
    await fx.setTopOk(top.username, 'daily_salary', { rate: '0.25' });
    expect((await list(sub)).mine?.id).toBe(kept);
  });

  it('the operator lists, shows and ends any contract; the chain below ends with it', async () => {
    const ops = await fx.ops();
    const page = await test.app.inject({
      method: 'GET',
      url: `/wps/ops/contracts?username=${sub.username}`,
      headers: ops,
    });
    expect(page.statusCode).toBe(200);
    const contracts = contractsPageResponse.parse(page.json()).value;
    expect(contracts.total).toBeGreaterThan(0);
    const mine = (await list(sub)).mine as ContractView;
    const below = await fx.contract(sub, subSub, 'daily_salary', { rate: '0.1' });
    const detail = await test.app.inject({
      method: 'GET',
      url: `/wps/ops/contracts/${mine.id}`,
      headers: ops,
    });
    expect(operatorContractDetailResponse.parse(detail.json()).value.contract.id).toBe(mine.id);
    const ended = await test.app.inject({
      method: 'POST',
      url: `/wps/ops/contracts/${mine.id}/end`,
      headers: ops,
      payload: { reason: 'review' },
    });
    expect(contractResponse.parse(ended.json()).value).toMatchObject({
      status: 'ended',
      endReason: 'by_operator',
    });
    expect((await list(subSub)).history.find((contract) => contract.id === below)).toMatchObject({
      endReason: 'upline_contract_ended',
    });
    const missing = await test.app.inject({
      method: 'GET',
      url: '/wps/ops/contracts/999999999',
      headers: ops,
    });
    expect(failure(missing)).toEqual({ status: 404, code: 'contract_not_found' });
  });

  it('the database refuses a transition the lifecycle does not have, and a change of terms', async () => {
    const row = await test.database.db
      .selectFrom('agent_contracts')
      .select('id')
      .where('status', '=', 'ended')
      .executeTakeFirstOrThrow();
    await expect(
      test.database.db
        .updateTable('agent_contracts')
        .set({ status: 'accepted' })
        .where('id', '=', row.id)
        .execute(),
    ).rejects.toThrow(/agent_contract/);
    await expect(
      test.database.db.updateTable('agent_contracts').set({ rate_bps: 1 }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/agent_contract_terms_fixed/);
  });
});
