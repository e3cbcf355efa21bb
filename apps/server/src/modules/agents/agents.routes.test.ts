import { randomUUID } from 'node:crypto';
import {
  agentTransfersResponse,
  downlinePageResponse,
  registeredDownlineResponse,
  teamOverviewResponse,
} from '@lotus/shared/agents.schema';
import { errorEnvelope } from '@lotus/shared/envelope';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { loginAs, sealFor } from '../../../test/helpers/login-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';

const PAY = 'Pay123456';
const DOWNLINE_PASSWORD = 'Downline2026';

describe.each(testBackends())('agent centre [%s]', (backend) => {
  let test: TestApp;
  let fx: WalletFixture;
  // agent → 3 players + sub-agent → 2 players
  let agent: { id: bigint; username: string; token: string };
  let subAgent: { id: bigint; username: string; token: string };
  let players: { id: bigint; username: string; token: string }[];
  let player: { id: bigint; username: string; token: string };

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await walletFixture(test.app, test.database);
    agent = await fx.member({ type: 1, paymentPassword: PAY, fundMinor: 1_000_000n });
    players = [];
    for (const fund of [10_000n, 20_000n, 0n]) {
      players.push(await fx.member({ type: 0, upline: agent.id, fundMinor: fund }));
    }
    subAgent = await fx.member({ type: 41, upline: agent.id, paymentPassword: PAY, fundMinor: 5_000n });
    for (let index = 0; index < 2; index += 1) {
      await fx.member({ type: 0, upline: subAgent.id, fundMinor: 700n });
    }
    player = await fx.member({ type: 0 });
  }, 90_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, token?: string) =>
    test.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const failure = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const register = async (token: string | undefined, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url: '/wps/agent/downlines',
      headers: token ? bearer(token) : {},
      payload: (await sealFor(test.app, payload)) as InjectOptions['payload'],
    });
  const newName = () => `dl${randomUUID().replace(/-/g, '').slice(0, 10)}`;

  describe('who may call', () => {
    const urls = ['/wps/agent/team/overview', '/wps/agent/downlines', '/wps/agent/transfers'];

    it.each(urls)('%s: a visitor gets 401 not_logged_in', async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(failure(response).message).toBe('not_logged_in');
    });

    it.each(urls)('%s: a player gets 403 error_not_agent', async (url) => {
      const response = await get(url, player.token);
      expect(response.statusCode).toBe(403);
      expect(failure(response).message).toBe('error_not_agent');
    });

    it('a type-4 account is not an agent; nor is a visitor or player registering a downline', async () => {
      const guest = await fx.member({ type: 4 });
      const overview = await get('/wps/agent/team/overview', guest.token);
      expect(overview.statusCode).toBe(403);
      expect(failure(overview).message).toBe('error_not_agent');
      const payload = { username: newName(), password: DOWNLINE_PASSWORD };
      expect((await register(undefined, payload)).statusCode).toBe(401);
      const byPlayer = await register(player.token, payload);
      expect(byPlayer.statusCode).toBe(403);
      expect(failure(byPlayer).message).toBe('error_not_agent');
    });

    it('refuses a non-agent before reading a malformed query', async () => {
      const response = await get('/wps/agent/downlines?page=zero', player.token);
      expect(response.statusCode).toBe(403);
    });
  });

  describe('team overview', () => {
    it('counts the tree and sums the direct balances', async () => {
      const response = await get('/wps/agent/team/overview', agent.token);
      expect(response.statusCode).toBe(200);
      const value = teamOverviewResponse.parse(response.json()).value;
      expect(value).toMatchObject({
        directCount: 4,
        teamCount: 6,
        agentCount: 1,
        // Every member above was made just now, in this calendar month.
        newThisMonth: 6,
        directBalanceMinor: '35000',
        directBalance: '350.00',
        invitationCode: null,
        registrationPath: null,
      });
      expect(value.monthStart).toMatch(/^\d{4}-\d{2}-01$/);
    });

    it('counts the sub-agent’s own team for the sub-agent', async () => {
      const value = teamOverviewResponse.parse(
        (await get('/wps/agent/team/overview', subAgent.token)).json(),
      ).value;
      expect(value).toMatchObject({
        directCount: 2,
        teamCount: 2,
        agentCount: 0,
        directBalanceMinor: '1400',
      });
    });

    it('gives the invitation code and the registration link the register page reads', async () => {
      await test.database.db
        .updateTable('members')
        .set({ affiliate_code: 'TEAM42' })
        .where('id', '=', subAgent.id)
        .execute();
      const value = teamOverviewResponse.parse(
        (await get('/wps/agent/team/overview', subAgent.token)).json(),
      ).value;
      expect(value.invitationCode).toBe('TEAM42');
      expect(value.registrationPath).toBe('/register?affiliateCode=TEAM42');
    });

    it('leaves out members made before this month from the new-member count', async () => {
      const old = await fx.member({ type: 0, upline: subAgent.id });
      await test.database.db
        .updateTable('members')
        .set({ created_at: new Date('2020-01-15T00:00:00Z') })
        .where('id', '=', old.id)
        .execute();
      const value = teamOverviewResponse.parse(
        (await get('/wps/agent/team/overview', subAgent.token)).json(),
      ).value;
      expect(value).toMatchObject({ directCount: 3, teamCount: 3, newThisMonth: 2 });
      await test.database.db
        .updateTable('members')
        .set({ upline_id: null })
        .where('id', '=', old.id)
        .execute();
    });
  });

  describe('downline list', () => {
    it('lists the direct downline newest first with balances', async () => {
      const value = downlinePageResponse.parse((await get('/wps/agent/downlines', agent.token)).json()).value;
      expect(value.total).toBe(4);
      expect(value.list.map((row) => row.username)).toEqual([
        subAgent.username,
        ...players.map((p) => p.username).reverse(),
      ]);
      const first = players[0];
      const row = value.list.find((item) => item.username === first?.username);
      expect(row).toMatchObject({ memberType: 0, balanceMinor: '10000', balance: '100.00' });
      // The fixture logged every member in: the newest session is the last login.
      expect(row?.lastLoginAt).not.toBeNull();
      expect(value.list.find((item) => item.username === subAgent.username)?.memberType).toBe(41);
    });

    it('pages', async () => {
      const pageOne = downlinePageResponse.parse(
        (await get('/wps/agent/downlines?page=1&pageSize=3', agent.token)).json(),
      ).value;
      const pageTwo = downlinePageResponse.parse(
        (await get('/wps/agent/downlines?page=2&pageSize=3', agent.token)).json(),
      ).value;
      expect(pageOne).toMatchObject({ page: 1, pageSize: 3, total: 4, totalPages: 2 });
      expect(pageOne.list).toHaveLength(3);
      expect(pageTwo.list).toHaveLength(1);
      expect(new Set([...pageOne.list, ...pageTwo.list].map((row) => row.id)).size).toBe(4);
    });

    it('searches by a part of the username in any case, wildcards taken literally', async () => {
      const target = players[1]?.username ?? '';
      const part = target.slice(-6).toUpperCase();
      const value = downlinePageResponse.parse(
        (await get(`/wps/agent/downlines?username=${part}`, agent.token)).json(),
      ).value;
      expect(value.list.map((row) => row.username)).toEqual([target]);
      const wild = downlinePageResponse.parse(
        (await get('/wps/agent/downlines?username=%25', agent.token)).json(),
      ).value;
      expect(wild.total).toBe(0);
    });

    it('answers 400 for a bad page size', async () => {
      const response = await get('/wps/agent/downlines?pageSize=1000', agent.token);
      expect(response.statusCode).toBe(400);
    });
  });

  describe('register downline', () => {
    it('makes a player under the agent who can log in, and audits it', async () => {
      const username = newName();
      const response = await register(agent.token, {
        username,
        password: DOWNLINE_PASSWORD,
        nickname: 'Ravi',
      });
      expect(response.statusCode).toBe(200);
      const value = registeredDownlineResponse.parse(response.json()).value;
      expect(value).toMatchObject({ username, nickname: 'Ravi' });
      const row = await test.database.db
        .selectFrom('members')
        .select(['upline_id', 'member_type', 'is_trial'])
        .where('id', '=', BigInt(value.id))
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ upline_id: agent.id, member_type: 0, is_trial: false });
      await expect(loginAs(test.app, username, DOWNLINE_PASSWORD)).resolves.toMatch(/./);
      const audit = await test.database.db
        .selectFrom('audit_log')
        .select(['member_id', 'detail'])
        .where('action', '=', 'agent.downline_registered')
        .where('member_id', '=', agent.id)
        .execute();
      expect(audit.map((entry) => entry.detail)).toContainEqual({ downlineId: value.id, username });
      expect(JSON.stringify(audit.map((entry) => entry.detail))).not.toContain(DOWNLINE_PASSWORD);
      // It is now in the list.
      const list = downlinePageResponse.parse(
        (await get(`/wps/agent/downlines?username=${username}`, agent.token)).json(),
      ).value;
      expect(list.list.map((item) => item.username)).toEqual([username]);
      await test.database.db
        .updateTable('members')
        .set({ upline_id: null })
        .where('username', '=', username)
        .execute();
    });

    it('refuses a taken username with username_taken, in any case, and creates nothing twice', async () => {
      const username = newName();
      expect((await register(agent.token, { username, password: DOWNLINE_PASSWORD })).statusCode).toBe(200);
      const again = await register(agent.token, {
        username: username.toUpperCase(),
        password: DOWNLINE_PASSWORD,
      });
      expect(again.statusCode).toBe(409);
      expect(failure(again).message).toBe('username_taken');
      const taken = await register(agent.token, { username: player.username, password: DOWNLINE_PASSWORD });
      expect(failure(taken).message).toBe('username_taken');
      const rows = await test.database.db
        .selectFrom('members')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username))
        .execute();
      expect(rows).toHaveLength(1);
      await test.database.db
        .updateTable('members')
        .set({ upline_id: null })
        .where('username', '=', username)
        .execute();
    });

    it.each([
      ['username', { username: 'ab', password: DOWNLINE_PASSWORD }, 'too_short'],
      ['username', { username: 'bad name!', password: DOWNLINE_PASSWORD }, undefined],
      ['password', { username: 'dlshortpw', password: '123' }, 'too_short'],
      ['username', { username: '', password: DOWNLINE_PASSWORD }, 'required'],
      [
        'nickname',
        { username: 'dlnicklong', password: DOWNLINE_PASSWORD, nickname: 'x'.repeat(30) },
        'too_long',
      ],
    ])('answers field_invalid for a bad %s', async (field, payload, check) => {
      const response = await register(agent.token, payload);
      expect(response.statusCode).toBe(400);
      const body = response.json() as { message: string; value: unknown };
      expect(body.message).toBe('field_invalid');
      expect(body.value).toMatchObject({ field, ...(check ? { check } : {}) });
    });

    it('answers invalid_request for an unsealed or malformed body', async () => {
      const plain = await test.app.inject({
        method: 'POST',
        url: '/wps/agent/downlines',
        headers: bearer(agent.token),
        payload: { username: newName(), password: DOWNLINE_PASSWORD },
      });
      expect(plain.statusCode).toBe(400);
      const extra = await register(agent.token, {
        username: newName(),
        password: DOWNLINE_PASSWORD,
        type: 1,
      });
      expect(extra.statusCode).toBe(400);
      expect(failure(extra).message).toBe('invalid_request');
    });
  });

  describe('downline transaction details', () => {
    it('lists transfers both ways between the agent and its direct downline', async () => {
      const to = players[2];
      if (!to) throw new Error('no player');
      const sent = await test.app.inject({
        method: 'POST',
        url: '/wps/agent/transfer/downline',
        headers: { ...bearer(agent.token), 'idempotency-key': randomUUID() },
        payload: (await sealFor(test.app, {
          username: to.username,
          amount: '12.50',
          withdrawPassword: PAY,
        })) as InjectOptions['payload'],
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const value = agentTransfersResponse.parse(
        (await get('/wps/agent/transfers', agent.token)).json(),
      ).value;
      expect(value.total).toBe(1);
      expect(value.list[0]).toMatchObject({
        direction: 'to_downline',
        counterpart: to.username,
        amountMinor: '1250',
        amount: '12.50',
      });
      expect(value.to).toBe(new Date().toISOString().slice(0, 10));

      // The sub-agent pays its upline: the agent sees it as from_downline.
      const up = await test.app.inject({
        method: 'POST',
        url: '/wps/member/transfer/upline',
        headers: { ...bearer(subAgent.token), 'idempotency-key': randomUUID() },
        payload: (await sealFor(test.app, {
          amount: '1',
          withdrawPassword: PAY,
        })) as InjectOptions['payload'],
      });
      expect(up.statusCode, up.body).toBe(200);
      const after = agentTransfersResponse.parse(
        (await get('/wps/agent/transfers', agent.token)).json(),
      ).value;
      expect(after.total).toBe(2);
      expect(after.list[0]).toMatchObject({ direction: 'from_downline', counterpart: subAgent.username });
      const paged = agentTransfersResponse.parse(
        (await get('/wps/agent/transfers?page=2&pageSize=1', agent.token)).json(),
      ).value;
      expect(paged).toMatchObject({ page: 2, totalPages: 2 });
      expect(paged.list[0]?.direction).toBe('to_downline');
      // The sub-agent's own list holds only its side of that move (its upline is not its downline).
      const own = agentTransfersResponse.parse(
        (await get('/wps/agent/transfers', subAgent.token)).json(),
      ).value;
      expect(own.total).toBe(0);
    });

    it('filters by date and checks the range', async () => {
      const past = agentTransfersResponse.parse(
        (await get('/wps/agent/transfers?from=2020-01-01&to=2020-01-31', agent.token)).json(),
      ).value;
      expect(past).toMatchObject({ total: 0, list: [], from: '2020-01-01', to: '2020-01-31' });
      for (const query of [
        'from=2020-01-01&to=2020-12-31',
        'from=2020-02-01&to=2020-01-01',
        'to=2020-02-30',
      ]) {
        const response = await get(`/wps/agent/transfers?${query}`, agent.token);
        expect(response.statusCode, query).toBe(400);
        expect(failure(response).message).toBe('invalid_request');
      }
    });
  });
});
