import { INHOUSE_GAMES } from '@lotus/games/play';
import { ORIGINALS_SESSION_HEADER, originalsSessionResponse } from '@lotus/shared/originals.schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ensureGame, gameIdOf, insertLaunchSession } from '../../../test/helpers/games-fixture.ts';
import { type WalletFixture, walletFixture } from '../../../test/helpers/wallet-fixture.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { INHOUSE_VENDOR_CODE } from './inhouse-vendor.service.ts';

/** The secret the tests give the LOTUS vendor (the seed leaves it unset: the studio is off until set). */
export const TEST_WALLET_SECRET = 'inhouse-studio-test-secret-0123456789abcdef';

export type InhouseFixture = {
  wallet: WalletFixture;
  vendorId: bigint;
  /** A launch session of the member for `gameCode`, as GET /wps/game/launchGame makes one: the token. */
  launch(memberId: bigint, gameCode: string, minutes?: number): Promise<string>;
  /** Launches and opens a studio session: the studio token and the session answer. */
  open(
    memberId: bigint,
    gameCode: string,
    prefix?: string,
  ): Promise<{ token: string; balanceMinor: string; serverSeedHash: string }>;
  trial(gameCode: string, prefix?: string): Promise<{ token: string; balanceMinor: string }>;
  post(url: string, token: string | null, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, token: string | null, body?: unknown): Promise<LightMyRequestResponse>;
  get(url: string, token: string | null): Promise<LightMyRequestResponse>;
};

/**
 * The studio switched on as an operator would: LOTUS gets a wallet secret and a launch URL, and its five
 * games exist in the catalogue (inserted if the catalogue seed has not made them).
 */
export async function inhouseFixture(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<InhouseFixture> {
  const { db } = database;
  const wallet = await walletFixture(app, database);
  const vendor = await db
    .updateTable('vendors')
    .set({
      wallet_secret: TEST_WALLET_SECRET,
      launch_url: '/originals/play',
      integration: 'inhouse',
      maintenance: false,
      enabled: true,
    })
    .where('vassalage', '=', INHOUSE_VENDOR_CODE)
    .where('brand_id', '=', wallet.brandId)
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [code, game] of Object.entries(INHOUSE_GAMES)) {
    await ensureGame(db, {
      brandId: wallet.brandId,
      vendorId: vendor.id,
      gameType: game.gameType,
      gameCode: code,
      names: { EN: code },
    });
  }

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: token === null ? {} : { [ORIGINALS_SESSION_HEADER]: token },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const fixture: InhouseFixture = {
    wallet,
    vendorId: vendor.id,
    async launch(memberId, gameCode, minutes = 240) {
      return insertLaunchSession(db, {
        brandId: wallet.brandId,
        memberId,
        gameId: await gameIdOf(db, vendor.id, gameCode),
        vendorId: vendor.id,
        minutes,
      });
    },
    async open(memberId, gameCode, prefix = '') {
      const launchToken = await fixture.launch(memberId, gameCode);
      const response = await send('POST', `${prefix}/originals/api/sessions`, null, { launchToken });
      if (response.statusCode !== 200) throw new Error(`open: ${response.statusCode} ${response.body}`);
      const { value } = originalsSessionResponse.parse(response.json());
      return {
        token: value.sessionToken,
        balanceMinor: value.balanceMinor,
        serverSeedHash: value.seed.serverSeedHash,
      };
    },
    async trial(gameCode, prefix = '') {
      const response = await send('POST', `${prefix}/originals/api/sessions`, null, {
        trial: true,
        gameCode,
      });
      if (response.statusCode !== 200) throw new Error(`trial: ${response.statusCode} ${response.body}`);
      const { value } = originalsSessionResponse.parse(response.json());
      return { token: value.sessionToken, balanceMinor: value.balanceMinor };
    },
    post: (url, token, body) => send('POST', url, token, body ?? {}),
    put: (url, token, body) => send('PUT', url, token, body ?? {}),
    get: (url, token) => send('GET', url, token),
  };
  return fixture;
}
