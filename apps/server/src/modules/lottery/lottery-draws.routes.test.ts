import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverSeedHash } from '@lotus/games/fair';
import { drawLotteryResult } from '@lotus/games/lottery/index';
import {
  LOTTERY_LGW_PATHS,
  type LotteryDraw,
  type LotteryGameDetail,
  type LotteryGameSummary,
  type LotteryOperatorDraw,
  lotteryGameResponseSchema,
  lotteryGamesResponseSchema,
  lotteryOpenedResponseSchema,
  lotteryVnMenuResponseSchema,
} from '@lotus/shared/lottery.schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { createOpsDeps, runOpsCommand } from '../../ops/commands.ts';
import { type LotteryDrawsFixture, lotteryDrawsFixture, type TestOperator } from './lottery-draws.fixture.ts';
import { DRAW_JOB, SCHEDULE_JOB } from './lottery-draws.service.ts';

type Opened = { gameCode: string; drawId: string; numero: string; result: Record<string, unknown> };
const SEA6D = (number: string) => ({ family: 'sea6d', number });

describe.each(testBackends())('lottery draws [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: LotteryDrawsFixture;
  let alice: TestOperator;
  let bob: TestOperator;
  let gameCode: string;

  const drawCount = async () =>
    Number(
      (
        await test.database.db
          .selectFrom('lottery_draws')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const opsDraws = async (code: string, status: string) => {
    const response = await fx.ops(
      alice,
      `/wps/ops/lottery/games/${code}/draws?status=${status}&pageSize=100`,
      undefined,
      'GET',
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().value.list as LotteryOperatorDraw[]).sort((a, b) =>
      a.drawsAt.localeCompare(b.drawsAt),
    );
  };
  /** Moves the clock past a draw's time. */
  const passDrawTime = (draw: { drawsAt: string }) => {
    const gap = new Date(draw.drawsAt).getTime() - clock.now().getTime();
    if (gap >= 0) clock.advance(gap + 1000);
  };

  beforeAll(async () => {
    test = await buildTestApp({ backend, clock });
    fx = lotteryDrawsFixture(test.app, test.database.db);
    alice = await fx.operator();
    bob = await fx.operator();
    // An external game drawn every minute, so its draws come due within the test.
    gameCode = `ext-${randomUUID().slice(0, 8)}`;
    const created = await fx.ops(alice, '/wps/ops/lottery/games', {
      gameCode,
      nameEn: 'Test 6D',
      nameHi: 'टेस्ट 6D',
      family: 'sea6d',
      region: 'SEA',
      source: 'external',
      schedule: { kind: 'interval', everySeconds: 60, closeBeforeSeconds: 5 },
      marginBp: 500,
      minStakeMinor: '100',
      maxStakeMinor: '100000',
      maxPayoutMinor: '10000000',
    });
    expect(created.statusCode, created.body).toBe(200);
    await test.app.jobs.runNow(SCHEDULE_JOB);
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('creates no draw twice when the schedule job runs again', async () => {
    await test.app.jobs.runNow(SCHEDULE_JOB);
    const before = await drawCount();
    await test.app.jobs.runNow(SCHEDULE_JOB);
    expect(await drawCount()).toBe(before);
    const upcoming = await opsDraws(gameCode, 'scheduled');
    expect(upcoming.length).toBeGreaterThanOrEqual(29);
    // External draws carry no seed.
    expect(upcoming.every((draw) => draw.seedHash === null)).toBe(true);
  });

  it('lists the demo games with their next draw and last result, in EN and HI', async () => {
    const body = lotteryGamesResponseSchema.parse(
      (await test.app.inject({ method: 'GET', url: '/lotto/api/games?language=hi' })).json(),
    );
    const codes = body.value.list.map((row) => row.gameCode);
    expect(codes).toEqual(
      expect.arrayContaining(['vn-north', 'vn-hcm', 'sea-4d', 'lott-dice', 'elott-keno']),
    );
    const north = body.value.list.find((row) => row.gameCode === 'vn-north') as LotteryGameSummary;
    expect(north.name).toBe('वियतनाम उत्तर');
    expect(north.lastResult?.status).toBe('drawn');
    expect(north.nextDraw?.status).toMatch(/open|upcoming/);
    const keno = body.value.list.find((row) => row.gameCode === 'elott-keno') as LotteryGameSummary;
    expect(keno).toMatchObject({ gameType: 'ELOTT', everySeconds: 120, source: 'inhouse' });
    const vn = await fx.read<{ list: LotteryGameSummary[] }>('/lotto/api/games?family=vn');
    expect(vn.list.every((row) => row.family === 'vn')).toBe(true);
  });

  it('answers a game with odds at its margin, limits and the brand currency', async () => {
    const detail = lotteryGameResponseSchema.parse(
      (await test.app.inject({ method: 'GET', url: '/lotto/api/games/lott-dice' })).json(),
    ).value as LotteryGameDetail;
    expect(detail.odds.map((row) => row.betType)).toEqual(
      expect.arrayContaining(['sum', 'bigsmall', 'anytriple', 'triple', 'pair']),
    );
    expect(detail.odds.every((row) => row.declaredReturn <= 0.95 + 1e-9)).toBe(true);
    expect(detail.limits).toEqual({
      minStakeMinor: '100',
      maxStakeMinor: '1000000',
      maxLines: 20,
      maxPayoutMinor: '50000000',
    });
    expect(detail.currency).not.toBe('');
    const missing = await test.app.inject({ method: 'GET', url: '/lotto/api/games/no-such-game' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('lottery_game_not_found');
  });

  it('draws an in-house draw from its committed seed when its time comes, and reveals the seed then', async () => {
    const game = await fx.read<LotteryGameDetail>('/lotto/api/games/lott-dice');
    const next = game.nextDraw as LotteryDraw;
    expect(next.seed).toBeNull();
    const seed = (await fx.seedOf(next.drawId)) as string;
    expect(next.seedHash).toBe(serverSeedHash(seed));
    const before = await fx.read<LotteryDraw>(`/lotto/api/draws/${next.drawId}`);
    expect(before).toMatchObject({ seed: null, result: null, seedHash: serverSeedHash(seed) });

    passDrawTime(next);
    await test.app.jobs.runNow(DRAW_JOB);
    const after = await fx.read<LotteryDraw>(`/lotto/api/draws/${next.drawId}`);
    expect(after.status).toBe('drawn');
    expect(after.seed).toBe(seed);
    expect(after.result).toEqual(drawLotteryResult('dice3', '', seed, next.drawId));
    // Run again: nothing changes (the draw is no longer due).
    await test.app.jobs.runNow(DRAW_JOB);
    expect(await fx.read<LotteryDraw>(`/lotto/api/draws/${next.drawId}`)).toEqual(after);
  });

  it('never shows the seed of a draw that is not drawn, on any public read', async () => {
    await test.app.jobs.runNow(SCHEDULE_JOB);
    const secrets = (
      await test.database.db
        .selectFrom('lottery_draws')
        .select('seed')
        .where('status', 'not in', ['drawn', 'settled'])
        .where('seed', 'is not', null)
        .execute()
    ).map((row) => row.seed as string);
    expect(secrets.length).toBeGreaterThan(50);
    const paths = [
      '/lotto/api/games',
      LOTTERY_LGW_PATHS.vnMenu,
      LOTTERY_LGW_PATHS.vnMenuRecent,
      LOTTERY_LGW_PATHS.vnNumbers,
      LOTTERY_LGW_PATHS.popular,
    ];
    for (const code of ['vn-fast-1', 'sea-6d', 'lott-5d', 'elott-keno']) {
      const game = await fx.read<LotteryGameDetail>(`/lotto/api/games/${code}`);
      paths.push(`/lotto/api/games/${code}`, `/lotto/api/games/${code}/draws`);
      if (game.nextDraw) paths.push(`/lotto/api/draws/${game.nextDraw.drawId}`);
    }
    for (const path of paths) {
      const body = (await test.app.inject({ method: 'GET', url: path })).body;
      for (const secret of secrets) expect(body.includes(secret), `${path} shows a seed`).toBe(false);
    }
  });

  it('answers every SPEC §7 lgw path as described', async () => {
    const menu = lotteryVnMenuResponseSchema.parse(
      (
        await test.app.inject({ method: 'GET', url: `${LOTTERY_LGW_PATHS.vnMenu}?language=en&device=web` })
      ).json(),
    ).value;
    expect(menu.lobby).toEqual({ lottoArea: 'VN', launchMode: 'LOTT' });
    expect(menu.list.map((row) => row.region)).toEqual(['NORTH', 'CENTRAL', 'SOUTH', 'FAST']);
    expect(menu.list.find((row) => row.region === 'FAST')?.games.map((g) => g.gameCode)).toEqual([
      'vn-fast-1',
      'vn-fast-5',
    ]);

    const recent = lotteryGamesResponseSchema.parse(
      (await test.app.inject({ method: 'GET', url: LOTTERY_LGW_PATHS.vnMenuRecent })).json(),
    ).value.list;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((row) => row.family === 'vn' && row.lastResult !== null)).toBe(true);
    const times = recent.map((row) => row.lastResult?.drawsAt ?? '');
    expect([...times].sort().reverse()).toEqual(times);

    const opened = async (path: string) =>
      lotteryOpenedResponseSchema.parse((await test.app.inject({ method: 'GET', url: path })).json()).value
        .list as Opened[];
    const numbers = await opened(LOTTERY_LGW_PATHS.vnNumbers);
    expect(numbers.length).toBeGreaterThan(20);
    expect(numbers.length).toBeLessThanOrEqual(100);
    expect(numbers.every((row) => row.gameCode.startsWith('vn-') && row.numero.length >= 5)).toBe(true);
    expect(await opened(`${LOTTERY_LGW_PATHS.vnNumbers}?count=5`)).toHaveLength(5);
    const tooMany = await test.app.inject({ method: 'GET', url: `${LOTTERY_LGW_PATHS.vnNumbers}?count=101` });
    expect(tooMany.statusCode).toBe(400);

    const popular = await opened(LOTTERY_LGW_PATHS.popular);
    expect(popular.length).toBeLessThanOrEqual(20);
    expect(new Set(popular.map((row) => row.gameCode)).size).toBe(popular.length);
    expect(popular.map((row) => row.gameCode)).toEqual(
      expect.arrayContaining(['vn-north', 'elott-keno', 'sea-4d']),
    );
    const sea = await opened(`${LOTTERY_LGW_PATHS.popular}?prizeMode=SEA`);
    expect(sea.map((row) => row.gameCode).sort()).toEqual(['sea-4d', 'sea-4d-fast', 'sea-6d']);
    expect((await opened(`${LOTTERY_LGW_PATHS.popular}?prizeMode=Elott`)).map((row) => row.gameCode)).toEqual(
      ['elott-keno'],
    );
    const lott = await opened(`${LOTTERY_LGW_PATHS.popular}?prizeMode=Lott&count=50`);
    expect(lott.length).toBeGreaterThan(0);
    expect(lott.some((row) => row.gameCode.startsWith('sea-') || row.gameCode === 'elott-keno')).toBe(false);
    expect(await opened(`${LOTTERY_LGW_PATHS.popular}?prizeMode=ZY`)).toEqual(lott);
  });

  it('answers result history and trends', async () => {
    const history = await fx.read<{ list: LotteryDraw[]; totalPages: number }>(
      '/lotto/api/games/vn-north/draws?pageSize=10',
    );
    expect(history.list).toHaveLength(10);
    expect(history.totalPages).toBeGreaterThanOrEqual(3);
    expect(history.list.every((draw) => draw.status === 'drawn' && draw.result !== null)).toBe(true);
    const trends = await fx.read<{
      sampleSize: number;
      groups: { group: string; hot: string[]; counts: Record<string, number> }[];
    }>('/lotto/api/games/vn-north/trends?sample=20');
    expect(trends.sampleSize).toBe(20);
    const all = trends.groups.find((group) => group.group === 'all');
    expect(all?.hot).toHaveLength(5);
    // 27 prizes a draw, 20 draws.
    expect(Object.values(all?.counts ?? {}).reduce((a, b) => a + b, 0)).toBe(27 * 20);
  });

  it('takes an external result with four eyes: the same operator is refused, a reject reopens, another confirms', async () => {
    // The first draw still ahead (earlier tests moved the clock past some).
    const draw = (await opsDraws(gameCode, 'scheduled')).find(
      (row) => new Date(row.drawsAt).getTime() > clock.now().getTime(),
    );
    const drawId = (draw as LotteryOperatorDraw).drawId;
    const early = await fx.ops(alice, `/wps/ops/lottery/draws/${drawId}/result`, { result: SEA6D('123456') });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('lottery_result_not_pending');
    passDrawTime(draw as LotteryOperatorDraw);

    const bad = await fx.ops(alice, `/wps/ops/lottery/draws/${drawId}/result`, { result: SEA6D('12345') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('lottery_result_invalid');

    const entered = await fx.ops(alice, `/wps/ops/lottery/draws/${drawId}/result`, {
      result: SEA6D('111111'),
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().value).toMatchObject({
      storedStatus: 'result_entered',
      status: 'awaiting_result',
      result: null,
    });
    expect((await fx.read<LotteryDraw>(`/lotto/api/draws/${drawId}`)).result).toBeNull();
    const twice = await fx.ops(bob, `/wps/ops/lottery/draws/${drawId}/result`, { result: SEA6D('222222') });
    expect(twice.json().message).toBe('lottery_result_not_pending');

    const self = await fx.ops(alice, `/wps/ops/lottery/draws/${drawId}/result/confirm`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('lottery_four_eyes');
    const rejected = await fx.ops(bob, `/wps/ops/lottery/draws/${drawId}/result/reject`, { reason: 'typo' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({
      storedStatus: 'scheduled',
      entry: { status: 'rejected', rejectReason: 'typo' },
    });
    const none = await fx.ops(bob, `/wps/ops/lottery/draws/${drawId}/result/confirm`);
    expect(none.json().message).toBe('lottery_result_not_pending');

    expect(
      (await fx.ops(bob, `/wps/ops/lottery/draws/${drawId}/result`, { result: SEA6D('654321') })).statusCode,
    ).toBe(200);
    const confirmed = await fx.ops(alice, `/wps/ops/lottery/draws/${drawId}/result/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().value).toMatchObject({
      storedStatus: 'drawn',
      entry: { status: 'confirmed', enteredBy: bob.username, decidedBy: alice.username },
    });
    expect(await fx.read<LotteryDraw>(`/lotto/api/draws/${drawId}`)).toMatchObject({
      status: 'drawn',
      result: SEA6D('654321'),
      seed: null,
    });
    const audit = await test.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'lottery.result_%')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'lottery.result_entered',
        'lottery.result_rejected',
        'lottery.result_confirmed',
      ]),
    );
  });

  it('refuses a result for an in-house draw and any change of a drawn result (trigger)', async () => {
    const game = await fx.read<LotteryGameDetail>('/lotto/api/games/lott-5d');
    const history = await fx.read<{ list: LotteryDraw[] }>('/lotto/api/games/lott-5d/draws');
    const inhouse = await fx.ops(alice, `/wps/ops/lottery/draws/${history.list[0]?.drawId}/result`, {
      result: { family: 'lott5d', digits: [1, 2, 3, 4, 5] },
    });
    expect(inhouse.json().message).toBe('lottery_result_not_pending');
    expect(game.gameCode).toBe('lott-5d');
    const drawNo = (history.list[0] as LotteryDraw).drawNo;
    await expect(
      sql`update lottery_draws set result = '{"family":"lott5d","digits":[0,0,0,0,0]}'::jsonb
        where draw_no = ${drawNo} and game_id = (select id from lottery_games where game_code = 'lott-5d')`.execute(
        test.database.db,
      ),
    ).rejects.toThrow(/result is final/);
  });

  it('imports a results file as pending entries, all or none', async () => {
    const due = (await opsDraws(gameCode, 'scheduled')).slice(0, 3);
    passDrawTime(due[2] as LotteryOperatorDraw);
    const [first, second, third] = due.map((draw) => draw.drawId) as [string, string, string];
    const refused = await fx.ops(alice, '/wps/ops/lottery/results/import', {
      fileName: 'bad.json',
      entries: [
        { drawId: first, result: SEA6D('000001') },
        { drawId: second, result: { family: 'sea6d', number: 'abc' } },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'lottery_result_invalid', value: { drawId: second } });
    expect((await fx.read<LotteryDraw>(`/lotto/api/draws/${first}`)).status).toBe('awaiting_result');
    expect(await opsDraws(gameCode, 'result_entered'), JSON.stringify({ first, second, third })).toEqual([]);

    const imported = await fx.ops(alice, '/wps/ops/lottery/results/import', {
      fileName: 'results.json',
      entries: [
        { drawId: first, result: SEA6D('000001') },
        { drawId: second, result: SEA6D('000002') },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().value.list.map((row: { drawId: string }) => row.drawId)).toEqual([first, second]);
    const pending = await opsDraws(gameCode, 'result_entered');
    expect(pending.map((draw) => draw.entry?.source)).toEqual(['file', 'file']);
    expect(pending[0]?.entry?.fileName).toBe('results.json');
    expect((await fx.ops(alice, `/wps/ops/lottery/draws/${first}/result/confirm`)).json().message).toBe(
      'lottery_four_eyes',
    );
    expect((await fx.ops(bob, `/wps/ops/lottery/draws/${first}/result/confirm`)).statusCode).toBe(200);

    // The CLI (it runs on the system clock, so its file names a draw not due yet: refused, nothing entered);
    // a result entered by one named operator is confirmed by another, the same name is refused.
    const future = (await opsDraws(gameCode, 'scheduled')).at(-1) as LotteryOperatorDraw;
    const file = join(tmpdir(), `lottery-${randomUUID()}.json`);
    await writeFile(file, JSON.stringify([{ drawId: future.drawId, result: SEA6D('000009') }]));
    const deps = createOpsDeps(test.database.db);
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
    expect(await runOpsCommand(['lottery:result-import', alice.username, '--file', file], deps, io)).toBe(1);
    expect(err.join('\n')).toContain('lottery_result_not_pending');
    const viaFile = await fx.ops(alice, '/wps/ops/lottery/results/import', {
      entries: [{ drawId: third, result: SEA6D('000003') }],
    });
    expect(viaFile.statusCode, viaFile.body).toBe(200);
    expect(await runOpsCommand(['lottery:result-confirm', alice.username, third], deps, io)).toBe(1);
    expect(err.join('\n')).toContain('lottery_four_eyes');
    expect(await runOpsCommand(['lottery:result-confirm', bob.username, third], deps, io)).toBe(0);
    expect((await fx.read<LotteryDraw>(`/lotto/api/draws/${third}`)).result).toEqual(SEA6D('000003'));
    expect(await runOpsCommand(['lottery:result-confirm', 'nobody-here', third], deps, io)).toBe(1);
  });

  it('cancels a scheduled or result-entered draw with a reason, nothing else', async () => {
    const scheduled = (await opsDraws(gameCode, 'scheduled')).at(-1) as LotteryOperatorDraw;
    const cancelled = await fx.ops(alice, `/wps/ops/lottery/draws/${scheduled.drawId}/cancel`, {
      reason: 'feed down',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().value).toMatchObject({
      status: 'cancelled',
      cancelReason: 'feed down',
      cancelledBy: alice.username,
    });
    const again = await fx.ops(alice, `/wps/ops/lottery/draws/${scheduled.drawId}/cancel`, {
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('lottery_draw_not_cancellable');
    const drawn = (await opsDraws(gameCode, 'drawn'))[0] as LotteryOperatorDraw;
    expect(
      (await fx.ops(alice, `/wps/ops/lottery/draws/${drawn.drawId}/cancel`, { reason: 'x' })).json().message,
    ).toBe('lottery_draw_not_cancellable');
    const pending = (await opsDraws(gameCode, 'result_entered'))[0] as LotteryOperatorDraw;
    expect(
      (await fx.ops(bob, `/wps/ops/lottery/draws/${pending.drawId}/cancel`, { reason: 'void' })).statusCode,
    ).toBe(200);
    const missing = await fx.ops(alice, `/wps/ops/lottery/draws/${gameCode}-20200101-0001/cancel`, {
      reason: 'x',
    });
    expect(missing.statusCode).toBe(404);
    // A support operator reads but does not decide.
    const support = await fx.operator('support');
    expect(
      (await fx.ops(support, `/wps/ops/lottery/games/${gameCode}/draws`, undefined, 'GET')).statusCode,
    ).toBe(200);
    expect(
      (await fx.ops(support, `/wps/ops/lottery/draws/${pending.drawId}/cancel`, { reason: 'x' })).statusCode,
    ).toBe(403);
  });

  it('lets operators change a game and refuses a taken code or an unknown zone', async () => {
    const changed = await fx.ops(alice, `/wps/ops/lottery/games/${gameCode}`, {
      marginBp: 700,
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({ marginBp: 700, enabled: false });
    expect((await test.app.inject({ method: 'GET', url: `/lotto/api/games/${gameCode}` })).statusCode).toBe(
      404,
    );
    const base = {
      nameEn: 'X',
      nameHi: 'X',
      family: 'sea6d',
      region: 'SEA',
      source: 'external',
      marginBp: 500,
      minStakeMinor: '100',
      maxStakeMinor: '1000',
      maxPayoutMinor: '100000',
    };
    const taken = await fx.ops(alice, '/wps/ops/lottery/games', {
      ...base,
      gameCode: 'vn-north',
      schedule: { kind: 'interval', everySeconds: 60, closeBeforeSeconds: 5 },
    });
    expect(taken.json().message).toBe('lottery_game_code_taken');
    const zone = await fx.ops(alice, '/wps/ops/lottery/games', {
      ...base,
      gameCode: `zone-${randomUUID().slice(0, 6)}`,
      schedule: {
        kind: 'daily',
        timeZone: 'Mars/Olympus',
        time: '10:00',
        weekdays: [1],
        closeBeforeSeconds: 60,
      },
    });
    expect(zone.statusCode).toBe(400);
    const variant = await fx.ops(alice, '/wps/ops/lottery/games', {
      ...base,
      gameCode: `var-${randomUUID().slice(0, 6)}`,
      family: 'vn',
      schedule: { kind: 'interval', everySeconds: 60, closeBeforeSeconds: 5 },
    });
    expect(variant.statusCode).toBe(400);
  });
});
