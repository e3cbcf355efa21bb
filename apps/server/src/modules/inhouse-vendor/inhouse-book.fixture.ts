import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  buildTestApp,
  type PooledTestApp,
  startPooledTestApp,
  type TestApp,
} from '../../../test/helpers/build-test-app.ts';
import { gameIdOf, insertLaunchSession } from '../../../test/helpers/games-fixture.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { operatorTokenFor } from '../../../test/helpers/operator-helper.ts';
import type { Backend } from '../../../test/helpers/test-database.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { injectTransport } from '../vendor-protocol/protocol-client.ts';
import type { WalletClientSource } from './inhouse-vendor.service.ts';
import { catalogueWalletClient } from './inhouse-vendor-module.ts';

/**
 * What the in-house books' test fixtures share (the lottery engine's and the sportsbook's): the book's
 * vendor switched on as an operator would, and a player's calls with the book's session header.
 */

/** The book's catalogue vendor (in-house, enabled, with its wallet secret): its id. */
export async function inhouseBookVendor(
  db: Db,
  brandId: bigint,
  vendor: { code: string; secret: string; launchUrl: string; name: string },
): Promise<bigint> {
  const values = {
    wallet_secret: vendor.secret,
    launch_url: vendor.launchUrl,
    integration: 'inhouse' as const,
    maintenance: false,
    enabled: true,
  };
  const row = await db
    .insertInto('vendors')
    .values({
      brand_id: brandId,
      vassalage: vendor.code,
      display_name: JSON.stringify({ EN: vendor.name }),
      ...values,
    })
    .onConflict((conflict) => conflict.columns(['brand_id', 'vassalage']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sessions opened by this test file so far, across fixtures: each from its own address. */
let opened = 0;

export type BookPlayerCalls = {
  /** Launches the catalogue game for the member and opens a book session: the session token. */
  open(memberId: bigint, gameCode: string): Promise<string>;
  get(url: string, token: string | null): Promise<LightMyRequestResponse>;
  post(url: string, token: string, payload?: unknown): Promise<LightMyRequestResponse>;
};

/**
 * A player's calls to a book: `sessionUrl` opens a session from a launch token, `header` carries it.
 * `subnet` keeps each book's opening addresses apart (opening sessions has its own per-IP budget).
 */
export function bookPlayerCalls(
  app: FastifyInstance,
  db: Db,
  book: {
    brandId: bigint;
    vendorId: bigint;
    sessionUrl: string;
    header: string;
    subnet: number;
    tokenOf: (body: unknown) => string;
  },
): BookPlayerCalls {
  const withSession = (token: string | null): InjectOptions['headers'] =>
    token === null ? {} : { [book.header]: token };
  return {
    async open(memberId, gameCode) {
      const launchToken = await insertLaunchSession(db, {
        brandId: book.brandId,
        memberId,
        gameId: await gameIdOf(db, book.vendorId, gameCode),
        vendorId: book.vendorId,
        minutes: 240,
      });
      // Each open from its own address: opening sessions has its own per-IP budget (60 a minute).
      opened += 1;
      const response = await app.inject({
        method: 'POST',
        url: book.sessionUrl,
        payload: { launchToken },
        remoteAddress: `10.${book.subnet}.${(opened >> 8) & 255}.${opened & 255}`,
      });
      if (response.statusCode !== 200) throw new Error(`open: ${response.statusCode} ${response.body}`);
      return book.tokenOf(response.json());
    },
    get: (url, token) => app.inject({ method: 'GET', url, headers: withSession(token) }),
    post: (url, token, payload) =>
      app.inject({
        method: 'POST',
        url,
        headers: withSession(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

/** A book's fixture factory (`lotteryEngineFixture`, `sportsBettingFixture`). */
export type BookFixtureFactory<F> = (
  app: FastifyInstance,
  database: DatabaseHandle,
  clock: Clock,
) => Promise<F>;

/** A route test's app on one backend, with the book's fixture; `closeBookTestApp` ends it. */
export async function bookTestApp<F>(
  backend: Backend,
  clock: Clock,
  fixture: BookFixtureFactory<F>,
): Promise<{ test: TestApp; fx: F }> {
  const test = await buildTestApp({ backend, clock });
  return { test, fx: await fixture(test.app, test.database, clock) };
}

/** Closes a route test's app once its ledger is checked (every journal balances). */
export async function closeBookTestApp(test: TestApp | undefined): Promise<void> {
  if (test) await assertLedgerInvariants(test.database.db);
  await test?.close();
}

/**
 * Two app instances on one PostgreSQL database (the concurrency tests: two processes), the book's fixture
 * on the first; `closePooledBookApps` ends them.
 */
export async function pooledBookApps<F>(
  clock: Clock,
  fixture: BookFixtureFactory<F>,
): Promise<{ first: PooledTestApp; second: PooledTestApp; fx: F }> {
  const first = await startPooledTestApp({ pool: 20, clock, checkLedger: true });
  const second = await startPooledTestApp({ pool: 10, clock, database: first.database });
  return { first, second, fx: await fixture(first.app, first.database, clock) };
}

export async function closePooledBookApps(
  first: PooledTestApp | undefined,
  second: PooledTestApp | undefined,
): Promise<void> {
  await second?.close();
  await first?.close();
}

/** A POST of a launch token to the book's session route (e.g. one the platform never issued). */
export function openWithLaunchToken(
  app: FastifyInstance,
  sessionUrl: string,
  launchToken: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: sessionUrl, payload: { launchToken } });
}

/**
 * The book's wallet client as the app builds it (`real`), and one whose debit reaches the platform and
 * moves the money before the connection breaks (`losingDebit`): the answer is lost, the debit is not.
 */
export function bookWalletClients(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  vendorCode: string,
): { real: WalletClientSource; losingDebit: WalletClientSource } {
  const real = catalogueWalletClient(db, injectTransport(app), clock, vendorCode);
  const losingDebit: WalletClientSource = async () => {
    const client = await real();
    return {
      ...client,
      debit: async (input) => {
        await client.debit(input);
        throw new Error('socket hang up');
      },
    };
  };
  return { real, losingDebit };
}

/**
 * An operator read of the book (liability views): refused without a token, then asked with a support
 * operator's. The answer to the signed call.
 */
export async function supportRead(
  app: FastifyInstance,
  db: Db,
  url: string,
): Promise<LightMyRequestResponse> {
  const anonymous = await app.inject({ method: 'GET', url });
  if (anonymous.statusCode !== 401) throw new Error(`${url} without a token: ${anonymous.statusCode}`);
  const operator = await operatorTokenFor(app, db, 'support');
  return app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${operator}` } });
}

/**
 * The start of a book's fixture: the platform's wallet fixture, the book's vendor switched on, and the
 * player's calls with the book's session header.
 */
export async function bookFixtureBase(
  app: FastifyInstance,
  database: DatabaseHandle,
  book: {
    vendor: { code: string; secret: string; launchUrl: string; name: string };
    sessionUrl: string;
    header: string;
    subnet: number;
    tokenOf: (body: unknown) => string;
  },
): Promise<{ db: Db; wallet: WalletFixture; vendorId: bigint; calls: BookPlayerCalls }> {
  const { db } = database;
  const wallet = await walletFixture(app, database);
  const vendorId = await inhouseBookVendor(db, wallet.brandId, book.vendor);
  const calls = bookPlayerCalls(app, db, { ...book, brandId: wallet.brandId, vendorId });
  return { db, wallet, vendorId, calls };
}
