import { randomUUID } from 'node:crypto';
import { betRecordsResponse } from '@lotus/shared/games.schema';
import {
  LOTTERY_VENDOR_CODE,
  lotteryBalanceResponseSchema,
  lotteryLiabilityResponseSchema,
  lotteryPlaceResponseSchema,
  lotterySlipsResponseSchema,
} from '@lotus/shared/lottery.schema';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { createOpsDeps } from '../../ops/commands.ts';
import {
  bookTestApp,
  bookWalletClients,
  closeBookTestApp,
  openWithLaunchToken,
  supportRead,
} from '../inhouse-vendor/inhouse-book.fixture.ts';
import { InhouseRoundsRepository } from '../inhouse-vendor/inhouse-rounds.repository.ts';
import {
  type EngineGame,
  type LotteryEngineFixture,
  lotteryEngineFixture,
  vnNorthResultWithTwo27s,
} from './lottery-engine.fixture.ts';
import { lotteryLiabilityOpsCommands } from './lottery-liability.ops-commands.ts';
import { LotterySessionsService } from './lottery-sessions.service.ts';
import { SETTLE_JOB } from './lottery-settlement.service.ts';
import { LotterySlipsService } from './lottery-slips.service.ts';

/**
 * The engine's player calls end to end (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): every slip's
 * debit, credit and rollback goes through the REAL seamless-wallet routes as vendor LOTTO, so the member's
 * ledger moves exactly as the protocol says. Draw results are set by SQL (the draws part is not needed).
 */

const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;
const lo = (selection: string, stakeMinor = '1000') => ({ betType: 'lo2', selection, stakeMinor });

