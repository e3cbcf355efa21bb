import {
  type SportsBetRequest,
  sportsBetResponseSchema,
  sportsCashoutQuoteResponseSchema,
} from '@lotus/shared/sportsbook.schema';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/build-test-app.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { manualClock } from '../../lib/clock.ts';
import { bookTestApp, closeBookTestApp } from '../inhouse-vendor/inhouse-book.fixture.ts';
import {
  type FixtureMarket,
  type SportsBettingFixture,
  sportsBettingFixture,
} from './sportsbook-betting.fixture.ts';
import { SETTLE_JOB } from './sportsbook-settlement.service.ts';

/**
 * Settlement, cash-out, operators' voids and corrections end to end (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): every credit, rollback and adjustment moves the member's real ledger. Amounts are
 * worked by hand in each test's comments.
 */

const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;
const sel = (market: FixtureMarket | undefined, key: string) => {
  const id = market?.selections[key];
  if (id === undefined) throw new Error(`no selection ${key}`);
  return String(id);
};

describe.each(testBackends())('sportsbook settlement [%s]', (backend) => {
  const clock = manualClock(new Date());
  let test: TestApp;
  let fx: SportsBettingFixture;
  let finance: string;

  beforeAll(async () => {
    ({ test, fx } = await bookTestApp(backend, clock, sportsBettingFixture));
    finance = await operatorTokenFor(test.app, test.database.db, 'finance');
  }, 60_000);
  afterAll(() => closeBookTestApp(test));

  const settle = () => test.app.jobs.runNow(SETTLE_JOB);
  const bet = async (token: string, legs: [string, number][], stakeMinor = '1000') => {
    const response = await fx.place(token, {
      kind: legs.length === 1 ? 'single' : 'multi',
      stakeMinor,
      acceptRule: 'none',
      legs: legs.map(([selectionId, oddsMilli]) => ({ selectionId, oddsMilli })),
    } satisfies Omit<SportsBetRequest, 'requestId'>);
    expect(response.statusCode, response.body).toBe(200);
    return sportsBetResponseSchema.parse(response.json()).value.bet.betId;
  };
  const row = (betId: string) =>
    test.database.db
      .selectFrom('sb_bets')
      .selectAll()
      .where('id', '=', BigInt(betId.slice(3)))
      .executeTakeFirstOrThrow();
  const credits = async (betId: string) =>
    (
      await test.database.db
        .selectFrom('vendor_transactions')
        .select('entry_id')
        .where('round_id', '=', betId)
        .where('kind', '=', 'credit')
        .execute()
    ).length;
  const ops = (url: string, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${finance}` },
      payload: payload as object,
    });

  it('settles singles and accumulators with void legs, half lines and a dead heat, once; refunds all-void and cancelled', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const token = await fx.open(member.id);
    const e1 = await fx.event({
      markets: [
        { home: 2000, draw: 3500, away: 4000 },
        { over: 1900, under: 1900 },
      ],
    });
    const e2 = await fx.event();
    const e3 = await fx.event({ markets: [{ a: 4000, b: 4000, c: 3000 }] });
    const e4 = await fx.event();
    const e5 = await fx.event();
    const [r1, t1] = e1.markets;
    const win = await bet(token, [[sel(r1, 'home'), 2000]]); // 10.00 × 2.0 = 20.00
    const lost = await bet(token, [[sel(r1, 'away'), 4000]]); // 0
    const multiVoidLeg = await bet(token, [
      [sel(r1, 'home'), 2000],
      [sel(e2.markets[0], 'home'), 2000],
    ]); // e2 void: 10.00 × 2.0 = 20.00
    const halfWin = await bet(token, [[sel(t1, 'over'), 1900]]); // 10.00 × (1 + 1.9) / 2 = 14.50
    const halfLose = await bet(token, [[sel(t1, 'under'), 1900]]); // 10.00 / 2 = 5.00
    const deadHeat = await bet(token, [[sel(e3.markets[0], 'a'), 4000]]); // 10.00 × 4.0 × ½ = 20.00
    const allVoid = await bet(token, [[sel(e2.markets[0], 'away'), 4000]]); // refunded 10.00
    const cancelled = await bet(token, [[sel(e4.markets[0], 'draw'), 3500]]); // refunded 10.00
    const open = await bet(token, [
      [sel(r1, 'home'), 2000],
      [sel(e5.markets[0], 'home'), 2000],
    ]); // e5 still open: stays placed
    expect(await fx.wallet.main(member.id)).toBe(91_000n);

    await fx.result(r1 as FixtureMarket, { home: 'win', draw: 'lose', away: 'lose' });
    await fx.result(t1 as FixtureMarket, { over: 'half_win', under: 'half_lose' });
    await fx.setMarketStatus(e2.markets[0] as FixtureMarket, 'void');
    await fx.result(e3.markets[0] as FixtureMarket, { a: ['win', 500], b: ['win', 500], c: 'lose' });
    await fx.cancel(e4);
    expect(await settle()).toBe(true);
    expect(await settle()).toBe(true);

    const expected: [string, string, bigint | null][] = [
      [win, 'settled', 2000n],
      [lost, 'settled', 0n],
      [multiVoidLeg, 'settled', 2000n],
      [halfWin, 'settled', 1450n],
      [halfLose, 'settled', 500n],
      [deadHeat, 'settled', 2000n],
      [allVoid, 'refunded', null],
      [cancelled, 'refunded', null],
      [open, 'placed', null],
    ];
    for (const [betId, status, payout] of expected) {
      expect(await row(betId), betId).toMatchObject({ status, payout_minor: payout });
    }
    for (const betId of [win, lost, multiVoidLeg, halfWin, halfLose, deadHeat])
      expect(await credits(betId)).toBe(1);
    // 91,000 + 2,000 + 2,000 + 1,450 + 500 + 2,000 + 1,000 + 1,000.
    expect(await fx.wallet.main(member.id)).toBe(100_950n);
    const detail = sportsBetResponseSchema.parse(
      (await fx.get(`/sportsbook/api/bets/${multiVoidLeg}`, token)).json(),
    ).value.bet;
    expect(detail.legs.map((leg) => leg.outcome)).toEqual(['win', 'void']);
    const halfLeg = sportsBetResponseSchema.parse(
      (await fx.get(`/sportsbook/api/bets/${deadHeat}`, token)).json(),
    ).value.bet.legs[0];
    expect(halfLeg).toMatchObject({ outcome: 'win', deadHeatMilli: 500 });
    // Every finished bet gave its exposure back; the open accumulator still stands on e1 and e5.
    const standing = await test.database.db
      .selectFrom('sb_event_exposure')
      .select(['event_id', 'liability_minor'])
      .where('event_id', 'in', [e1.id, e2.id, e3.id, e4.id, e5.id])
      .orderBy('event_id')
      .execute();
    expect(standing.map((one) => [one.event_id, one.liability_minor])).toEqual([
      [e1.id, 4000n],
      [e2.id, 0n],
      [e3.id, 0n],
      [e4.id, 0n],
      [e5.id, 4000n],
    ]);
  });

  it('resettles a corrected result both ways by adjustments; open bets settle on the corrected result', async () => {
    const a = await fx.wallet.member({ fundMinor: 1_000n });
    const b = await fx.wallet.member({ fundMinor: 1_000n });
    const c = await fx.wallet.member({ fundMinor: 1_000n });
    const event = await fx.event();
    const later = await fx.event();
    const market = event.markets[0] as FixtureMarket;
    const onHome = await bet(await fx.open(a.id), [[sel(market, 'home'), 2000]]);
    const onAway = await bet(await fx.open(b.id), [[sel(market, 'away'), 4000]]);
    const multi = await bet(await fx.open(c.id), [
      [sel(market, 'away'), 4000],
      [sel(later.markets[0], 'home'), 2000],
    ]);
    await fx.result(market, { home: 'win', draw: 'lose', away: 'lose' });
    await settle();
    expect(await fx.wallet.main(a.id)).toBe(2_000n);
    expect(await fx.wallet.main(b.id)).toBe(0n);
    // A spends 15.00 of the 20.00 won before the correction.
    await fx.wallet.fund(a.id, -1_500n);

    const url = `/wps/ops/sportsbook/markets/${market.id}/correct`;
    const missing = await ops(url, { reason: 'wrong result', outcomes: [{ key: 'home', outcome: 'lose' }] });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe('invalid_request');
    const notResulted = await ops(`/wps/ops/sportsbook/markets/${later.markets[0]?.id}/correct`, {
      reason: 'too early',
      outcomes: [
        { key: 'home', outcome: 'win' },
        { key: 'draw', outcome: 'lose' },
        { key: 'away', outcome: 'lose' },
      ],
    });
    expect(messageOf(notResulted)).toBe('sportsbook_state_conflict');
    const corrected = await ops(url, {
      reason: 'away scored the winner, not home',
      outcomes: [
        { key: 'home', outcome: 'lose' },
        { key: 'draw', outcome: 'lose' },
        { key: 'away', outcome: 'win' },
      ],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((corrected.json() as { value: { resettled: number } }).value.resettled).toBe(2);

    // A: 20.00 → 0, takes the 5.00 held and records 15.00 unrecovered; B: 0 → 40.00.
    expect(await fx.wallet.main(a.id)).toBe(0n);
    expect(await fx.wallet.main(b.id)).toBe(4_000n);
    expect(await row(onHome)).toMatchObject({ status: 'settled', payout_minor: 0n });
    expect(await row(onAway)).toMatchObject({ status: 'settled', payout_minor: 4_000n });
    const adjustments = await test.database.db
      .selectFrom('sb_adjustments')
      .select([
        'bet_id',
        'reason',
        'previous_payout_minor',
        'payout_minor',
        'delta_minor',
        'unrecovered_minor',
      ])
      .where('bet_id', 'in', [BigInt(onHome.slice(3)), BigInt(onAway.slice(3))])
      .orderBy('bet_id')
      .execute();
    expect(adjustments).toEqual([
      {
        bet_id: BigInt(onHome.slice(3)),
        reason: 'correction',
        previous_payout_minor: 2_000n,
        payout_minor: 0n,
        delta_minor: -2_000n,
        unrecovered_minor: 1_500n,
      },
      {
        bet_id: BigInt(onAway.slice(3)),
        reason: 'correction',
        previous_payout_minor: 0n,
        payout_minor: 4_000n,
        delta_minor: 4_000n,
        unrecovered_minor: 0n,
      },
    ]);
    const legs = sportsBetResponseSchema.parse(
      (await fx.get(`/sportsbook/api/bets/${onAway}`, await fx.open(b.id))).json(),
    ).value.bet.legs;
    expect(legs[0]?.outcome).toBe('win');
    // Settled bets are never credited again by the protocol: one credit each.
    expect(await credits(onHome)).toBe(1);
    expect(await credits(onAway)).toBe(1);
    // C's accumulator was open: it settles on the corrected result, 10.00 × 4.0 × 2.0.
    await fx.result(later.markets[0] as FixtureMarket, { home: 'win', draw: 'lose', away: 'lose' });
    await settle();
    expect(await row(multi)).toMatchObject({ status: 'settled', payout_minor: 8_000n });
    expect(await fx.wallet.main(c.id)).toBe(8_000n);
    const audit = await test.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'sportsbook.market_corrected')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('cashes out at the quoted price once; refuses a moved price, a suspended leg and an expired quote', async () => {
    const member = await fx.wallet.member({ fundMinor: 10_000n });
    const token = await fx.open(member.id);
    const event = await fx.event();
    const market = event.markets[0] as FixtureMarket;
    const betId = await bet(token, [[sel(market, 'home'), 2000]]);
    const quote = async () => {
      const response = await fx.post(`/sportsbook/api/bets/${betId}/cashout/quote`, token);
      expect(response.statusCode, response.body).toBe(200);
      return sportsCashoutQuoteResponseSchema.parse(response.json()).value;
    };
    const accept = (quoteId: string) => fx.post(`/sportsbook/api/bets/${betId}/cashout`, token, { quoteId });
    // Fair value 10.00 × 2.0 × 0.5 = 10.00, less 5 %: 9.50.
    const first = await quote();
    expect(first.valueMinor).toBe('950');
    await fx.setOdds(market, 'home', 2500);
    const moved = await accept(first.quoteId);
    expect(moved.statusCode).toBe(409);
    expect(messageOf(moved)).toBe('sportsbook_cashout_price_moved');
    // Now 10.00 × 2.0 × 0.4 × 0.95 = 7.60; it expires after 10 s.
    const stale = await quote();
    expect(stale.valueMinor).toBe('760');
    clock.advance(10_001);
    expect(messageOf(await accept(stale.quoteId))).toBe('sportsbook_cashout_price_moved');
    await fx.setMarketStatus(market, 'suspended');
    const suspended = await fx.post(`/sportsbook/api/bets/${betId}/cashout/quote`, token);
    expect(messageOf(suspended)).toBe('sportsbook_cashout_unavailable');
    await fx.setMarketStatus(market, 'open');
    const fresh = await quote();
    const taken = await accept(fresh.quoteId);
    expect(taken.statusCode, taken.body).toBe(200);
    const after = sportsBetResponseSchema.parse(taken.json()).value;
    expect(after.bet).toMatchObject({ status: 'cashed_out', cashoutMinor: '760', payoutMinor: '760' });
    expect(after.balanceMinor).toBe('9760');
    expect(messageOf(await accept(fresh.quoteId))).toBe('sportsbook_cashout_unavailable');
    // The market results later: the cashed-out bet is not paid again.
    await fx.result(market, { home: 'win', draw: 'lose', away: 'lose' });
    await settle();
    expect(await credits(betId)).toBe(1);
    expect(await fx.wallet.main(member.id)).toBe(9_760n);
    const exposure = await test.database.db
      .selectFrom('sb_exposure')
      .select('liability_minor')
      .where('market_id', '=', market.id)
      .where('sel_key', '=', 'home')
      .executeTakeFirstOrThrow();
    expect(exposure.liability_minor).toBe(0n);
  });

  it('lets an operator void an open bet (rollback) and a settled one (back to the stake by an adjustment)', async () => {
    const member = await fx.wallet.member({ fundMinor: 10_000n });
    const token = await fx.open(member.id);
    const event = await fx.event();
    const market = event.markets[0] as FixtureMarket;
    const open = await bet(token, [[sel(market, 'draw'), 3500]]);
    const won = await bet(token, [[sel(market, 'home'), 2000]]);
    const voidOpen = await ops(`/wps/ops/sportsbook/bets/${open}/void`, { reason: 'palpable error' });
    expect(voidOpen.statusCode, voidOpen.body).toBe(200);
    expect(await row(open)).toMatchObject({ status: 'voided', void_reason: 'palpable error' });
    expect(await fx.wallet.main(member.id)).toBe(9_000n);
    await fx.result(market, { home: 'win', draw: 'lose', away: 'lose' });
    await settle();
    expect(await fx.wallet.main(member.id)).toBe(11_000n);
    const voidSettled = await ops(`/wps/ops/sportsbook/bets/${won}/void`, { reason: 'match fixed' });
    expect(voidSettled.statusCode, voidSettled.body).toBe(200);
    // Paid 20.00, voided to its 10.00 stake: 10.00 back to the house.
    expect(await fx.wallet.main(member.id)).toBe(10_000n);
    expect(await row(won)).toMatchObject({ status: 'voided', payout_minor: null });
    const adjustment = await test.database.db
      .selectFrom('sb_adjustments')
      .select(['reason', 'delta_minor'])
      .where('bet_id', '=', BigInt(won.slice(3)))
      .executeTakeFirstOrThrow();
    expect(adjustment).toEqual({ reason: 'operator_void', delta_minor: -1_000n });
    const again = await ops(`/wps/ops/sportsbook/bets/${won}/void`, { reason: 'match fixed' });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('sportsbook_state_conflict');
    expect(
      (
        await test.app.inject({
          method: 'POST',
          url: `/wps/ops/sportsbook/bets/${won}/void`,
          payload: { reason: 'xyz' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('voids a bet left pending over 30 s (its debit answer lost) by rollback and releases its exposure', async () => {
    const member = await fx.wallet.member({ fundMinor: 10_000n });
    const token = await fx.open(member.id);
    const event = await fx.event();
    const market = event.markets[0] as FixtureMarket;
    const betId = await bet(token, [[sel(market, 'away'), 4000]]);
    // As if the debit's answer had been lost: pending while the platform holds the debit.
    await test.database.db
      .updateTable('sb_bets')
      .set({ status: 'pending', placed_at: null })
      .where('id', '=', BigInt(betId.slice(3)))
      .execute();
    await settle();
    expect((await row(betId)).status).toBe('pending');
    clock.advance(31_000);
    await settle();
    expect((await row(betId)).status).toBe('void');
    expect(await fx.wallet.main(member.id)).toBe(10_000n);
    const left = await sql<{
      n: string;
    }>`select coalesce(sum(liability_minor), 0)::text as n from sb_exposure where market_id = ${market.id}`.execute(
      test.database.db,
    );
    expect(left.rows[0]?.n).toBe('0');
  });
});
