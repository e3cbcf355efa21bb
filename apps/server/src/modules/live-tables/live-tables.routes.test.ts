import { verifyShoe } from '@lotus/games/live/index';
import {
  liveBetResponseSchema,
  liveBetsResponseSchema,
  liveSessionResponseSchema,
  liveTablesResponseSchema,
  liveVerifyResponseSchema,
} from '@lotus/shared/live.schema';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { bookTestApp, closeBookTestApp } from '../inhouse-vendor/inhouse-book.fixture.ts';
import { LiveBetsService } from './live-bets.service.ts';
import { LiveCycleService } from './live-cycle.service.ts';
import { spotReturn } from './live-dealer.ts';
import { LiveSessionsService } from './live-sessions.service.ts';
import { type LiveFixture, liveFixture } from './live-tables.fixture.ts';

/**
 * The live tables end to end (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the demo brand's six
 * seeded tables, moved by the cycle service as the job runs it (forced: the tests wait on state, not time),
 * every bet a debit and every settlement a credit through the REAL seamless-wallet routes as vendor LIVE.
 */

const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;

describe.each(testBackends())('live tables [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: LiveFixture;

  beforeAll(async () => {
    ({ test, fx } = await bookTestApp(backend, clock, liveFixture));
    // The first run of the job opens every table's first round.
    await fx.cycle.tick(clock.now());
  }, 60_000);
  afterAll(() => closeBookTestApp(test));

  const placed = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return liveBetResponseSchema.parse(response.json()).value;
  };

  it('lists the six demo tables in the lobby, each betting with a commitment, and moves on the clock', async () => {
    const lobby = liveTablesResponseSchema.parse((await test.app.inject('/api/live/tables')).json()).value;
    expect(lobby.list.map((table) => table.kind)).toEqual([
      'baccarat',
      'baccarat-nc',
      'dragon-tiger',
      'roulette',
      'sic-bo',
      'andar-bahar',
    ]);
    for (const table of lobby.list) {
      expect(table.phase).toBe('betting');
      expect(table.shoe.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(table.limits.length).toBeGreaterThan(0);
    }
    const before = await fx.snapshot('dragon-tiger-1');
    // Not yet due: the job moves nothing.
    expect((await fx.cycle.tick(clock.now())).moved).toBe(0);
    clock.advance(15_000);
    await fx.cycle.tick(clock.now());
    expect((await fx.snapshot('dragon-tiger-1')).phase).toBe('closed');
    clock.advance(2_000);
    await fx.cycle.tick(clock.now());
    const dealt = await fx.snapshot('dragon-tiger-1');
    expect(dealt.phase).toBe('dealing');
    expect(dealt.round.outcome?.game).toBe('dragon-tiger');
    clock.advance(3_000);
    await fx.cycle.tick(clock.now());
    clock.advance(4_000);
    await fx.cycle.tick(clock.now());
    const next = await fx.snapshot('dragon-tiger-1');
    expect(next.roundNo).toBe(before.roundNo + 1);
    expect(next.phase).toBe('betting');
    expect(next.lastResults[0]?.roundNo).toBe(before.roundNo);
    expect((await test.app.inject('/api/live/tables/nope-1')).statusCode).toBe(404);
  });

  it('launches a table from the catalogue (GET /wps/game/launchGame) into a live session for that table', async () => {
    const member = await fx.wallet.member({ fundMinor: 10_000n });
    const game = await fx.db
      .selectFrom('games')
      .select('id')
      .where('vendor_id', '=', fx.vendorId)
      .where('game_code', '=', 'roulette-1')
      .where('game_type', '=', 'LIVE')
      .executeTakeFirstOrThrow();
    const launch = await test.app.inject({
      method: 'GET',
      url: `/wps/game/launchGame?nodeId=${game.id}&trial=0`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const content = (launch.json() as { value: { content: string } }).value.content;
    expect(content).toMatch(/^\/live\/table\?token=[^&]+&game=roulette-1&lang=/);
    const launchToken = new URL(content, 'http://x').searchParams.get('token') ?? '';
    const opened = await test.app.inject({
      method: 'POST',
      url: '/api/live/session',
      payload: { launchToken },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const session = liveSessionResponseSchema.parse(opened.json()).value;
    expect(session).toMatchObject({ tableCode: 'roulette-1', balanceMinor: '10000' });
    const balance = await fx.get('/api/live/balance', session.sessionToken);
    expect(balance.json()).toMatchObject({ value: { balanceMinor: '10000' } });
  });

  it('takes a bet in the window as one debit and refuses it after "no more bets"', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, 'baccarat-1');
    await fx.advanceTo('baccarat-1', 'betting');
    const table = await fx.snapshot('baccarat-1');
    const bet = placed(
      await fx.bet(token, 'baccarat-1', { roundId: table.roundId, bets: { banker: '5000' } }),
    );
    expect(bet.bet.status).toBe('placed');
    expect(bet.bet.stakeMinor).toBe('5000');
    expect(bet.balanceMinor).toBe('95000');
    expect(await fx.wallet.main(member.id)).toBe(95_000n);
    await fx.advance('baccarat-1');
    const late = await fx.bet(token, 'baccarat-1', { roundId: table.roundId, bets: { player: '5000' } });
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe('live_bets_closed');
    // A betting round whose window has passed by the clock is closed too, whatever the job did.
    await fx.advanceTo('baccarat-1', 'betting');
    const open = await fx.snapshot('baccarat-1');
    const settled = await fx.wallet.main(member.id);
    clock.advance(16_000);
    const timedOut = await fx.bet(token, 'baccarat-1', { roundId: open.roundId, bets: { player: '5000' } });
    expect(messageOf(timedOut)).toBe('live_bets_closed');
    expect(await fx.wallet.main(member.id)).toBe(settled);
    const noSession = await fx.bet('x'.repeat(43), 'baccarat-1', {
      roundId: open.roundId,
      bets: { player: '1000' },
    });
    expect(noSession.statusCode).toBe(401);
  });

  it('enforces the table limits per spot and round, and refuses spots the table does not have', async () => {
    const member = await fx.wallet.member({ fundMinor: 10_000_000n });
    const token = await fx.open(member.id, 'roulette-1');
    await fx.advanceTo('roulette-1', 'betting');
    const { roundId } = await fx.snapshot('roulette-1');
    const below = await fx.bet(token, 'roulette-1', { roundId, bets: { 'straight:17': '999' } });
    expect([below.statusCode, messageOf(below)]).toEqual([400, 'live_bet_below_min']);
    const above = await fx.bet(token, 'roulette-1', { roundId, bets: { 'straight:17': '100001' } });
    expect([above.statusCode, messageOf(above)]).toEqual([400, 'live_bet_above_max']);
    for (const spot of ['banker', 'split:1-5', 'straight:37', 'red:1-3']) {
      const invalid = await fx.bet(token, 'roulette-1', { roundId, bets: { [spot]: '1000' } });
      expect([invalid.statusCode, messageOf(invalid)], spot).toEqual([400, 'live_bet_invalid']);
    }
    // 60,000 + 40,000 = the maximum of 1,000.00 on one number; 1 more in the same round is refused.
    placed(await fx.bet(token, 'roulette-1', { roundId, bets: { 'straight:17': '60000', red: '1000' } }));
    placed(await fx.bet(token, 'roulette-1', { roundId, bets: { 'straight:17': '40000' } }));
    const over = await fx.bet(token, 'roulette-1', {
      roundId,
      bets: { 'straight:17': '1000', black: '1000' },
    });
    expect(messageOf(over)).toBe('live_bet_above_max');
    // Nothing of the refused bet moved, and its other spot did not count.
    expect(await fx.wallet.main(member.id)).toBe(10_000_000n - 101_000n);
    placed(await fx.bet(token, 'roulette-1', { roundId, bets: { black: '1000' } }));
  });

  it('replays a repeated Idempotency-Key without a second debit and refuses it with another body', async () => {
    const member = await fx.wallet.member({ fundMinor: 50_000n });
    const token = await fx.open(member.id, 'sic-bo-1');
    await fx.advanceTo('sic-bo-1', 'betting');
    const { roundId } = await fx.snapshot('sic-bo-1');
    const body = { roundId, bets: { big: '2000', 'total:10': '1000' } };
    const first = placed(await fx.bet(token, 'sic-bo-1', body, 'live-key-0001'));
    const again = placed(await fx.bet(token, 'sic-bo-1', body, 'live-key-0001'));
    expect(again.bet.betId).toBe(first.bet.betId);
    expect(await fx.wallet.main(member.id)).toBe(47_000n);
    const other = await fx.bet(token, 'sic-bo-1', { roundId, bets: { small: '2000' } }, 'live-key-0001');
    expect([other.statusCode, messageOf(other)]).toEqual([409, 'idempotency_key_reused']);
    const missing = await test.app.inject({
      method: 'POST',
      url: '/api/live/tables/sic-bo-1/bets',
      headers: { 'x-live-session': token },
      payload: body,
    });
    expect(messageOf(missing)).toBe('idempotency_key_required');
  });

  it('settles every bet exactly once with the maths of its table, however often settlement runs', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id, 'baccarat-nc-1');
    await fx.advanceTo('baccarat-nc-1', 'betting');
    const { roundId } = await fx.snapshot('baccarat-nc-1');
    const spots = {
      player: '3000',
      banker: '3000',
      tie: '1000',
      'player-pair': '1000',
      'banker-pair': '1000',
    };
    placed(await fx.bet(token, 'baccarat-nc-1', { roundId, bets: spots }));
    expect(await fx.wallet.main(member.id)).toBe(91_000n);
    await fx.advanceTo('baccarat-nc-1', 'result');
    const table = await fx.snapshot('baccarat-nc-1');
    const outcome = table.round.outcome;
    if (!outcome) throw new Error('no outcome');
    const expected = Object.entries(spots).reduce(
      (sum, [spot, amount]) => sum + spotReturn('baccarat-nc', spot, BigInt(amount), outcome),
      0n,
    );
    expect(await fx.wallet.main(member.id)).toBe(91_000n + expected);
    // Settlement again, and from a second service (another process): nothing more is paid.
    await fx.cycle.settle(clock.now());
    await new LiveCycleService({ db: fx.db, wallet: fx.clients.real }).settle(clock.now());
    expect(await fx.wallet.main(member.id)).toBe(91_000n + expected);
    const mine = liveBetsResponseSchema.parse(
      (await fx.get('/api/live/bets?tableCode=baccarat-nc-1', token)).json(),
    );
    expect(mine.value.list[0]?.status).toBe('settled');
    expect(mine.value.list[0]?.payoutMinor).toBe(String(expected));
    expect(mine.value.list[0]?.spots.map((spot) => spot.spot).sort()).toEqual(Object.keys(spots).sort());
  });

  it('rolls back and voids a bet whose debit answer was lost, and the cycle voids one still pending later', async () => {
    const member = await fx.wallet.member({ fundMinor: 20_000n });
    const token = await fx.open(member.id, 'dragon-tiger-1');
    const session = await new LiveSessionsService({ db: fx.db, wallet: fx.clients.real, clock }).sessionOf(
      token,
    );
    await fx.advanceTo('dragon-tiger-1', 'betting');
    const { roundId } = await fx.snapshot('dragon-tiger-1');
    const losing = new LiveBetsService({ db: fx.db, wallet: fx.clients.losingDebit, clock });
    await expect(
      losing.place(session, 'dragon-tiger-1', 'lost-debit-01', { roundId, bets: { dragon: '5000' } }),
    ).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(await fx.wallet.main(member.id)).toBe(20_000n);
    const lost = await fx.db
      .selectFrom('live_bets')
      .select(['id', 'status'])
      .where('request_key', '=', 'lost-debit-01')
      .executeTakeFirstOrThrow();
    expect(lost.status).toBe('void');
    // A pending bet (its process died before the debit's answer): the cycle rolls it back after 30 s.
    placed(await fx.bet(token, 'dragon-tiger-1', { roundId, bets: { tiger: '4000' } }, 'stuck-01'));
    await fx.db
      .updateTable('live_bets')
      .set({ status: 'pending' })
      .where('request_key', '=', 'stuck-01')
      .execute();
    clock.advance(31_000);
    expect((await fx.cycle.settle(clock.now())).voided).toBe(1);
    expect(await fx.wallet.main(member.id)).toBe(20_000n);
  });

  it('publishes the commitment first and reveals a verifiable seed when the shoe ends (Andar Bahar: each round)', async () => {
    await fx.advanceTo('andar-bahar-1', 'betting');
    const open = await fx.snapshot('andar-bahar-1');
    const before = liveVerifyResponseSchema.parse(
      (await test.app.inject(`/api/live/rounds/${open.roundId}/verify`)).json(),
    ).value;
    expect(before.shoe.seed).toBeNull();
    expect(before.shoe.commitment).toBe(open.shoe.commitment);
    expect(before.shoe.shoeCards).toEqual([]);
    await fx.advanceTo('andar-bahar-1', 'result');
    const after = liveVerifyResponseSchema.parse(
      (await test.app.inject(`/api/live/rounds/${open.roundId}/verify`)).json(),
    ).value;
    const seed = after.shoe.seed;
    if (seed === null) throw new Error('seed not revealed');
    expect(verifyShoe(seed, after.shoe.commitment, after.shoe.shoeCards, 1)).toBe(true);
    expect(after.shoe.cardCount).toBe(after.shoe.shoeCards.length);
    await fx.advance('andar-bahar-1');
    expect((await fx.snapshot('andar-bahar-1')).shoe.commitment).not.toBe(open.shoe.commitment);
    expect((await test.app.inject('/api/live/rounds/999999999/verify')).statusCode).toBe(404);
  });
});
