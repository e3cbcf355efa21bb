import { randomUUID } from 'node:crypto';
import { serverSeedHash } from '@lotus/games/fair';
import { drawRafflePrize } from '@lotus/games/raffle';
import {
  myRafflesResponse,
  operatorRaffleResponse,
  raffleClaimResponse,
  raffleDrawsResponse,
} from '@lotus/shared/raffles.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import { manualClock } from '../../lib/clock.ts';
import { createOpsDeps, runOpsCommand } from '../../ops/commands.ts';
import { CLOSE_JOB, GRANT_JOB } from './raffle-campaigns.service.ts';
import { type RafflesFixture, rafflesFixture } from './raffles.fixture.ts';

type Member = Awaited<ReturnType<WalletFixture['member']>>;
const HOUR_MS = 3_600_000;

describe.each(testBackends())('raffles [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: WalletFixture;
  let rf: RafflesFixture;
  let finance: string;
  let member: Member;

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    fx = await walletFixture(test.app, test.database);
    finance = await operatorTokenFor(test.app, test.database.db, 'finance');
    rf = rafflesFixture(test.app, clock, finance);
    member = await fx.member();
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const seedOf = async (code: string) =>
    (
      await test.database.db
        .selectFrom('raffle_campaigns')
        .select(['seed', 'account_id'])
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).seed;
  const accountBalance = async (code: string) =>
    (
      await test.database.db
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('kind', '=', 'campaign')
        .where('vendor_code', '=', code)
        .executeTakeFirstOrThrow()
    ).balance_minor;
  const mine = async (token: string) => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/wps/member/raffles',
      headers: auth(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return myRafflesResponse.parse(response.json()).value.list;
  };
  const failure = (response: { json(): unknown }) => (response.json() as { message: string }).message;

  it('creates a draft with only the seed hash, starts it by funding its own account from bonus', async () => {
    const bonusBefore = await fx.ledger.systemBalance(fx.brandId, 'bonus');
    const draft = await rf.create({ budget: '250.50' });
    expect(draft).toMatchObject({ status: 'draft', seed: null, budgetMinor: '25050', balanceMinor: '0' });
    const seed = await seedOf(draft.code);
    expect(draft.seedHash).toBe(serverSeedHash(seed));
    // A draft is not the player's yet.
    expect((await mine(member.token)).some((row) => row.code === draft.code)).toBe(false);

    const started = await rf.start(draft.code);
    expect(started).toMatchObject({ status: 'running', seed: null, balanceMinor: '25050' });
    expect(await fx.ledger.systemBalance(fx.brandId, 'bonus')).toBe(bonusBefore - 25_050n);
    expect(await fx.entriesOfKind('campaign_funding')).toBeGreaterThan(0);
    // Starting again answers the running campaign and funds nothing more.
    const again = operatorRaffleResponse.parse((await rf.ops(`/wps/ops/raffles/${draft.code}/start`)).json());
    expect(again.value.balanceMinor).toBe('25050');
    const listed = (await mine(member.token)).find((row) => row.code === draft.code);
    expect(listed).toMatchObject({ seedHash: draft.seedHash, seed: null, ticketsLeft: 0, open: true });
  });

  it('refuses bad campaigns with 4xx codes', async () => {
    const now = clock.now().getTime();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ endsAt: new Date(now - 2 * HOUR_MS).toISOString() }, 400, 'raffle_window_invalid'],
      [{ prizes: [{ amount: '0', weight: 1 }] }, 400, 'raffle_prizes_invalid'],
      [{ prizes: [{ amount: '1', weight: 0 }] }, 400, 'invalid_request'],
      [{ budget: 'lots' }, 400, 'amount_invalid'],
      [{ kind: 'lottery' }, 400, 'invalid_request'],
    ];
    const base = await rf.create();
    cases.push([{ code: base.code }, 409, 'raffle_code_taken']);
    for (const [overrides, status, code] of cases) {
      const response = await rf.ops('/wps/ops/raffles', {
        code: `bad-${randomUUID().slice(0, 8)}`,
        kind: 'golden_egg',
        nameEn: 'Egg',
        nameHi: 'अंडा',
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + HOUR_MS).toISOString(),
        budget: '10',
        prizes: [{ amount: '1', weight: 1 }],
        rules: {},
        ...overrides,
      });
      expect(response.statusCode, `${code}: ${response.body}`).toBe(status);
      expect(failure(response)).toBe(code);
    }
    const missing = await rf.ops('/wps/ops/raffles/no-such-thing/start');
    expect(failure(missing)).toBe('raffle_not_found');
  });

  it('claims: the prize is HMAC(seed, ticket id) over the table, paid from the campaign, once per ticket', async () => {
    const campaign = await rf.running({ kind: 'prize_wheel' });
    const someone = await fx.member();
    const tickets = await rf.grant(campaign.code, someone.username, 3);
    expect(tickets).toHaveLength(3);
    expect((await mine(someone.token)).find((row) => row.code === campaign.code)?.ticketsLeft).toBe(3);

    const key = randomUUID();
    const first = await rf.claim(someone.token, campaign.code, undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    const claimed = raffleClaimResponse.parse(first.json()).value;
    expect(claimed.draw.ticketId).toBe(tickets[0]);
    expect(claimed.ticketsLeft).toBe(2);
    const seed = await seedOf(campaign.code);
    const expected = drawRafflePrize(seed, Number(tickets[0]), [
      { amountMinor: '100', weight: 60 },
      { amountMinor: '500', weight: 30 },
      { amountMinor: '2000', weight: 10 },
    ]);
    expect(claimed.draw).toMatchObject({
      prizeIndex: expected.index,
      prizeMinor: expected.amountMinor,
      seedHash: campaign.seedHash,
      seed: null,
    });
    expect(await fx.main(someone.id)).toBe(BigInt(expected.amountMinor));
    expect(await accountBalance(campaign.code)).toBe(100_000n - BigInt(expected.amountMinor));

    // The same key replays; the same ticket under another key is refused; a stranger's ticket is not found.
    expect((await rf.claim(someone.token, campaign.code, undefined, key)).json()).toEqual(first.json());
    const twice = await rf.claim(someone.token, campaign.code, tickets[0]);
    expect([twice.statusCode, failure(twice)]).toEqual([409, 'raffle_ticket_claimed']);
    const stranger = await rf.claim(member.token, campaign.code, tickets[1]);
    expect([stranger.statusCode, failure(stranger)]).toEqual([404, 'raffle_ticket_not_found']);
    expect((await rf.claim(someone.token, campaign.code, tickets[2])).statusCode).toBe(200);
    expect((await rf.claim(someone.token, campaign.code)).statusCode).toBe(200);
    const none = await rf.claim(someone.token, campaign.code);
    expect([none.statusCode, failure(none)]).toEqual([409, 'raffle_no_tickets']);
    const noKey = await test.app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_claimRafflePromotion',
      headers: auth(someone.token),
      payload: { campaignCode: campaign.code },
    });
    expect(failure(noKey)).toBe('idempotency_key_required');

    const draws = await test.app.inject({
      method: 'GET',
      url: '/wps/member/raffles/draws',
      headers: auth(someone.token),
    });
    const page = raffleDrawsResponse.parse(draws.json()).value;
    expect(page.total).toBe(3);
    expect(page.list.map((draw) => draw.ticketId).sort()).toEqual([...tickets].sort());
  });

  it('refuses a prize the budget cannot pay: nothing moves and the ticket stays unused', async () => {
    const campaign = await rf.running({ budget: '10', prizes: [{ amount: '6', weight: 1 }] });
    const someone = await fx.member();
    await rf.grant(campaign.code, someone.username, 2);
    expect((await rf.claim(someone.token, campaign.code)).statusCode).toBe(200);
    const refused = await rf.claim(someone.token, campaign.code);
    expect([refused.statusCode, failure(refused)]).toEqual([409, 'raffle_budget_exhausted']);
    expect(await accountBalance(campaign.code)).toBe(400n);
    expect(await fx.main(someone.id)).toBe(600n);
    expect((await mine(someone.token)).find((row) => row.code === campaign.code)?.ticketsLeft).toBe(1);
  });

  it('ends: the seed is revealed, every draw recomputes from it, the rest goes back to bonus', async () => {
    const campaign = await rf.running({ kind: 'golden_egg', budget: '500' });
    const someone = await fx.member();
    const tickets = await rf.grant(campaign.code, someone.username, 6);
    for (const ticket of tickets.slice(0, 4)) {
      expect((await rf.claim(someone.token, campaign.code, ticket)).statusCode).toBe(200);
    }
    const bonusBefore = await fx.ledger.systemBalance(fx.brandId, 'bonus');
    const left = await accountBalance(campaign.code);
    const ended = await rf.end(campaign.code);
    expect(ended.statusCode, ended.body).toBe(200);
    const view = operatorRaffleResponse.parse(ended.json()).value;
    expect(view).toMatchObject({ status: 'ended', balanceMinor: '0', returnedMinor: left.toString() });
    expect(view.seed).not.toBeNull();
    expect(serverSeedHash(view.seed as string)).toBe(campaign.seedHash);
    expect(await fx.ledger.systemBalance(fx.brandId, 'bonus')).toBe(bonusBefore + left);
    // Ending again changes nothing.
    expect(operatorRaffleResponse.parse((await rf.end(campaign.code)).json()).value.balanceMinor).toBe('0');

    const draws = await test.app.inject({
      method: 'GET',
      url: '/wps/member/raffles/draws',
      headers: auth(someone.token),
    });
    const page = raffleDrawsResponse.parse(draws.json()).value;
    expect(page.list).toHaveLength(4);
    for (const draw of page.list) {
      expect(draw.seed).toBe(view.seed);
      const recomputed = drawRafflePrize(draw.seed as string, Number(draw.ticketId), draw.prizes);
      expect(recomputed).toEqual({ index: draw.prizeIndex, amountMinor: draw.prizeMinor });
    }
    const closed = await rf.claim(someone.token, campaign.code, tickets[4]);
    expect([closed.statusCode, failure(closed)]).toEqual([409, 'raffle_not_open']);
    const listed = (await mine(someone.token)).find((row) => row.code === campaign.code);
    expect(listed).toMatchObject({
      status: 'ended',
      seed: view.seed,
      ticketsLeft: 0,
      ticketsUsed: 4,
      open: false,
    });
    const granting = await rf.ops(`/wps/ops/raffles/${campaign.code}/tickets`, {
      username: someone.username,
      count: 1,
      reason: 'late',
    });
    expect(failure(granting)).toBe('raffle_state_invalid');
    const ops = await rf.ops(`/wps/ops/raffles/${campaign.code}/draws`, undefined, 'GET');
    expect(ops.json().value.total).toBe(4);
  });

  it('grants tickets for a credited deposit of at least the minimum, in the deposit transaction', async () => {
    const campaign = await rf.running({ rules: { deposit: { min: '500', tickets: 2 } } });
    const someone = await fx.member();
    const deposit = async (amount: string) => {
      const form = multipartBody(
        { method: 'bank', amount, reference: `UTR${randomUUID().slice(0, 10)}` },
        [],
      );
      const created = await test.app.inject({
        method: 'POST',
        url: '/wps/payments/deposits',
        headers: { ...form.headers, ...auth(someone.token), 'idempotency-key': randomUUID() },
        payload: form.payload,
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().value.deposit.id as string;
      const approved = await rf.ops(`/wps/ops/deposits/${id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
    };
    await deposit('499');
    expect((await mine(someone.token)).find((row) => row.code === campaign.code)?.ticketsLeft).toBe(0);
    await deposit('500');
    await deposit('1200');
    expect((await mine(someone.token)).find((row) => row.code === campaign.code)?.ticketsLeft).toBe(4);
  });

  it('grants by turnover steps and registration in the job, idempotent when it runs twice', async () => {
    const campaign = await rf.running({
      rules: { turnover: { step: '100', maxTickets: 3 }, registration: { tickets: 1 } },
    });
    const player = await fx.member();
    const big = await fx.member();
    const hour = new Date(Math.floor(clock.now().getTime() / HOUR_MS) * HOUR_MS);
    await test.database.db
      .insertInto('member_betting_hours')
      .values([
        {
          member_id: player.id,
          hour,
          game_type: 'RNG',
          stake_minor: 25_000n,
          valid_turnover_minor: 25_000n,
          payout_minor: 0n,
          rounds: 5,
        },
        {
          member_id: big.id,
          hour,
          game_type: 'RNG',
          stake_minor: 900_000n,
          valid_turnover_minor: 900_000n,
          payout_minor: 0n,
          rounds: 9,
        },
      ])
      .execute();
    const countOf = async (memberId: bigint, source: 'turnover' | 'registration') =>
      (
        await test.database.db
          .selectFrom('raffle_tickets')
          .select('id')
          .where('member_id', '=', memberId)
          .where('source', '=', source)
          .where(
            'campaign_id',
            '=',
            (
              await test.database.db
                .selectFrom('raffle_campaigns')
                .select('id')
                .where('code', '=', campaign.code)
                .executeTakeFirstOrThrow()
            ).id,
          )
          .execute()
      ).length;
    for (let run = 0; run < 2; run += 1) {
      await test.app.jobs.runNow(GRANT_JOB);
      expect(await countOf(player.id, 'turnover')).toBe(2);
      expect(await countOf(big.id, 'turnover')).toBe(3);
      expect(await countOf(player.id, 'registration')).toBe(1);
    }
    await test.database.db
      .updateTable('member_betting_hours')
      .set({ valid_turnover_minor: 30_000n })
      .where('member_id', '=', player.id)
      .execute();
    await test.app.jobs.runNow(GRANT_JOB);
    expect(await countOf(player.id, 'turnover')).toBe(3);
  });

  it('closes campaigns whose window has passed in the job: seed revealed, budget returned', async () => {
    const campaign = await rf.running({
      endsAt: new Date(clock.now().getTime() + 2 * HOUR_MS).toISOString(),
    });
    clock.advance(3 * HOUR_MS);
    // Three hours idle end the operator's session: the check logs in again.
    rf = rafflesFixture(test.app, clock, await operatorTokenFor(test.app, test.database.db, 'finance'));
    await test.app.jobs.runNow(CLOSE_JOB);
    await test.app.jobs.runNow(CLOSE_JOB);
    const view = operatorRaffleResponse.parse(
      (await rf.ops(`/wps/ops/raffles/${campaign.code}`, undefined, 'GET')).json(),
    ).value;
    expect(view).toMatchObject({ status: 'ended', balanceMinor: '0', returnedMinor: '100000' });
    expect(serverSeedHash(view.seed as string)).toBe(campaign.seedHash);
  });

  it('refuses trial accounts and visitors', async () => {
    const trial = await fx.member();
    await fx.setTrial(trial.id, true);
    const listed = await test.app.inject({
      method: 'GET',
      url: '/wps/member/raffles',
      headers: auth(trial.token),
    });
    expect(listed.statusCode).toBe(403);
    const visitor = await test.app.inject({ method: 'GET', url: '/wps/member/raffles' });
    expect(visitor.statusCode).toBe(401);
    const support = await operatorTokenFor(test.app, test.database.db, 'support');
    const refused = await test.app.inject({
      method: 'POST',
      url: '/wps/ops/raffles/whatever/start',
      headers: auth(support),
    });
    expect([refused.statusCode, failure(refused)]).toEqual([403, 'operator_forbidden']);
  });

  it('drives the same service from the CLI', async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const deps = createOpsDeps(test.database.db);
    const now = Date.now();
    const code = `cli-${randomUUID().slice(0, 8)}`;
    const body = {
      code,
      kind: 'red_envelope',
      nameEn: 'CLI envelope',
      nameHi: 'सीएलआई लिफ़ाफ़ा',
      startsAt: new Date(now - HOUR_MS).toISOString(),
      endsAt: new Date(now + HOUR_MS).toISOString(),
      budget: '50',
      prizes: [{ amount: '2', weight: 1 }],
      rules: {},
    };
    expect(await runOpsCommand(['raffle:create', JSON.stringify(body)], deps, io)).toBe(0);
    expect(await runOpsCommand(['raffle:start', code], deps, io)).toBe(0);
    expect(await runOpsCommand(['raffle:grant', code, member.username, '2', 'cli', 'test'], deps, io)).toBe(
      0,
    );
    expect(await runOpsCommand(['raffle:list'], deps, io)).toBe(0);
    expect(await runOpsCommand(['raffle:end', code], deps, io)).toBe(0);
    expect(lines.join('\n')).toContain('"status": "ended"');
  });
});
