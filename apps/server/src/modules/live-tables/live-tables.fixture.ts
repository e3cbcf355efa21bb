import { randomUUID } from 'node:crypto';
import {
  LIVE_SESSION_HEADER,
  LIVE_VENDOR_CODE,
  type LiveTableSnapshot,
  liveSessionResponseSchema,
  liveTableResponseSchema,
} from '@lotus/shared/live.schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { WalletFixture } from '../../../test/helpers/wallet-fixture.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { bookFixtureBase, bookWalletClients } from '../inhouse-vendor/inhouse-book.fixture.ts';
import type { WalletClientSource } from '../inhouse-vendor/inhouse-vendor.service.ts';
import { LiveCycleService } from './live-cycle.service.ts';

/** The secret the tests give the LIVE vendor. */
export const TEST_LIVE_SECRET = 'live-tables-test-secret-0123456789abcdef';

export type LiveFixture = {
  db: Db;
  wallet: WalletFixture;
  vendorId: bigint;
  /** The cycle as the job runs it, on the app's wallet routes (tests move tables by state, not time). */
  cycle: LiveCycleService;
  /** The table's id in the demo brand. */
  tableId(code: string): Promise<bigint>;
  /** One forced move of the table, then the settlement: the phase it moved to. */
  advance(code: string): Promise<string | null>;
  /** Forced moves until the table is in `phase` (at most 8); `betting` with its window open by the clock. */
  advanceTo(code: string, phase: 'betting' | 'closed' | 'dealing' | 'result'): Promise<void>;
  snapshot(code: string): Promise<LiveTableSnapshot>;
  /** Launches the table's catalogue game for the member and opens a live session: its token. */
  open(memberId: bigint, code: string): Promise<string>;
  bet(
    token: string,
    code: string,
    body: { roundId: string; bets: Record<string, string> },
    key?: string,
  ): Promise<LightMyRequestResponse>;
  get(url: string, token: string | null): Promise<LightMyRequestResponse>;
  /** The app's LIVE wallet client (and one that loses its debit's answer). */
  clients: { real: WalletClientSource; losingDebit: WalletClientSource };
};

/** The demo brand's seeded tables with vendor LIVE given the tests' secret (as an operator would). */
export async function liveFixture(
  app: FastifyInstance,
  database: DatabaseHandle,
  clock: Clock,
): Promise<LiveFixture> {
  const { db, wallet, vendorId, calls } = await bookFixtureBase(app, database, {
    vendor: {
      code: LIVE_VENDOR_CODE,
      secret: TEST_LIVE_SECRET,
      launchUrl: '/live/table',
      name: 'Lotus Live',
    },
    sessionUrl: '/api/live/session',
    header: LIVE_SESSION_HEADER,
    subnet: 22,
    tokenOf: (body) => liveSessionResponseSchema.parse(body).value.sessionToken,
  });
  const clients = bookWalletClients(app, db, clock, LIVE_VENDOR_CODE);
  const cycle = new LiveCycleService({ db, wallet: clients.real });
  const tableId = async (code: string) =>
    (
      await db
        .selectFrom('live_tables')
        .select('id')
        .where('brand_id', '=', wallet.brandId)
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  const snapshot = async (code: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/live/tables/${code}` });
    if (response.statusCode !== 200)
      throw new Error(`snapshot ${code}: ${response.statusCode} ${response.body}`);
    return liveTableResponseSchema.parse(response.json()).value;
  };
  const advance = async (code: string) => {
    const now = clock.now();
    const phase = await cycle.advance(await tableId(code), now, true);
    await cycle.settle(now);
    return phase;
  };
  return {
    db,
    wallet,
    vendorId,
    cycle,
    tableId,
    advance,
    async advanceTo(code, phase) {
      for (let step = 0; step < 8; step++) {
        const current = await db
          .selectFrom('live_tables as t')
          .innerJoin('live_rounds as r', 'r.id', 't.current_round_id')
          .select(['r.phase', 'r.betting_ends_at'])
          .where('t.id', '=', await tableId(code))
          .executeTakeFirst();
        // A betting round whose window the test's clock has already passed does not count: bets need one open.
        const open =
          phase !== 'betting' || new Date(current?.betting_ends_at ?? 0).getTime() > clock.now().getTime();
        if (current?.phase === phase && open) return;
        await advance(code);
      }
      throw new Error(`${code} never reached ${phase}`);
    },
    snapshot,
    open: (memberId, code) => calls.open(memberId, code),
    bet: (token, code, body, key = randomUUID()) =>
      app.inject({
        method: 'POST',
        url: `/api/live/tables/${code}/bets`,
        headers: { [LIVE_SESSION_HEADER]: token, 'idempotency-key': key },
        payload: body,
      }),
    get: calls.get,
    clients,
  };
}
