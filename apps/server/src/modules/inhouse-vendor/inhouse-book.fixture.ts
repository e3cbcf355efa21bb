import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { gameIdOf, insertLaunchSession } from '../../../test/helpers/games-fixture.ts';
import type { Db } from '../../db/unit-of-work.ts';

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
