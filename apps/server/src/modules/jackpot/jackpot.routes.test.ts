import { jackpotsResponse, operatorJackpotResponse } from '@lotus/shared/jackpot.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { DEMO_JACKPOT } from '../../db/seed/demo-jackpot.ts';
import { createOpsDeps, runOpsCommand } from '../../ops/commands.ts';
import { type InhouseFixture, inhouseFixture } from '../inhouse-vendor/inhouse-vendor.fixture.ts';
import { expectJackpotBooks, playRound, RED_BET } from './jackpot.fixture.ts';
import { POST_JOB } from './jackpot.service.ts';

const CODE = 'TABLES';
/** Far too rare to hit by chance in a test: (10.00 stake) / 10^15. */
const NEVER = '1000000000000000';

describe.each(testBackends())('progressive jackpot [%s]', (backend) => {
  let test: TestApp;
  let fx: InhouseFixture;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await inhouseFixture(test.app, test.database);
    admin = await operatorTokenFor(test.app, test.database.db, 'admin');
    support = await operatorTokenFor(test.app, test.database.db, 'support');
  }, 60_000);
  afterAll(async () => {
    if (test) await assertLedgerInvariants(test.database.db);
    await test?.close();
  });

  const ops = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const publicPot = async (code = CODE) => {
    const response = await test.app.inject({ method: 'GET', url: '/wps/jackpots' });
    expect(response.statusCode, response.body).toBe(200);
    const pot = jackpotsResponse.parse(response.json()).value.list.find((jackpot) => jackpot.code === code);
    return pot ? BigInt(pot.potMinor) : null;
  };
  const runJob = () => test.app.jobs.runNow(POST_JOB);

  it('the demo brand has a real jackpot over the studio slots, seeded from the house', async () => {
    expect(await publicPot(DEMO_JACKPOT.code)).toBe(DEMO_JACKPOT.seedMinor);
    const books = await expectJackpotBooks(test.database.db, DEMO_JACKPOT.code);
    expect(books.funded).toBe(DEMO_JACKPOT.seedMinor);
  });

  it('an admin creates a jackpot over in-house games, seeded from the house', async () => {
    const body = {
      code: CODE,
      nameEn: 'Table Jackpot',
      nameHi: 'टेबल जैकपॉट',
      contributionBps: 150,
      seedMinor: '50000',
      oneInMinor: NEVER,
      games: ['european-roulette', 'dragon-tiger'],
    };
    expect((await ops('POST', '/wps/ops/jackpots', support, body)).statusCode).toBe(403);
    const created = await ops('POST', '/wps/ops/jackpots', admin, body);
    expect(created.statusCode, created.body).toBe(200);
    const jackpot = operatorJackpotResponse.parse(created.json()).value;
    expect(jackpot).toMatchObject({ code: CODE, potMinor: '50000', fundedMinor: '50000', active: true });
    expect(jackpot.games).toEqual(['dragon-tiger', 'european-roulette']);
    expect(await publicPot()).toBe(50_000n);

    const again = await ops('POST', '/wps/ops/jackpots', admin, body);
    expect(again.json()).toMatchObject({ success: false, message: 'jackpot_code_taken' });
    expect(again.statusCode).toBe(409);
    const taken = await ops('POST', '/wps/ops/jackpots', admin, { ...body, code: 'OTHER' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('jackpot_game_taken');
    const notInhouse = await ops('POST', '/wps/ops/jackpots', admin, {
      ...body,
      code: 'OTHER',
      games: ['no-such-game'],
    });
    expect(notInhouse.statusCode).toBe(400);
    expect(notInhouse.json().message).toBe('jackpot_game_invalid');
    const bad = await ops('POST', '/wps/ops/jackpots', admin, {
      ...body,
      code: 'x y',
      contributionBps: 10_001,
    });
    expect(bad.statusCode).toBe(400);
    expect((await ops('GET', '/wps/ops/jackpots/NOPE', support)).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/wps/ops/jackpots' })).statusCode).toBe(401);
  });

  it('every settled stake of a covered game contributes; the job posts them once, however often it runs', async () => {
    const member = await fx.wallet.member({ fundMinor: 1_000_000n });
    const { token } = await fx.open(member.id, 'european-roulette');
    const before = await publicPot();
    let expected = 0n;
    for (let i = 0; i < 12; i++) expected += ((await playRound(fx, token)) * 150n) / 10_000n;
    // Shown at once (balance + unposted), before the job ran.
    expect(await publicPot()).toBe((before ?? 0n) + expected);
    const unposted = await expectJackpotBooks(test.database.db, CODE);
    expect(unposted.unposted).toBe(expected);

    expect(await runJob()).toBe(true);
    await runJob();
    const books = await expectJackpotBooks(test.database.db, CODE);
    expect(books.unposted).toBe(0n);
    expect(books.contributed).toBe(expected);
    expect(books.balance).toBe(50_000n + expected);
    const listed = await ops('GET', `/wps/ops/jackpots/${CODE}/contributions`, support);
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().value.list as { memberId: string; postedAt: string | null; won: boolean }[];
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.memberId === String(member.id) && row.postedAt && row.won === false)).toBe(
      true,
    );
    expect(await publicPot()).toBe(50_000n + expected);
    const entries = await test.database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'jackpot_contribution')
      .where('idempotency_key', 'like', 'jackpot:%:c:%')
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('rounds of other games and trial rounds do not contribute', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const { token } = await fx.open(member.id, 'lotus-fortune');
    const before = await expectJackpotBooks(test.database.db, CODE);
    await playRound(fx, token, { game: 'slot', betMinor: '100' });
    const trial = await fx.trial('european-roulette');
    await playRound(fx, trial.token);
    expect((await expectJackpotBooks(test.database.db, CODE)).contributed).toBe(before.contributed);
  });

  it('a hit pays the pot to the winner once and reseeds it from the house', async () => {
    const always = await ops('PATCH', `/wps/ops/jackpots/${CODE}`, admin, { oneInMinor: '1' });
    expect(always.statusCode, always.body).toBe(200);
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const { token } = await fx.open(member.id, 'dragon-tiger');
    const potBefore = (await expectJackpotBooks(test.database.db, CODE)).balance;
    const dragon = {
      game: 'dragon-tiger' as const,
      bets: [{ side: 'dragon' as const, amountMinor: '1000' }],
    };
    const stake = await playRound(fx, token, dragon);
    const mainAfterRound = await fx.wallet.main(member.id);
    await runJob();
    await runJob();
    const won = potBefore + (stake * 150n) / 10_000n;
    expect(await fx.wallet.main(member.id)).toBe(mainAfterRound + won);
    const books = await expectJackpotBooks(test.database.db, CODE);
    expect(books.balance).toBe(50_000n);
    expect(books.won).toBe(won);
    const wins = await ops('GET', `/wps/ops/jackpots/${CODE}/wins`, support);
    expect(wins.statusCode).toBe(200);
    expect(wins.json().value.list).toHaveLength(1);
    expect(wins.json().value.list[0]).toMatchObject({
      memberId: String(member.id),
      amountMinor: String(won),
    });
    const detail = operatorJackpotResponse.parse(
      (await ops('GET', `/wps/ops/jackpots/${CODE}`, support)).json(),
    );
    expect(detail.value).toMatchObject({ winCount: 1, paidMinor: String(won), potMinor: '50000' });
    // The public winner board has it, masked.
    const board = await test.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_getRankList' });
    expect(board.statusCode).toBe(200);
    expect(board.body).toContain('Table Jackpot');
    expect(board.body).not.toContain(member.username);
    await ops('PATCH', `/wps/ops/jackpots/${CODE}`, admin, { oneInMinor: NEVER });
  });

  it('the draw is the round’s own: the same seed material gives the same hit', async () => {
    const { jackpotDraw } = await import('@lotus/games/jackpot');
    const round = await test.database.db
      .selectFrom('jackpot_wins as w')
      .innerJoin('jackpot_contributions as c', 'c.id', 'w.contribution_id')
      .select(['c.round_id', 'c.stake_minor', 'c.one_in_minor'])
      .executeTakeFirstOrThrow();
    const id = BigInt(round.round_id.slice(4));
    const seed = await test.database.db
      .selectFrom('inhouse_rounds as r')
      .innerJoin('inhouse_seeds as s', 's.id', 'r.seed_id')
      .select(['s.server_seed', 'r.client_seed', 'r.nonce'])
      .where('r.id', '=', id)
      .executeTakeFirstOrThrow();
    const draw = jackpotDraw(
      { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce },
      round.stake_minor,
      round.one_in_minor,
    );
    expect(draw.won).toBe(true);
  });

  it('a deactivated jackpot leaves the public list and takes no contributions', async () => {
    await ops('PATCH', `/wps/ops/jackpots/${CODE}`, admin, { active: false });
    expect(await publicPot()).toBeNull();
    const before = await expectJackpotBooks(test.database.db, CODE);
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const { token } = await fx.open(member.id, 'european-roulette');
    await playRound(fx, token, RED_BET);
    expect((await expectJackpotBooks(test.database.db, CODE)).contributed).toBe(before.contributed);
    await ops('PATCH', `/wps/ops/jackpots/${CODE}`, admin, { active: true });
  });

  it('the operator CLI lists, creates, configures and shows jackpots', async () => {
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runOpsCommand(argv, createOpsDeps(test.database.db), {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    expect((await run('help')).out).toContain('jackpot:create --code');
    const listed = await run('jackpot:list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(DEMO_JACKPOT.code);
    const created = await run(
      'jackpot:create',
      '--code',
      'CLI',
      '--name-en',
      'CLI pot',
      '--name-hi',
      'सीएलआई',
      '--contribution-bps',
      '50',
      '--seed-minor',
      '0',
      '--one-in-minor',
      NEVER,
      '--games',
      '',
    );
    expect(created.code, created.err).toBe(0);
    expect(JSON.parse(created.out)).toMatchObject({ code: 'CLI', potMinor: '0', games: [] });
    const set = await run('jackpot:set', 'CLI', '--contribution-bps', '75', '--active', 'false');
    expect(set.code, set.err).toBe(0);
    expect(JSON.parse(set.out)).toMatchObject({ contributionBps: 75, active: false });
    const shown = await run('jackpot:show', 'CLI');
    expect(JSON.parse(shown.out)).toMatchObject({ jackpot: { code: 'CLI' }, wins: [], contributions: [] });
    const bad = await run('jackpot:set', 'CLI', '--contribution-bps', 'lots');
    expect(bad.code).not.toBe(0);
  });
});