describe.each(testBackends())('lottery slips [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: LotteryEngineFixture;
  let game: EngineGame;

  beforeAll(async () => {
    ({ test, fx } = await bookTestApp(backend, clock, lotteryEngineFixture));
    game = await fx.game();
  }, 60_000);
  afterAll(() => closeBookTestApp(test));

  const placed = async (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return lotteryPlaceResponseSchema.parse(response.json()).value;
  };
  const slipRow = (slipId: string) =>
    test.database.db
      .selectFrom('lottery_slips')
      .selectAll()
      .where('id', '=', BigInt(slipId.slice(4)))
      .executeTakeFirstOrThrow();
  const exposure = (drawId: bigint, key: string) =>
    new InhouseRoundsRepository(test.database.db).exposureMinor('lottery_exposure', {
      draw_id: drawId,
      exposure_key: key,
    });
  const settle = () => test.app.jobs.runNow(SETTLE_JOB);

  it('opens a session from a launch token and reads the balance; refuses unknown tokens', async () => {
    const member = await fx.wallet.member({ fundMinor: 250_000n });
    const token = await fx.open(member.id, game);
    const balance = await fx.get('/lotto/api/balance', token);
    expect(lotteryBalanceResponseSchema.parse(balance.json()).value.balanceMinor).toBe('250000');
    expect((await fx.get('/lotto/api/balance', null)).statusCode).toBe(401);
    const unknown = await openWithLaunchToken(test.app, '/lotto/api/session', 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
  });

  it('places a slip as one debit, replays a repeated requestId, and lists it', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, game);
    const draw = await fx.draw(game);
    const requestId = randomUUID();
    const first = await placed(
      await fx.place(token, draw.drawId, [lo('07', '1000'), lo('08', '2000')], requestId),
    );
    expect(first.slip).toMatchObject({ status: 'placed', totalStakeMinor: '3000', drawId: draw.drawId });
    expect(first.slip.lines[0]).toMatchObject({ lineNo: 1, odds1e4: '35185', maxPayoutMinor: '94999' });
    expect(first.balanceMinor).toBe('97000');
    const again = await placed(await fx.place(token, draw.drawId, [lo('07', '1000')], requestId));
    expect(again.slip.slipId).toBe(first.slip.slipId);
    expect(again.balanceMinor).toBe('97000');
    expect(await fx.wallet.main(member.id)).toBe(97_000n);
    expect(await exposure(draw.id, 'lo2:07')).toBe(94_999n);

    const open = await fx.get('/lotto/api/slips?status=open', token);
    const list = lotterySlipsResponseSchema.parse(open.json()).value.list;
    expect(list.map((slip) => slip.slipId)).toEqual([first.slip.slipId]);
    const one = await fx.get(`/lotto/api/slips/${first.slip.slipId}`, token);
    expect(one.statusCode).toBe(200);
    // Another player's token does not find it.
    const other = await fx.wallet.member();
    const otherToken = await fx.open(other.id, game);
    const hidden = await fx.get(`/lotto/api/slips/${first.slip.slipId}`, otherToken);
    expect(hidden.statusCode).toBe(404);
    expect(messageOf(hidden)).toBe('lottery_slip_not_found');
  });

  it('accepts a bet 1 ms before closesAt and refuses one at closesAt and 1 ms after', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, game);
    const draw = await fx.draw(game, 10_000);
    clock.advance(draw.closesAt.getTime() - clock.now().getTime() - 1);
    await placed(await fx.place(token, draw.drawId, [lo('11')]));
    clock.advance(1);
    const at = await fx.place(token, draw.drawId, [lo('11')]);
    expect(at.statusCode).toBe(409);
    expect(messageOf(at)).toBe('lottery_draw_closed');
    clock.advance(1);
    const after = await fx.place(token, draw.drawId, [lo('11')]);
    expect(messageOf(after)).toBe('lottery_draw_closed');
    expect(await fx.wallet.main(member.id)).toBe(99_000n);
  });

  it('refuses invalid lines, stakes out of range and too many lines with 400s, before any money moves', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, game);
    const draw = await fx.draw(game);
    const cases: [unknown[], string][] = [
      [[lo('7')], 'lottery_bet_invalid'],
      [[{ betType: 'nope', selection: '07', stakeMinor: '1000' }], 'lottery_bet_invalid'],
      [[lo('07', '99')], 'lottery_stake_out_of_range'],
      [[lo('07', '1000001')], 'lottery_stake_out_of_range'],
      [[lo('01'), lo('02'), lo('03'), lo('04'), lo('05'), lo('06')], 'lottery_too_many_lines'],
    ];
    for (const [lines, code] of cases) {
      const response = await fx.place(token, draw.drawId, lines as never);
      expect(response.statusCode, code).toBe(400);
      expect(messageOf(response)).toBe(code);
    }
    const unknown = await fx.place(token, `${game.code}-20991231-0001`, [lo('07')]);
    expect(messageOf(unknown)).toBe('lottery_draw_not_found');
    expect(await fx.wallet.main(member.id)).toBe(100_000n);
  });

  it('refuses a slip without funds: the slip is refused and its exposure released', async () => {
    const member = await fx.wallet.member({ fundMinor: 500n });
    const token = await fx.open(member.id, game);
    const draw = await fx.draw(game);
    const response = await fx.place(token, draw.drawId, [lo('42', '1000')]);
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe('insufficient_funds');
    const slip = await test.database.db
      .selectFrom('lottery_slips')
      .selectAll()
      .where('draw_id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(slip).toMatchObject({ status: 'refused', refusal: 'INSUFFICIENT_FUNDS' });
    expect(await exposure(draw.id, 'lo2:42')).toBe(0n);
    expect(await fx.wallet.main(member.id)).toBe(500n);
  });

  it('refuses the whole slip when a line would pass the liability limit, leaving nothing behind', async () => {
    // 100.00 on lô pays at most 9,499.95 (27 hits × 3.5185): the limit 15,000.00 admits one such line.
    const small = await fx.game({ maxPayoutMinor: 1_500_000n });
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, small);
    const draw = await fx.draw(small);
    await placed(await fx.place(token, draw.drawId, [lo('33', '10000')]));
    const refused = await fx.place(token, draw.drawId, [lo('34', '100'), lo('33', '10000')]);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe('lottery_liability_reached');
    expect((refused.json() as { value: unknown }).value).toEqual({ lineNo: 2, leftMinor: '550005' });
    expect(await exposure(draw.id, 'lo2:34')).toBe(0n);
    expect(await fx.wallet.main(member.id)).toBe(90_000n);
  });

  it('settles a mixed slip (a lô with two hits, a lost đề) once, and shows it in the betting record', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, game);
    const draw = await fx.draw(game);
    const { slip } = await placed(
      await fx.place(token, draw.drawId, [
        lo('27', '10000'),
        { betType: 'de', selection: '99', stakeMinor: '5000' },
      ]),
    );
    expect(await fx.wallet.main(member.id)).toBe(85_000n);
    await fx.setResult(draw, vnNorthResultWithTwo27s());
    expect(await settle()).toBe(true);
    expect(await settle()).toBe(true);
    // lô 27: 100.00 × 2 hits × 3.5185 = 703.70; đề 99 lost.
    const settled = await slipRow(slip.slipId);
    expect(settled).toMatchObject({ status: 'settled', payout_minor: 70_370n });
    expect(await fx.wallet.main(member.id)).toBe(85_000n + 70_370n);
    const detail = await fx.get(`/lotto/api/slips/${slip.slipId}`, token);
    const lines = (detail.json() as { value: { slip: { lines: { payoutMinor: string }[] } } }).value.slip
      .lines;
    expect(lines.map((line) => line.payoutMinor)).toEqual(['70370', '0']);
    const drawRow = await test.database.db
      .selectFrom('lottery_draws')
      .select('status')
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(drawRow.status).toBe('settled');
    const credits = await test.database.db
      .selectFrom('vendor_transactions')
      .select(['entry_id'])
      .where('round_id', '=', slip.slipId)
      .where('kind', '=', 'credit')
      .execute();
    expect(credits).toHaveLength(1);

    const records = await test.app.inject({
      method: 'GET',
      url: '/wps/member/betRecords',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(records.statusCode, records.body).toBe(200);
    const record = betRecordsResponse
      .parse(records.json())
      .value.list.find((one) => one.roundId === slip.slipId);
    expect(record).toMatchObject({ stakeMinor: '15000', payoutMinor: '70370', status: 'settled' });
  });

  it("refunds a cancelled draw's slips by rollback", async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, game);
    const draw = await fx.draw(game);
    const { slip } = await placed(await fx.place(token, draw.drawId, [lo('55', '4000')]));
    expect(await fx.wallet.main(member.id)).toBe(96_000n);
    await fx.cancel(draw);
    await settle();
    await settle();
    expect((await slipRow(slip.slipId)).status).toBe('refunded');
    expect(await fx.wallet.main(member.id)).toBe(100_000n);
    const closed = await fx.get('/lotto/api/slips?status=settled', token);
    expect(lotterySlipsResponseSchema.parse(closed.json()).value.list[0]?.status).toBe('refunded');
  });

  it('voids a slip left pending over 30 s (its debit answer lost) by rollback and releases its exposure', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, game);
    const draw = await fx.draw(game, 600_000);
    const { slip } = await placed(await fx.place(token, draw.drawId, [lo('61', '2000')]));
    // As if the debit's answer had been lost: the slip stays pending while the platform holds the debit.
    await test.database.db
      .updateTable('lottery_slips')
      .set({ status: 'pending', placed_at: null })
      .where('id', '=', BigInt(slip.slipId.slice(4)))
      .execute();
    await settle();
    expect((await slipRow(slip.slipId)).status).toBe('pending');
    clock.advance(31_000);
    await settle();
    expect((await slipRow(slip.slipId)).status).toBe('void');
    expect(await exposure(draw.id, 'lo2:61')).toBe(0n);
    expect(await fx.wallet.main(member.id)).toBe(100_000n);
  });

  it("voids a slip at once when the debit's answer is lost after it landed (rollback), freeing its exposure", async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, game);
    const draw = await fx.draw(game);
    const { db } = test.database;
    // The debit reaches the platform and moves the money, then the connection breaks before the answer.
    const { real, losingDebit: losing } = bookWalletClients(test.app, db, clock, LOTTERY_VENDOR_CODE);
    const sessions = new LotterySessionsService({ db, wallet: real, clock });
    const slips = new LotterySlipsService({ db, wallet: losing, clock });
    const session = await sessions.sessionOf(token);
    const request = { requestId: randomUUID(), drawId: draw.drawId, lines: [lo('64', '3000')] };
    await expect(slips.place(session, request)).rejects.toMatchObject({ code: 'service_unavailable' });
    const slip = await db
      .selectFrom('lottery_slips')
      .select('status')
      .where('draw_id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(slip.status).toBe('void');
    expect(await exposure(draw.id, 'lo2:64')).toBe(0n);
    expect(await fx.wallet.main(member.id)).toBe(100_000n);
  });

  it("shows operators a draw's liability per selection", async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, game);
    const draw = await fx.draw(game);
    await placed(await fx.place(token, draw.drawId, [lo('12', '1000'), lo('12', '1000'), lo('13', '500')]));
    const url = `/wps/ops/lottery/draws/${draw.drawId}/liability`;
    const response = await supportRead(test.app, test.database.db, url);
    expect(response.statusCode, response.body).toBe(200);
    const view = lotteryLiabilityResponseSchema.parse(response.json()).value;
    expect(view).toMatchObject({ stakesMinor: '2500', worstCaseMinor: String(94_999n * 2n + 47_499n) });
    expect(view.selections[0]).toMatchObject({
      key: 'lo2:12',
      exposureMinor: '189998',
      stakeMinor: '2000',
      lines: 2,
    });
    expect(view.largestMinor).toBe('189998');

    // The CLI prints the same view (same service).
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    const command = lotteryLiabilityOpsCommands['lottery:liability'];
    const code = await command?.run([draw.drawId], { brand: undefined }, createOpsDeps(test.database.db), io);
    expect(code).toBe(0);
    expect(JSON.parse(out.join('\n'))).toEqual(view);
  });
});
