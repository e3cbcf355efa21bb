import { randomUUID } from 'node:crypto';
import {
  SPORTSBOOK_SESSION_HEADER,
  SPORTSBOOK_VENDOR_CODE,
  type SportCode,
  type SportsBetRequest,
  sportsSessionResponseSchema,
} from '@lotus/shared/sportsbook.schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { ensureGame } from '../../../test/helpers/games-fixture.ts';
import type { WalletFixture } from '../../../test/helpers/wallet-fixture.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import type { SbOutcomeColumn } from '../../db/tables/sportsbook.ts';
import type { Clock } from '../../lib/clock.ts';
import { bookFixtureBase } from '../inhouse-vendor/inhouse-book.fixture.ts';

/** The secret the tests give the SPORTSBOOK vendor. */
export const TEST_SPORTSBOOK_SECRET = 'sportsbook-betting-test-secret-0123456789ab';

export type FixtureMarket = { id: bigint; selections: Record<string, bigint> };
export type FixtureEvent = { id: bigint; markets: FixtureMarket[] };

export type SportsBettingFixture = {
  wallet: WalletFixture;
  vendorId: bigint;
  /**
   * An event (scheduled, or live with `live`) with one market per entry of `markets`: each a map of
   * selection key to decimal odds × 1000 (fair probability = 1/odds, no margin). Limits: stake ≤ 1,000.00,
   * market liability `marketLiabilityMinor` (default 10,000,000.00), event liability likewise.
   */
  event(options?: {
    sport?: SportCode;
    live?: boolean;
    betDelayMs?: number;
    markets?: Record<string, number>[];
    marketLiabilityMinor?: bigint;
    eventLiabilityMinor?: bigint;
    /** Another brand's event (its own competition). */
    brandId?: bigint;
  }): Promise<FixtureEvent>;
  /** Another brand, a copy of the demo one: for the rule that a player bets only on their brand's events. */
  otherBrand(): Promise<bigint>;
  /** Launches the `sports` game for the member and opens a book session: the session token. */
  open(memberId: bigint): Promise<string>;
  place(
    token: string,
    body: Omit<SportsBetRequest, 'requestId'> & { requestId?: string },
  ): Promise<LightMyRequestResponse>;
  get(url: string, token: string | null): Promise<LightMyRequestResponse>;
  post(url: string, token: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** A new price (the feed's reprice): the selection's odds and probability, the market's version + 1. */
  setOdds(market: FixtureMarket, key: string, oddsMilli: number): Promise<void>;
  /** The market's status (version + 1), e.g. suspended. */
  setMarketStatus(market: FixtureMarket, status: 'open' | 'suspended' | 'closed' | 'void'): Promise<void>;
  /** The market resulted: each key's outcome (a dead heat as `[outcome, deadHeatMilli]`). */
  result(market: FixtureMarket, outcomes: Record<string, SbOutcomeColumn | ['win', number]>): Promise<void>;
  /** The event cancelled, its open markets void (as the feed part would). */
  cancel(event: FixtureEvent): Promise<void>;
};

let fixtures = 0;

/**
 * The book switched on as an operator would (rows written directly; the feed part is not needed): vendor
 * SPORTSBOOK with a wallet secret, its catalogue games `sports`, `esports` and `cockfight`, and events with
 * markets and selections made by SQL.
 */
export async function sportsBettingFixture(
  app: FastifyInstance,
  database: DatabaseHandle,
  clock: Clock,
): Promise<SportsBettingFixture> {
  const { db, wallet, vendorId, calls } = await bookFixtureBase(app, database, {
    vendor: {
      code: SPORTSBOOK_VENDOR_CODE,
      secret: TEST_SPORTSBOOK_SECRET,
      launchUrl: '/sportsbook',
      name: 'Lotus Sports',
    },
    sessionUrl: '/sportsbook/api/session',
    header: SPORTSBOOK_SESSION_HEADER,
    subnet: 21,
    tokenOf: (body) => sportsSessionResponseSchema.parse(body).value.sessionToken,
  });
  for (const [code, type] of [
    ['sports', 'SPORTS'],
    ['esports', 'ESPORTS'],
    ['cockfight', 'COCKFIGHT'],
  ] as const) {
    await ensureGame(db, {
      brandId: wallet.brandId,
      vendorId,
      gameType: type,
      gameCode: code,
      names: { EN: code, HI: code },
    });
  }
  fixtures += 1;
  const competition = await db
    .insertInto('sb_competitions')
    .values({
      brand_id: wallet.brandId,
      sport: 'football',
      code: `t-${randomUUID().slice(0, 8)}`,
      name: JSON.stringify({ EN: 'Test league', HI: 'टेस्ट लीग' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let events = 0;
  const bump = (marketId: bigint) =>
    db.updateTable('sb_markets').set({ version: sql`version + 1` }).where('id', '=', marketId).execute();

  const fixture: SportsBettingFixture = {
    wallet,
    vendorId,
    async event(options = {}) {
      events += 1;
      const limit = 1_000_000_000n;
      const brandId = options.brandId ?? wallet.brandId;
      const competitionId =
        brandId === wallet.brandId
          ? competition.id
          : (
              await db
                .insertInto('sb_competitions')
                .values({
                  brand_id: brandId,
                  sport: 'football',
                  code: `t-${randomUUID().slice(0, 8)}`,
                  name: JSON.stringify({ EN: 'Other league', HI: 'दूसरी लीग' }),
                })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id;
      const event = await db
        .insertInto('sb_events')
        .values({
          brand_id: brandId,
          competition_id: competitionId,
          sport: options.sport ?? 'football',
          format: 'ft90',
          home: JSON.stringify({ EN: `Home ${events}`, HI: `घर ${events}` }),
          away: JSON.stringify({ EN: `Away ${events}`, HI: `बाहर ${events}` }),
          starts_at: new Date(clock.now().getTime() + (options.live ? -60_000 : 3_600_000)),
          feed: 'sim',
          feed_ref: `t-${fixtures}-${events}-${randomUUID().slice(0, 8)}`,
          bet_delay_ms: options.betDelayMs ?? 0,
          max_liability_minor: options.eventLiabilityMinor ?? limit,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (options.live) {
        await db
          .updateTable('sb_events')
          .set({ status: 'live', started_at: clock.now() })
          .where('id', '=', event.id)
          .execute();
      }
      const markets: FixtureMarket[] = [];
      const specs = options.markets ?? [{ home: 2000, draw: 3500, away: 4000 }];
      for (const [index, spec] of specs.entries()) {
        const market = await db
          .insertInto('sb_markets')
          .values({
            event_id: event.id,
            market_type: index === 0 ? 'match_result' : 'total_goals',
            line_milli: index === 0 ? 0 : 500 + index * 1000,
            in_play: options.live ?? false,
            margin_bp: 0,
            max_stake_minor: 100_000n,
            max_liability_minor: options.marketLiabilityMinor ?? limit,
            sort: index,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const selections: Record<string, bigint> = {};
        for (const [sort, [key, odds]] of Object.entries(spec).entries()) {
          const row = await db
            .insertInto('sb_selections')
            .values({
              market_id: market.id,
              sel_key: key,
              name: JSON.stringify({ EN: key, HI: key }),
              odds_milli: odds,
              prob_ppm: Math.floor(1e9 / odds),
              sort,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          selections[key] = row.id;
        }
        markets.push({ id: market.id, selections });
      }
      return { id: event.id, markets };
    },
    async otherBrand() {
      // A copy of the demo brand made by the database itself, so every column keeps its type.
      const columns = await sql<{ column_name: string }>`
        select column_name from information_schema.columns
        where table_name = 'brands' and table_schema = current_schema()
          and column_name not in ('id', 'created_at', 'is_default', 'code', 'name')
          and is_generated = 'NEVER'`.execute(db);
      const list = sql.join(columns.rows.map((column) => sql.ref(column.column_name)));
      const code = `sb${randomUUID().slice(0, 6)}`;
      const row = await sql<{ id: bigint }>`
        insert into brands (code, name, ${list})
        select ${code}, ${`Other ${code}`}, ${list} from brands where id = ${wallet.brandId}
        returning id`.execute(db);
      const id = row.rows[0]?.id;
      if (id === undefined) throw new Error('no brand copied');
      return BigInt(id);
    },
    open: (memberId) => calls.open(memberId, 'sports'),
    place: (token, body) => calls.post('/sportsbook/api/bets', token, { requestId: randomUUID(), ...body }),
    get: calls.get,
    post: calls.post,
    async setOdds(market, key, oddsMilli) {
      await db
        .updateTable('sb_selections')
        .set({ odds_milli: oddsMilli, prob_ppm: Math.floor(1e9 / oddsMilli) })
        .where('market_id', '=', market.id)
        .where('sel_key', '=', key)
        .execute();
      await bump(market.id);
    },
    async setMarketStatus(market, status) {
      await db
        .updateTable('sb_markets')
        .set({ status, version: sql`version + 1` })
        .where('id', '=', market.id)
        .execute();
    },
    async result(market, outcomes) {
      for (const [key, outcome] of Object.entries(outcomes)) {
        await db
          .updateTable('sb_selections')
          .set(
            Array.isArray(outcome)
              ? { outcome: outcome[0], dead_heat_milli: outcome[1] }
              : { outcome, dead_heat_milli: null },
          )
          .where('market_id', '=', market.id)
          .where('sel_key', '=', key)
          .execute();
      }
      await db
        .updateTable('sb_markets')
        .set({ status: 'resulted', resulted_at: clock.now(), version: sql`version + 1` })
        .where('id', '=', market.id)
        .execute();
    },
    async cancel(event) {
      await db
        .updateTable('sb_events')
        .set({ status: 'cancelled', cancelled_at: clock.now(), cancel_reason: 'test' })
        .where('id', '=', event.id)
        .execute();
      await db
        .updateTable('sb_markets')
        .set({ status: 'void', version: sql`version + 1` })
        .where('event_id', '=', event.id)
        .where('status', 'in', ['open', 'suspended', 'closed'])
        .execute();
    },
  };
  return fixture;
}
