import { randomUUID } from 'node:crypto';
import {
  agentIncomeResponse,
  type TeamBettingReport,
  teamBettingResponse,
  teamLossResponse,
} from '@lotus/shared/agent-reports.schema';
import { agentTransfersResponse } from '@lotus/shared/agents.schema';
import { addDays, todayUtc } from '@lotus/shared/date-ranges';
import { errorEnvelope } from '@lotus/shared/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { ensureGame, gameIdOf, insertLaunchSession } from '../../../test/helpers/games-fixture.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { transact } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { createSeamlessWalletClient, injectTransport } from '../vendor-protocol/protocol-client.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import {
  PROTOCOL_TEST_SECRET,
  PROTOCOL_TEST_VENDOR,
  protocolFixture,
} from '../vendor-protocol/vendor-protocol.fixture.ts';
import { createAgentTreeApi } from './agent-tree.ts';

/**
 * The agent reports over a three-level team whose rounds are played through the seamless-wallet protocol
 * (settled, open, rolled back), at set instants of the two days before today (UTC):
 *
 *   agent A ─┬─ P1 (player)         D1 10:15 RNG stake 1000 win 2500; D2 09:00 RNG stake 500 lost;
 *            │                      an open round (stake 700) that counts nothing
 *            └─ S (sub-agent)       D2 15:00 RNG stake 400 lost
 *                ├─ P2 (player)     D1 11:30 RNG stake 2000 lost; a rolled-back round (900): nothing
 *                └─ S2 (sub-agent)
 *                    └─ P3          D2 14:45 FISH stake 3000 win 1000
 *   outsider O (no upline)          D1 12:00 RNG stake 5000 lost: in nobody's team
 */
