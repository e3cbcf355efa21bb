import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ensureGame, gameIdOf, insertLaunchSession } from '../../../test/helpers/games-fixture.ts';
import { creditFromHouse } from '../../../test/helpers/house-credit.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { hashPassword } from '../../lib/password.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { ConformanceSubject } from './conformance-kit.ts';
import { createSeamlessWalletClient, injectTransport } from './protocol-client.ts';
import type { SeamlessWalletClient } from './protocol-types.ts';

/** The secret the protocol tests give the in-house vendor LOTUS (the seed leaves it unset). */
export const PROTOCOL_TEST_SECRET = 'vendor-protocol-test-secret-0123456789abcdef';
export const PROTOCOL_TEST_VENDOR = 'LOTUS';
export const PROTOCOL_TEST_GAME = 'protocol-test-slot';

export type ProtocolFixture = {
  subject: ConformanceSubject;
  brandId: bigint;
  vendorId: bigint;
  gameId: bigint;
  ledger: LedgerService;
  /** A member of the demo brand with `fundMinor` in the main wallet (no login session). */
  member(fundMinor: bigint): Promise<{ id: bigint; username: string }>;
  /** A launch session as GET /wps/game/launchGame makes one: the token (its hash is stored). */
  launch(memberId: bigint, minutes?: number): Promise<string>;
  /** The vendor's side of the wire: a client signing with the test secret, calling the app in-process. */
  client: SeamlessWalletClient;
  /** A member with `fundMinor`, launched and authenticated through `client`, as a vendor sees them. */
  player(fundMinor: bigint): Promise<ProtocolPlayer>;
};

export type ProtocolPlayer = {
  memberId: bigint;
  username: string;
  playerId: string;
  sessionToken: string;
  gameCode: string;
};

/** The fields every wallet call of `p` in round `roundId` carries (a fresh txnId unless one is given). */
export function walletCall(
  p: Pick<ProtocolPlayer, 'playerId' | 'sessionToken' | 'gameCode'>,
  amountMinor: bigint,
  roundId: string,
  txnId = `t-${randomUUID()}`,
) {
  const { playerId, sessionToken, gameCode } = p;
  return { playerId, sessionToken, gameCode, txnId, roundId, amountMinor };
}

/**
 * LOTUS switched on for the wire protocol as an operator would (a wallet secret), with one game of its own
 * (inserted here, so these tests do not depend on the catalogue seed), and players made directly in the
 * database.
 */
export async function protocolFixture(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<ProtocolFixture> {
  const { db } = database;
  const ledger = new LedgerService(db);
  const brand = await db
    .selectFrom('brands')
    .select('id')
    .where('code', '=', 'lotus')
    .executeTakeFirstOrThrow();
  const vendor = await db
    .updateTable('vendors')
    .set({ wallet_secret: PROTOCOL_TEST_SECRET })
    .where('vassalage', '=', PROTOCOL_TEST_VENDOR)
    .where('brand_id', '=', brand.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  await ensureGame(db, {
    brandId: brand.id,
    vendorId: vendor.id,
    gameType: 'RNG',
    gameCode: PROTOCOL_TEST_GAME,
    names: { EN: 'Protocol Test Slot', HI: 'प्रोटोकॉल टेस्ट स्लॉट' },
  });
  const gameId = await gameIdOf(db, vendor.id, PROTOCOL_TEST_GAME);
  const passwordHash = await hashPassword(randomUUID());
  const transport = injectTransport(app);
  const client = createSeamlessWalletClient({
    vendorCode: PROTOCOL_TEST_VENDOR,
    secret: PROTOCOL_TEST_SECRET,
    transport,
  });
  let count = 0;

  const fixture: ProtocolFixture = {
    brandId: brand.id,
    vendorId: vendor.id,
    gameId,
    ledger,
    async member(fundMinor) {
      count += 1;
      const username = `vp${process.pid % 10_000}n${count}${randomUUID().slice(0, 4)}`;
      const row = await db
        .insertInto('members')
        .values({ brand_id: brand.id, username, password_hash: passwordHash, register_method: 'seed' })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (fundMinor > 0n) {
        await creditFromHouse(ledger, {
          brandId: brand.id,
          memberId: row.id,
          amountMinor: fundMinor,
          idempotencyKey: `test:vendor-protocol:${randomUUID()}`,
        });
      }
      return { id: row.id, username };
    },
    launch: (memberId, minutes = 240) =>
      insertLaunchSession(db, { brandId: brand.id, memberId, gameId, vendorId: vendor.id, minutes }),
    client,
    async player(fundMinor) {
      const member = await fixture.member(fundMinor);
      const auth = await client.authenticate(await fixture.launch(member.id));
      if (auth.status !== 'OK') throw new Error(`authenticate: ${auth.status}`);
      return { memberId: member.id, username: member.username, ...auth };
    },
    subject: {
      vendorCode: PROTOCOL_TEST_VENDOR,
      secret: PROTOCOL_TEST_SECRET,
      transport,
      async newPlayer(fundMinor) {
        const member = await fixture.member(fundMinor);
        return { launchToken: await fixture.launch(member.id) };
      },
      async onWinnerBoard(amountMinor) {
        const row = await db
          .selectFrom('win_feed')
          .select('id')
          .where('brand_id', '=', brand.id)
          .where('amount_minor', '=', amountMinor)
          .executeTakeFirst();
        return row !== undefined;
      },
      async creditPaidBy(platformTxnId) {
        const row = await db
          .selectFrom('vendor_transactions as t')
          .innerJoin('journal_postings as p', 'p.entry_id', 't.entry_id')
          .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
          .select('a.kind')
          .where('t.id', '=', BigInt(platformTxnId))
          .where('p.amount_minor', '<', 0n)
          .executeTakeFirst();
        return row?.kind ?? null;
      },
      async expireSession(launchToken) {
        await db
          .updateTable('game_launch_sessions')
          .set({ expires_at: new Date(Date.now() - 1_000) })
          .where('token_hash', '=', createHash('sha256').update(launchToken).digest('hex'))
          .execute();
      },
    },
  };
  return fixture;
}
