import { randomUUID } from 'node:crypto';
import {
  gameLaunchFbResponseSchema,
  SPORTSBOOK_VENDOR_CODE,
  type SportsBetRequest,
  sportsBetResponseSchema,
  sportsBetsResponseSchema,
  sportsLiabilityResponseSchema,
  sportsOddsChangedDetailsSchema,
} from '@lotus/shared/sportsbook.schema';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, tallyAnswers } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import {
  bookTestApp,
  bookWalletClients,
  closeBookTestApp,
  openWithLaunchToken,
  supportRead,
} from '../inhouse-vendor/inhouse-book.fixture.ts';
import { InhouseRoundsRepository } from '../inhouse-vendor/inhouse-rounds.repository.ts';
import { SportsBetsService } from './sportsbook-bets.service.ts';
import { type SportsBettingFixture, sportsBettingFixture } from './sportsbook-betting.fixture.ts';
import { SportsSessionsService } from './sportsbook-sessions.service.ts';

/**
 * The book's player calls end to end (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): every bet's
 * debit goes through the REAL seamless-wallet routes as vendor SPORTSBOOK, so the member's ledger moves
 * exactly as the protocol says. Events, markets and prices are written by SQL (the feed part is not needed).
 */

const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;

describe.each(testBackends())('sportsbook bets [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: SportsBettingFixture;

  beforeAll(async () => {
    ({ test, fx } = await bookTestApp(backend, clock, sportsBettingFixture));
  }, 60_000);
  afterAll(() => closeBookTestApp(test));

  const placed = async (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return sportsBetResponseSchema.parse(response.json()).value;
  };
  const single = (
    selectionId: bigint,
    oddsMilli: number,
    stakeMinor = '1000',
    acceptRule: SportsBetRequest['acceptRule'] = 'none',
  ) => ({
    kind: 'single' as const,
    stakeMinor,
    acceptRule,
    legs: [{ selectionId: String(selectionId), oddsMilli }],
  });
  const rounds = () => new InhouseRoundsRepository(test.database.db);
  const exposure = (marketId: bigint, key: string) =>
    rounds().exposureMinor('sb_exposure', { market_id: marketId, sel_key: key });
  const eventExposure = (eventId: bigint) =>
    rounds().exposureMinor('sb_event_exposure', { event_id: eventId });

  it('opens a session from a launch token; refuses unknown tokens and calls without a session', async () => {
    const member = await fx.wallet.member({ fundMinor: 250_000n });
    const token = await fx.open(member.id);
    expect((await fx.get('/sportsbook/api/bets', token)).statusCode).toBe(200);
    expect((await fx.get('/sportsbook/api/bets', null)).statusCode).toBe(401);
    const unknown = await openWithLaunchToken(test.app, '/sportsbook/api/session', 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
  });

  it('places a single as one debit, replays a repeated requestId, lists it and hides it from others', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id);
    const event = await fx.event();
    const market = event.markets[0];
    if (!market) throw new Error('no market');
    const requestId = randomUUID();
    const first = await placed(
      await fx.place(token, { ...single(market.selections.home ?? 0n, 2000), requestId }),
    );
    expect(first.bet).toMatchObject({
      status: 'placed',
      stakeMinor: '1000',
      oddsMilli: 2000,
      potentialReturnMinor: '2000',
      inPlay: false,
    });
    expect(first.bet.legs[0]).toMatchObject({
      legNo: 1,
      selectionKey: 'home',
      oddsMilli: 2000,
      marketType: 'match_result',
    });
    expect(first.balanceMinor).toBe('99000');
    const again = await placed(
      await fx.place(token, { ...single(market.selections.away ?? 0n, 4000), requestId }),
    );
    expect(again.bet.betId).toBe(first.bet.betId);
    expect(await fx.wallet.main(member.id)).toBe(99_000n);
    expect(await exposure(market.id, 'home')).toBe(2000n);
    expect(await eventExposure(event.id)).toBe(2000n);

    const open = sportsBetsResponseSchema.parse(
      (await fx.get('/sportsbook/api/bets?status=open', token)).json(),
    );
    expect(open.value.list.map((bet) => bet.betId)).toEqual([first.bet.betId]);
    expect((await fx.get('/sportsbook/api/bets?status=settled', token)).json()).toMatchObject({
      value: { list: [], nextCursor: null },
    });
    expect((await fx.get(`/sportsbook/api/bets/${first.bet.betId}`, token)).statusCode).toBe(200);
    const other = await fx.wallet.member();
    const hidden = await fx.get(`/sportsbook/api/bets/${first.bet.betId}`, await fx.open(other.id));
    expect(hidden.statusCode).toBe(404);
    expect(messageOf(hidden)).toBe('sportsbook_bet_not_found');
  });

  it('pages my bets by cursor, newest first', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id);
    const event = await fx.event();
    const home = event.markets[0]?.selections.home ?? 0n;
    const ids: string[] = [];
    for (let index = 0; index < 22; index += 1)
      ids.push((await placed(await fx.place(token, single(home, 2000, '100')))).bet.betId);
    const page1 = sportsBetsResponseSchema.parse((await fx.get('/sportsbook/api/bets', token)).json()).value;
    expect(page1.list).toHaveLength(20);
    expect(page1.list[0]?.betId).toBe(ids[21]);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = sportsBetsResponseSchema.parse(
      (await fx.get(`/sportsbook/api/bets?cursor=${page1.nextCursor}`, token)).json(),
    ).value;
    expect(page2.list.map((bet) => bet.betId)).toEqual([ids[1], ids[0]]);
    expect(page2.nextCursor).toBeNull();
    // Any string of digits is a cursor; one past every id starts from the newest (never a 5xx).
    const huge = await fx.get(`/sportsbook/api/bets?cursor=${'9'.repeat(40)}`, token);
    expect(huge.statusCode).toBe(200);
  });

  it('applies the acceptance rules while the odds move: none refuses, higher takes only a rise, any takes any', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id);
    const event = await fx.event();
    const market = event.markets[0];
    if (!market) throw new Error('no market');
    const home = market.selections.home ?? 0n;
    // The player saw 2.000; the price drifts out to 2.100.
    await fx.setOdds(market, 'home', 2100);
    const none = await fx.place(token, single(home, 2000, '1000', 'none'));
    expect(none.statusCode).toBe(409);
    expect(messageOf(none)).toBe('sportsbook_odds_changed');
    const details = sportsOddsChangedDetailsSchema.parse((none.json() as { value: unknown }).value);
    expect(details.legs).toEqual([{ selectionId: String(home), oddsMilli: 2100, active: true }]);
    const higher = await placed(await fx.place(token, single(home, 2000, '1000', 'higher')));
    expect(higher.bet.oddsMilli).toBe(2100);
    expect(higher.bet.potentialReturnMinor).toBe('2100');
    // Then it shortens to 1.800: higher refuses a fall, any takes it.
    await fx.setOdds(market, 'home', 1800);
    const fall = await fx.place(token, single(home, 2100, '1000', 'higher'));
    expect(messageOf(fall)).toBe('sportsbook_odds_changed');
    const any = await placed(await fx.place(token, single(home, 2100, '1000', 'any')));
    expect(any.bet.oddsMilli).toBe(1800);
    // The same price as seen is taken under every rule.
    await placed(await fx.place(token, single(home, 1800, '1000', 'none')));
    expect(await fx.wallet.main(member.id)).toBe(97_000n);
  });

  it('refuses bad legs, stakes, low odds, suspended markets and unknown selections before any money moves', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id);
    const event = await fx.event({
      markets: [
        { home: 2000, draw: 3500, away: 4000 },
        { over: 1005, under: 9000 },
      ],
    });
    const [result, totals] = event.markets;
    if (!result || !totals) throw new Error('no markets');
    const other = await fx.event();
    const home = String(result.selections.home);
    const leg = (selectionId: string, oddsMilli: number) => ({ selectionId, oddsMilli });
    const cases: [unknown, number, string][] = [
      [
        {
          kind: 'single',
          stakeMinor: '1000',
          acceptRule: 'none',
          legs: [leg(home, 2000), leg(String(other.markets[0]?.selections.home), 2000)],
        },
        400,
        'sportsbook_legs_invalid',
      ],
      [
        { kind: 'multi', stakeMinor: '1000', acceptRule: 'none', legs: [leg(home, 2000)] },
        400,
        'sportsbook_legs_invalid',
      ],
      [
        {
          kind: 'multi',
          stakeMinor: '1000',
          acceptRule: 'none',
          legs: [leg(home, 2000), leg(String(totals.selections.under), 9000)],
        },
        400,
        'sportsbook_legs_invalid',
      ],
      [single(result.selections.home ?? 0n, 2000, '99'), 400, 'sportsbook_stake_out_of_range'],
      [single(result.selections.home ?? 0n, 2000, '100001'), 400, 'sportsbook_stake_out_of_range'],
      [single(totals.selections.over ?? 0n, 1005), 400, 'sportsbook_odds_too_low'],
      [single(999_999_999n, 2000), 404, 'sportsbook_selection_not_found'],
    ];
    for (const [body, status, code] of cases) {
      const response = await fx.place(token, body as SportsBetRequest);
      expect(response.statusCode, code).toBe(status);
      expect(messageOf(response)).toBe(code);
    }
    // Another brand's event does not exist for this player.
    const foreign = await fx.event({ brandId: await fx.otherBrand() });
    const elsewhere = await fx.place(token, single(foreign.markets[0]?.selections.home ?? 0n, 2000));
    expect(elsewhere.statusCode).toBe(404);
    expect(messageOf(elsewhere)).toBe('sportsbook_selection_not_found');
    await fx.setMarketStatus(result, 'suspended');
    const suspended = await fx.place(token, single(result.selections.home ?? 0n, 2000));
    expect(suspended.statusCode).toBe(409);
    expect(messageOf(suspended)).toBe('sportsbook_market_suspended');
    expect(await fx.wallet.main(member.id)).toBe(100_000n);
    const written = await test.database.db
      .selectFrom('sb_bets')
      .select('id')
      .where('player_ref', '=', String(member.id))
      .execute();
    expect(written).toHaveLength(0);
  });

  it('refuses a bet without funds: refused, exposure released', async () => {
    const member = await fx.wallet.member({ fundMinor: 500n });
    const token = await fx.open(member.id);
    const event = await fx.event();
    const market = event.markets[0];
    if (!market) throw new Error('no market');
    const response = await fx.place(token, single(market.selections.draw ?? 0n, 3500));
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe('insufficient_funds');
    const bet = await test.database.db
      .selectFrom('sb_bets')
      .select(['status', 'refusal'])
      .where('player_ref', '=', String(member.id))
      .executeTakeFirstOrThrow();
    expect(bet).toEqual({ status: 'refused', refusal: 'INSUFFICIENT_FUNDS' });
    expect(await exposure(market.id, 'draw')).toBe(0n);
    expect(await eventExposure(event.id)).toBe(0n);
    expect(await fx.wallet.main(member.id)).toBe(500n);
  });

  it('50 bets at once against a market liability that admits 7: exactly 7 placed, exposure at the limit', async () => {
    // 10.00 at 2.000 stands for 20.00 of liability; 140.05 admits seven.
    const event = await fx.event({ marketLiabilityMinor: 14_005n });
    const market = event.markets[0];
    if (!market) throw new Error('no market');
    const tokens: string[] = [];
    for (let index = 0; index < 50; index += 1) {
      const member = await fx.wallet.member({ fundMinor: 5_000n });
      tokens.push(await fx.open(member.id));
    }
    const answers = await Promise.all(
      tokens.map((token) => fx.place(token, single(market.selections.home ?? 0n, 2000))),
    );
    expect(tallyAnswers(answers)).toEqual({ ok: 7, sportsbook_liability_reached: 43 });
    expect(await exposure(market.id, 'home')).toBe(14_000n);
    expect(await eventExposure(event.id)).toBe(14_000n);
  }, 180_000);

  it('refuses a bet over the event liability even when each market has room; nothing is left behind', async () => {
    const event = await fx.event({
      markets: [
        { home: 2000, draw: 3500, away: 4000 },
        { over: 2000, under: 2000 },
      ],
      eventLiabilityMinor: 3_000n,
    });
    const [result, totals] = event.markets;
    if (!result || !totals) throw new Error('no markets');
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id);
    await placed(await fx.place(token, single(result.selections.home ?? 0n, 2000)));
    const over = await fx.place(token, single(totals.selections.over ?? 0n, 2000));
    expect(over.statusCode).toBe(409);
    expect(messageOf(over)).toBe('sportsbook_liability_reached');
    expect(await exposure(totals.id, 'over')).toBe(0n);
    expect(await eventExposure(event.id)).toBe(2000n);
    expect(await fx.wallet.main(member.id)).toBe(99_000n);
  });

  it("voids a bet at once when the debit's answer is lost after it landed (rollback), freeing its exposure", async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id);
    const event = await fx.event();
    const market = event.markets[0];
    if (!market) throw new Error('no market');
    const { db } = test.database;
    const { real, losingDebit: losing } = bookWalletClients(test.app, db, clock, SPORTSBOOK_VENDOR_CODE);
    const session = await new SportsSessionsService({ db, wallet: real, clock }).sessionOf(token);
    const bets = new SportsBetsService({ db, wallet: losing, clock });
    const request = { requestId: randomUUID(), ...single(market.selections.away ?? 0n, 4000, '3000') };
    await expect(bets.place(session, request)).rejects.toMatchObject({ code: 'service_unavailable' });
    const bet = await db
      .selectFrom('sb_bets')
      .select('status')
      .where('player_ref', '=', String(member.id))
      .executeTakeFirstOrThrow();
    expect(bet.status).toBe('void');
    expect(await exposure(market.id, 'away')).toBe(0n);
    expect(await fx.wallet.main(member.id)).toBe(100_000n);
  });

  it('waits the in-play delay and checks again: a move in the delay is refused, a still price is taken', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id);
    const event = await fx.event({ live: true, betDelayMs: 3000 });
    const market = event.markets[0];
    if (!market) throw new Error('no market');
    const { db } = test.database;
    const wallet = bookWalletClients(test.app, db, clock, SPORTSBOOK_VENDOR_CODE).real;
    const session = await new SportsSessionsService({ db, wallet, clock }).sessionOf(token);
    const waited: number[] = [];
    let during: () => Promise<void> = async () => {};
    const bets = new SportsBetsService({
      db,
      wallet,
      clock,
      sleep: async (ms) => {
        waited.push(ms);
        clock.advance(ms);
        await during();
      },
    });
    const home = market.selections.home ?? 0n;
    // A goal in the delay: the price moves.
    during = () => fx.setOdds(market, 'home', 1500);
    await expect(
      bets.place(session, { requestId: randomUUID(), ...single(home, 2000) }),
    ).rejects.toMatchObject({
      code: 'sportsbook_odds_changed',
    });
    // The market suspends in the delay.
    during = () => fx.setMarketStatus(market, 'suspended');
    await expect(
      bets.place(session, { requestId: randomUUID(), ...single(home, 1500) }),
    ).rejects.toMatchObject({
      code: 'sportsbook_market_suspended',
    });
    expect(
      await db.selectFrom('sb_bets').select('id').where('player_ref', '=', String(member.id)).execute(),
    ).toHaveLength(0);
    await fx.setMarketStatus(market, 'open');
    during = async () => {};
    const taken = await bets.place(session, { requestId: randomUUID(), ...single(home, 1500) });
    expect(taken.bet).toMatchObject({ status: 'placed', inPlay: true, oddsMilli: 1500 });
    expect(waited).toEqual([3000, 3000, 3000]);
    expect(await fx.wallet.main(member.id)).toBe(99_000n);
  });

  it("shows operators an event's liability, and launches the book for /fbsports (GCS_gameLaunchFB)", async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id);
    const event = await fx.event();
    const market = event.markets[0];
    if (!market) throw new Error('no market');
    await placed(await fx.place(token, single(market.selections.home ?? 0n, 2000, '1000')));
    await placed(await fx.place(token, single(market.selections.home ?? 0n, 2000, '500')));
    const url = `/wps/ops/sportsbook/events/${event.id}/liability`;
    const response = await supportRead(test.app, test.database.db, url);
    expect(response.statusCode, response.body).toBe(200);
    const view = sportsLiabilityResponseSchema.parse(response.json()).value;
    expect(view).toMatchObject({ eventId: String(event.id), status: 'scheduled', liabilityMinor: '3000' });
    expect(view.markets[0]?.selections).toEqual([
      { key: 'home', liabilityMinor: '3000', stakesMinor: '1500', bets: 2 },
      { key: 'draw', liabilityMinor: '0', stakesMinor: '0', bets: 0 },
      { key: 'away', liabilityMinor: '0', stakesMinor: '0', bets: 0 },
    ]);
    const missing = await supportRead(
      test.app,
      test.database.db,
      '/wps/ops/sportsbook/events/999999999/liability',
    );
    expect(messageOf(missing)).toBe('sportsbook_event_not_found');

    const launch = await test.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_gameLaunchFB',
      headers: { authorization: `Bearer ${member.token}` },
      payload: {},
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const launched = gameLaunchFbResponseSchema.parse(launch.json()).value;
    expect(launched.gameCode).toBe('sports');
    expect(launched.url).toMatch(/^\/sportsbook\?token=[A-Za-z0-9_-]{43}&game=sports&lang=[A-Z]{2}$/);
    // The launch token opens a book session.
    const launchToken = new URL(launched.url, 'http://x').searchParams.get('token');
    const session = await test.app.inject({
      method: 'POST',
      url: '/sportsbook/api/session',
      payload: { launchToken },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(
      (await test.app.inject({ method: 'POST', url: '/wps/relay/GCS_gameLaunchFB', payload: {} })).statusCode,
    ).toBe(401);
  });
});