describe.each(testBackends())('agent reports [%s]', (backend) => {
  let test: TestApp;
  let fx: WalletFixture;
  let current = new Date();
  const clock: Clock = { now: () => current };
  const today = todayUtc();
  const d1 = addDays(today, -2);
  const d2 = addDays(today, -1);
  const at = (day: string, time: string) => new Date(`${day}T${time}:00.000Z`);
  type Member = { id: bigint; username: string; token: string };
  let agent: Member;
  let p1: Member;
  let sub: Member;
  let p2: Member;
  let sub2: Member;
  let p3: Member;
  let outsider: Member;
  let client: SeamlessWalletClient;
  let launch: (
    memberId: bigint,
    game: 'slot' | 'fish',
  ) => Promise<{ playerId: string; sessionToken: string }>;
  const GAMES = { slot: 'agg-test-slot', fish: 'agg-test-fish' } as const;

  /** One round at `when`: debits, then a closing credit unless `open`; rolled back when `rollback`. */
  async function round(
    member: Member,
    when: Date,
    game: 'slot' | 'fish',
    stake: bigint,
    outcome: { win?: bigint; open?: boolean; rollback?: boolean } = {},
  ) {
    current = when;
    try {
      const session = await launch(member.id, game);
      const base = { ...session, gameCode: GAMES[game], roundId: `r-${randomUUID()}` };
      const debit = { ...base, txnId: `d-${randomUUID()}`, amountMinor: stake };
      expect((await client.debit(debit)).status).toBe('OK');
      if (outcome.rollback) {
        const rollback = { ...base, txnId: `rb-${randomUUID()}`, targetTxnId: debit.txnId };
        expect((await client.rollback(rollback)).status).toBe('OK');
        return;
      }
      if (outcome.open) return;
      const credit = {
        ...base,
        txnId: `c-${randomUUID()}`,
        amountMinor: outcome.win ?? 0n,
        roundClosed: true,
      };
      expect((await client.credit(credit)).status).toBe('OK');
    } finally {
      current = new Date();
    }
  }

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    fx = await walletFixture(test.app, test.database);
    const protocol = await protocolFixture(test.app, test.database);
    const { db } = test.database;
    await ensureGame(db, {
      brandId: protocol.brandId,
      vendorId: protocol.vendorId,
      gameType: 'RNG',
      gameCode: GAMES.slot,
      names: { EN: 'Aggregates slot' },
    });
    await ensureGame(db, {
      brandId: protocol.brandId,
      vendorId: protocol.vendorId,
      gameType: 'FISH',
      gameCode: GAMES.fish,
      names: { EN: 'Aggregates fish' },
    });
    const gameIds = {
      slot: await gameIdOf(db, protocol.vendorId, GAMES.slot),
      fish: await gameIdOf(db, protocol.vendorId, GAMES.fish),
    };
    // The vendor's clock is the app's, so a round played "yesterday" is not a stale request.
    client = createSeamlessWalletClient({
      vendorCode: PROTOCOL_TEST_VENDOR,
      secret: PROTOCOL_TEST_SECRET,
      transport: injectTransport(test.app),
      now: () => clock.now().getTime(),
    });
    launch = async (memberId, game) => {
      const token = await insertLaunchSession(db, {
        brandId: protocol.brandId,
        memberId,
        gameId: gameIds[game],
        vendorId: protocol.vendorId,
        minutes: 240,
      });
      const auth = await client.authenticate(token);
      if (auth.status !== 'OK') throw new Error(`authenticate: ${auth.status}`);
      return { playerId: auth.playerId, sessionToken: auth.sessionToken };
    };

    agent = await fx.member({ type: 1 });
    p1 = await fx.member({ type: 0, upline: agent.id, fundMinor: 100_000n });
    sub = await fx.member({ type: 41, upline: agent.id, fundMinor: 100_000n });
    p2 = await fx.member({ type: 0, upline: sub.id, fundMinor: 100_000n });
    sub2 = await fx.member({ type: 42, upline: sub.id });
    p3 = await fx.member({ type: 0, upline: sub2.id, fundMinor: 100_000n });
    outsider = await fx.member({ type: 0, fundMinor: 100_000n });

    await round(p1, at(d1, '10:15'), 'slot', 1000n, { win: 2500n });
    await round(p1, at(d2, '09:00'), 'slot', 500n);
    await round(p1, at(d2, '09:30'), 'slot', 700n, { open: true });
    await round(sub, at(d2, '15:00'), 'slot', 400n);
    await round(p2, at(d1, '11:30'), 'slot', 2000n);
    await round(p2, at(d1, '11:40'), 'slot', 900n, { rollback: true });
    await round(p3, at(d2, '14:45'), 'fish', 3000n, { win: 1000n });
    await round(outsider, at(d1, '12:00'), 'slot', 5000n);
  }, 120_000);

  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const get = (url: string, token?: string) =>
    test.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const failure = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const betting = async (token: string, query = ''): Promise<TeamBettingReport> => {
    const response = await get(`/wps/agent/team/betting?from=${d1}&to=${d2}${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return teamBettingResponse.parse(response.json()).value;
  };
  const figures = (stake: number, payout: number, rounds: number) => ({
    stakeMinor: String(stake),
    validTurnoverMinor: String(stake),
    payoutMinor: String(payout),
    netMinor: String(payout - stake),
    rounds,
  });

  describe('who may call', () => {
    const urls = ['/wps/agent/team/betting', '/wps/agent/team/loss', '/wps/agent/income'];

    it.each(urls)(
      '%s: a visitor gets 401, a player 403 error_not_agent (before its query is read)',
      async (url) => {
        expect((await get(url)).statusCode).toBe(401);
        const response = await get(`${url}?from=not-a-date`, p1.token);
        expect(response.statusCode).toBe(403);
        expect(failure(response).message).toBe('error_not_agent');
      },
    );
  });

  describe('team betting', () => {
    it('sums each direct downline’s whole subtree; open, rolled-back and outside rounds count nothing', async () => {
      const report = await betting(agent.token);
      expect(report).toMatchObject({ from: d1, to: d2, gameType: null, total: 2, activeMembers: 4 });
      expect(report.totals).toMatchObject(figures(6900, 3500, 5));
      // Most valid turnover first: S (its own 400, P2's 2000, P3's 3000), then P1.
      expect(report.list.map((row) => row.downline.username)).toEqual([sub.username, p1.username]);
      const [subRow, p1Row] = report.list;
      expect(subRow?.downline).toMatchObject({ id: String(sub.id), memberType: 41, isAgent: true });
      expect(subRow?.totals).toMatchObject(figures(5400, 1000, 3));
      expect(subRow?.activeMembers).toBe(3);
      expect(subRow?.byGameType).toEqual([
        expect.objectContaining({ gameType: 'FISH', ...figures(3000, 1000, 1) }),
        expect.objectContaining({ gameType: 'RNG', ...figures(2400, 0, 2) }),
      ]);
      expect(p1Row?.totals).toMatchObject(figures(1500, 2500, 2));
      expect(p1Row?.downline.isAgent).toBe(false);
      expect(report.byGameType).toEqual([
        expect.objectContaining({ gameType: 'RNG', ...figures(3900, 2500, 4) }),
        expect.objectContaining({ gameType: 'FISH', ...figures(3000, 1000, 1) }),
      ]);
      expect(report.totals.net).toBe('-34.00');
      // The chart's days: the rounds by the UTC day they settled on (P1's open round and the rolled-back
      // one count nothing).
      expect(report.byDay).toEqual([
        expect.objectContaining({ day: d1, ...figures(3000, 2500, 2) }),
        expect.objectContaining({ day: d2, ...figures(3900, 1000, 3) }),
      ]);
    });

    it('each level sees its own team below it, not its own play', async () => {
      const ofSub = await betting(sub.token);
      expect(ofSub.totals).toMatchObject(figures(5000, 1000, 2));
      expect(ofSub.list.map((row) => [row.downline.username, row.totals.stakeMinor])).toEqual([
        [sub2.username, '3000'],
        [p2.username, '2000'],
      ]);
      const ofSub2 = await betting(sub2.token);
      expect(ofSub2.totals).toMatchObject(figures(3000, 1000, 1));
      expect(ofSub2.list).toHaveLength(1);
    });

    it('narrows to a game type, a day and a direct downline', async () => {
      const fish = await betting(agent.token, '&gameType=FISH');
      expect(fish.totals).toMatchObject(figures(3000, 1000, 1));
      expect(fish.list.map((row) => row.downline.username)).toEqual([sub.username]);

      const firstDay = await get(`/wps/agent/team/betting?from=${d1}&to=${d1}`, agent.token);
      expect(teamBettingResponse.parse(firstDay.json()).value.totals).toMatchObject(figures(3000, 2500, 2));

      const one = await betting(agent.token, `&downline=${p1.id}`);
      expect(one.list).toHaveLength(1);
      expect(one.totals).toMatchObject(figures(1500, 2500, 2));
      expect(one.activeMembers).toBe(1);
      // Narrowed to one downline, its own play counts (it is its subtree's top).
      expect(one.byDay).toEqual([
        expect.objectContaining({ day: d1, ...figures(1000, 2500, 1) }),
        expect.objectContaining({ day: d2, ...figures(500, 0, 1) }),
      ]);
    });

    it('refuses a downline that is not a direct one (404) and bad ranges (400)', async () => {
      for (const other of [p2.id, outsider.id, agent.id]) {
        const response = await get(`/wps/agent/team/betting?downline=${other}`, agent.token);
        expect(response.statusCode).toBe(404);
        expect(failure(response).message).toBe('downline_not_in_team');
      }
      for (const query of [
        `from=${d2}&to=${d1}`,
        `from=${addDays(today, -92)}&to=${today}`,
        'from=2026-02-30',
        'to=tomorrow',
        'gameType=not%20a%20type',
        'downline=0',
      ]) {
        const response = await get(`/wps/agent/team/betting?${query}`, agent.token);
        expect(response.statusCode, query).toBe(400);
        expect(failure(response).message).toBe('invalid_request');
      }
      const widest = await get(
        `/wps/agent/team/betting?from=${addDays(today, -91)}&to=${today}`,
        agent.token,
      );
      expect(widest.statusCode).toBe(200);
    });

    it('pages the direct downlines and keeps the team totals on every page', async () => {
      const second = await betting(agent.token, '&page=2&pageSize=1');
      expect(second).toMatchObject({ page: 2, pageSize: 1, total: 2, totalPages: 2 });
      expect(second.list.map((row) => row.downline.username)).toEqual([p1.username]);
      expect(second.totals).toMatchObject(figures(6900, 3500, 5));
    });
  });

  describe('downline loss statements', () => {
    it('gives every team member with rounds its net per day, by username', async () => {
      const response = await get(`/wps/agent/team/loss?from=${d1}&to=${d2}&period=day`, agent.token);
      expect(response.statusCode, response.body).toBe(200);
      const report = teamLossResponse.parse(response.json()).value;
      const expected = [p1, p2, p3, sub].sort((a, b) => (a.username < b.username ? -1 : 1));
      expect(report.list.map((row) => row.member.username)).toEqual(
        expected.map((member) => member.username),
      );
      expect(report.total).toBe(4);
      expect(report.totals).toMatchObject(figures(6900, 3500, 5));
      const p1Row = report.list.find((row) => row.member.username === p1.username);
      expect(p1Row).toMatchObject({ depth: 1, uplineUsername: agent.username });
      expect(p1Row?.periods).toEqual([
        expect.objectContaining({ periodStart: d1, ...figures(1000, 2500, 1) }),
        expect.objectContaining({ periodStart: d2, ...figures(500, 0, 1) }),
      ]);
      expect(p1Row?.totals).toMatchObject(figures(1500, 2500, 2));
      const p3Row = report.list.find((row) => row.member.username === p3.username);
      expect(p3Row).toMatchObject({ depth: 3, uplineUsername: sub2.username });
    });

    it('groups by week (from Monday) and month, a period cut by the range starting at the range', async () => {
      for (const period of ['week', 'month'] as const) {
        const response = await get(`/wps/agent/team/loss?from=${d1}&to=${d2}&period=${period}`, agent.token);
        const report = teamLossResponse.parse(response.json()).value;
        const p1Row = report.list.find((row) => row.member.username === p1.username);
        const starts = p1Row?.periods.map((item) => item.periodStart) ?? [];
        // The two days share a period unless d2 starts a new one (a Monday, or the 1st for months).
        const d2StartsPeriod =
          period === 'week' ? new Date(`${d2}T00:00:00Z`).getUTCDay() === 1 : d2.endsWith('-01');
        expect(starts).toEqual(d2StartsPeriod ? [d1, d2] : [d1]);
        expect(p1Row?.totals).toMatchObject(figures(1500, 2500, 2));
      }
    });

    it('searches by a part of the username and pages', async () => {
      const search = p3.username.slice(-6).toUpperCase();
      const response = await get(`/wps/agent/team/loss?from=${d1}&to=${d2}&username=${search}`, agent.token);
      const report = teamLossResponse.parse(response.json()).value;
      expect(report.list.map((row) => row.member.username)).toEqual([p3.username]);
      expect(report.totals).toMatchObject(figures(3000, 1000, 1));
      const page = teamLossResponse.parse(
        (await get(`/wps/agent/team/loss?from=${d1}&to=${d2}&pageSize=3&page=2`, agent.token)).json(),
      ).value;
      expect(page).toMatchObject({ total: 4, totalPages: 2 });
      expect(page.list).toHaveLength(1);
    });
  });

  describe('team transaction details', () => {
    it('keeps the agent transfers as the default, and lists the team’s moves by type', async () => {
      const plain = agentTransfersResponse.parse(
        (await get('/wps/agent/transfers', agent.token)).json(),
      ).value;
      expect(plain.type).toBe('agent_transfer');

      const funding = agentTransfersResponse.parse(
        (await get('/wps/agent/transfers?type=adjustment&pageSize=100', agent.token)).json(),
      ).value;
      // The fixture funded P1, S, P2 and P3 (100,000 each) today; the outsider is not in the team.
      expect(funding.list.map((row) => row.counterpart).sort()).toEqual(
        [p1, sub, p2, p3].map((member) => member.username).sort(),
      );
      expect(funding.list.every((row) => row.direction === 'in' && row.amountMinor === '100000')).toBe(true);

      const bets = agentTransfersResponse.parse(
        (await get(`/wps/agent/transfers?type=bet&from=${d1}&to=${d2}`, agent.token)).json(),
      ).value;
      const p1Bets = bets.list.filter((row) => row.counterpart === p1.username);
      expect(p1Bets.map((row) => [row.createdAt.slice(0, 10), row.amountMinor, row.direction])).toEqual([
        [d2, '500', 'out'],
        [d1, '1000', 'out'],
      ]);
      expect(bets.total).toBe(5);

      const all = agentTransfersResponse.parse(
        (await get(`/wps/agent/transfers?type=all&from=${d1}&to=${today}&pageSize=100`, agent.token)).json(),
      ).value;
      // 4 fundings, 5 daily stake sums, 2 daily win sums (P1 on d1, P3 on d2).
      expect(all.total).toBe(11);
      expect(
        all.list
          .filter((row) => row.type === 'win')
          .map((row) => row.amountMinor)
          .sort(),
      ).toEqual(['1000', '2500']);
    });
  });

  describe('my income', () => {
    it('sums the income kinds paid into the agent’s wallet per day, every day of the range listed', async () => {
      const wallet = await fx.ledger.memberMainAccount(agent.id);
      const pay = (kind: 'commission' | 'agent_daily_salary', amountMinor: bigint) =>
        fx.ledger.post({
          brandId: fx.brandId,
          idempotencyKey: `test:income:${randomUUID()}`,
          kind: kind as 'commission',
          postings: [
            { system: 'house', amountMinor: -amountMinor },
            { accountId: wallet.id, amountMinor },
          ],
        });
      await pay('commission', 1234n);
      await pay('agent_daily_salary', 566n);
      // The agent pays its sub-agent a salary: the sub-agent's income, not a negative one of the agent's.
      await fx.fund(agent.id, 10_000n);
      const subWallet = await fx.ledger.memberMainAccount(sub.id);
      await fx.ledger.post({
        brandId: fx.brandId,
        idempotencyKey: `test:income:${randomUUID()}`,
        kind: 'agent_daily_salary' as 'commission',
        postings: [
          { accountId: wallet.id, amountMinor: -300n },
          { accountId: subWallet.id, amountMinor: 300n },
        ],
      });
      const response = await get(`/wps/agent/income?from=${d1}&to=${today}`, agent.token);
      expect(response.statusCode, response.body).toBe(200);
      const report = agentIncomeResponse.parse(response.json()).value;
      expect(report.days.map((day) => day.date)).toEqual([d1, d2, today]);
      expect(report.days.at(-1)).toMatchObject({ totalMinor: '1800', total: '18.00' });
      expect(report.days[0]?.totalMinor).toBe('0');
      expect(report.byKind.find((item) => item.kind === 'commission')?.amountMinor).toBe('1234');
      expect(report.byKind.find((item) => item.kind === 'agent_daily_salary')?.amountMinor).toBe('566');
      expect(report.totalMinor).toBe('1800');
      const ofSub = agentIncomeResponse.parse((await get('/wps/agent/income', sub.token)).json()).value;
      expect(ofSub.totalMinor).toBe('300');
      expect(ofSub.byKind.find((item) => item.kind === 'agent_daily_salary')?.amountMinor).toBe('300');
    });
  });

  describe('the api for settlements', () => {
    it('sums any period: whole hours from the aggregates, the minutes around them from the rounds', async () => {
      const api = createAgentTreeApi(test.database.db, clock);
      expect(await api.teamTurnover(undefined, agent.id, at(d1, '00:00'), at(today, '00:00'))).toBe(6900n);
      expect(await api.teamTurnover(undefined, agent.id, at(d1, '10:00'), at(d1, '10:30'))).toBe(1000n);
      expect(await api.teamTurnover(undefined, agent.id, at(d1, '10:16'), at(d1, '10:30'))).toBe(0n);
      // 10:20 → 14:50 next day: P2 11:30, P1 09:00, P3 14:45 (S at 15:00 is after the end).
      expect(await api.teamTurnover(undefined, agent.id, at(d1, '10:20'), at(d2, '14:50'))).toBe(5500n);
      expect(await api.teamTurnover(undefined, agent.id, at(d1, '00:00'), at(today, '00:00'), ['FISH'])).toBe(
        3000n,
      );
      expect(await api.teamNetLoss(undefined, agent.id, at(d1, '00:00'), at(today, '00:00'))).toBe(3400n);
      expect(await api.activePlayers(undefined, agent.id, at(d1, '00:00'), at(today, '00:00'))).toBe(4);
      expect(await api.activePlayers(undefined, sub.id, at(d1, '00:00'), at(today, '00:00'))).toBe(2);
      const withSelf = await api.teamSums(undefined, sub.id, at(d1, '00:00'), at(today, '00:00'), {
        includeSelf: true,
      });
      expect(withSelf).toMatchObject({ stakeMinor: 5400n, payoutMinor: 1000n, rounds: 3, activeMembers: 3 });
      expect(await api.teamFigures(undefined, agent.id, at(d1, '00:00'), at(today, '00:00'))).toEqual({
        turnoverMinor: 6900n,
        netLossMinor: 3400n,
        activePlayers: 4,
      });
      // In the caller's transaction too.
      const inside = await transact(test.database.db, (trx) =>
        api.teamTurnover(trx, agent.id, at(d1, '00:00'), at(today, '00:00')),
      );
      expect(inside).toBe(6900n);
      expect(api.aggregatesCompleteUntil().getTime()).toBeLessThan(Date.now());
    });
  });

  describe('the member tree', () => {
    it('moves a whole subtree with its past rounds, and refuses a cycle', async () => {
      const { db } = test.database;
      // S2 (with P3) moves from under S to directly under A.
      await db.updateTable('members').set({ upline_id: agent.id }).where('id', '=', sub2.id).execute();
      try {
        const report = await betting(agent.token);
        expect(report.totals).toMatchObject(figures(6900, 3500, 5));
        expect(report.list.map((row) => [row.downline.username, row.totals.stakeMinor])).toEqual([
          [sub2.username, '3000'],
          [sub.username, '2400'],
          [p1.username, '1500'],
        ]);
        expect((await betting(sub.token)).totals).toMatchObject(figures(2000, 0, 1));

        // A under P3 (its own team), or a member under itself: refused, nothing changes.
        for (const [member, upline] of [
          [agent.id, p3.id],
          [sub2.id, sub2.id],
          [sub.id, p2.id],
        ] as const) {
          await expect(
            db.updateTable('members').set({ upline_id: upline }).where('id', '=', member).execute(),
          ).rejects.toThrow(/in its own team/);
        }
        expect((await betting(agent.token)).list).toHaveLength(3);
      } finally {
        await db.updateTable('members').set({ upline_id: sub.id }).where('id', '=', sub2.id).execute();
      }
      expect((await betting(sub.token)).totals).toMatchObject(figures(5000, 1000, 2));
      const depths = await db
        .selectFrom('member_tree')
        .select(['ancestor_id', 'depth'])
        .where('descendant_id', '=', p3.id)
        .orderBy('depth')
        .execute();
      expect(depths.map((row) => [row.ancestor_id, row.depth])).toEqual([
        [p3.id, 0],
        [sub2.id, 1],
        [sub.id, 2],
        [agent.id, 3],
      ]);
    });
  });
});
