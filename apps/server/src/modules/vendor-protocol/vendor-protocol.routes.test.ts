import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCaughtUp } from '../../../test/helpers/announced.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { createSeamlessWalletClient } from './protocol-client.ts';
import type { SeamlessWalletClient } from './protocol-types.ts';
import { PROTOCOL_PREFIX } from './protocol-wire.ts';
import { signBody } from './signature.ts';
import {
  PROTOCOL_TEST_SECRET,
  type ProtocolFixture,
  protocolFixture,
  walletCall,
} from './vendor-protocol.fixture.ts';

/**
 * What the platform records behind the wire answers (the conformance kit checks the answers): the
 * vendor_transactions rows, journal entries, game_rounds sums and statuses, the winner board, and that a
 * call's writes commit together or not at all.
 */
describe('seamless-wallet protocol: platform records', () => {
  let testApp: TestApp;
  let fx: ProtocolFixture;
  let client: SeamlessWalletClient;

  const db = () => testApp.database.db;

  const round = (roundId: string) =>
    db()
      .selectFrom('game_rounds')
      .select(['stake_minor', 'payout_minor', 'status', 'settled_at', 'member_id', 'game_id'])
      .where('round_id', '=', roundId)
      .executeTakeFirst();

  const txn = (txnId: string) =>
    db()
      .selectFrom('vendor_transactions')
      .leftJoin('journal_entries', 'journal_entries.id', 'vendor_transactions.entry_id')
      .select([
        'vendor_transactions.id',
        'vendor_transactions.kind',
        'vendor_transactions.status',
        'vendor_transactions.amount_minor',
        'vendor_transactions.entry_id',
        'vendor_transactions.target_txn_id',
        'journal_entries.kind as entry_kind',
        'journal_entries.reverses_entry_id',
      ])
      .where('txn_id', '=', txnId)
      .executeTakeFirst();

  beforeAll(async () => {
    testApp = await buildTestApp();
    fx = await protocolFixture(testApp.app, testApp.database);
    client = fx.client;
  });
  afterAll(async () => {
    if (testApp) await assertLedgerInvariants(testApp.database.db);
    await testApp?.close();
  });

  it('authenticate answers the member, the game and the brand currency', async () => {
    const member = await fx.member(12_345n);
    const token = await fx.launch(member.id);
    const auth = await client.authenticate(token);
    expect(auth).toMatchObject({
      status: 'OK',
      playerId: member.id.toString(),
      sessionToken: token,
      gameCode: 'protocol-test-slot',
      currency: 'INR',
      balanceMinor: 12_345n,
      nickname: member.username,
    });
  });

  it('a round: bet entry, payout entry, round sums and a settled status', async () => {
    const p = await fx.player(10_000n);
    const roundId = `r-${randomUUID()}`;
    const bet = walletCall(p, 3_000n, roundId);
    const extra = walletCall(p, 1_000n, roundId);
    await client.debit(bet);
    await client.debit(extra);
    expect(await round(roundId)).toMatchObject({ stake_minor: 4_000n, payout_minor: 0n, status: 'open' });
    const win = walletCall(p, 9_000n, roundId);
    await client.credit({ ...win, roundClosed: true });

    expect(await txn(bet.txnId)).toMatchObject({
      kind: 'debit',
      status: 'applied',
      amount_minor: 3_000n,
      entry_kind: 'bet',
    });
    expect(await txn(win.txnId)).toMatchObject({ kind: 'credit', status: 'applied', entry_kind: 'payout' });
    const settled = await round(roundId);
    expect(settled).toMatchObject({
      stake_minor: 4_000n,
      payout_minor: 9_000n,
      status: 'settled',
      member_id: p.memberId,
      game_id: fx.gameId,
    });
    expect(settled?.settled_at).toBeInstanceOf(Date);
    expect((await fx.ledger.balanceOf(p.memberId)).availableMinor).toBe(15_000n);
  });

  it('a credit of 0 closes a lost round without a journal entry', async () => {
    const p = await fx.player(5_000n);
    const roundId = `r-${randomUUID()}`;
    await client.debit(walletCall(p, 500n, roundId));
    const lost = walletCall(p, 0n, roundId);
    expect(await client.credit({ ...lost, roundClosed: true })).toMatchObject({
      status: 'OK',
      balanceMinor: 4_500n,
    });
    expect(await txn(lost.txnId)).toMatchObject({ status: 'applied', entry_id: null });
    expect(await round(roundId)).toMatchObject({ stake_minor: 500n, payout_minor: 0n, status: 'settled' });
  });

  it('a win reaches the public winner board (masked), a lost round does not', async () => {
    const p = await fx.player(5_000n);
    const roundId = `r-${randomUUID()}`;
    await client.debit(walletCall(p, 1_000n, roundId));
    await client.credit({ ...walletCall(p, 77_700n, roundId), roundClosed: true });
    const wins = await db().selectFrom('win_feed').selectAll().where('amount_minor', '=', 77_700n).execute();
    expect(wins).toHaveLength(1);
    expect(wins[0]).toMatchObject({
      game_name: 'Protocol Test Slot',
      vendor: 'Lotus Originals',
      game_category: 'RNG',
      currency_symbol: (
        await db()
          .selectFrom('brands')
          .select('currency_symbol')
          .where('id', '=', fx.brandId)
          .executeTakeFirstOrThrow()
      ).currency_symbol,
    });
    expect(wins[0]?.account).not.toBe(p.username);
    expect(wins[0]?.account.slice(0, 2)).toBe(p.username.slice(0, 2));
    const feedSize = async () =>
      (
        await db()
          .selectFrom('win_feed')
          .select(sql<string>`count(*)::text`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await feedSize();
    const lostRound = `r-${randomUUID()}`;
    await client.debit(walletCall(p, 1_000n, lostRound));
    await client.credit({ ...walletCall(p, 0n, lostRound), roundClosed: true });
    expect(await feedSize()).toBe(before);
    const board = await testApp.app.inject({
      method: 'GET',
      url: '/wps/relay/GCSGAME_getRankList?gameCategory=ALL',
    });
    expect(
      board
        .json()
        .value.list.some((entry: { vo: { amountMinor: string } }) => entry.vo.amountMinor === '77700'),
    ).toBe(true);
  });

  it('rollback: a reversal entry, the debit marked rolled back, the round rolled back with no stake left', async () => {
    const p = await fx.player(5_000n);
    const roundId = `r-${randomUUID()}`;
    const bet = walletCall(p, 2_000n, roundId);
    await client.debit(bet);
    const rollback = { ...walletCall(p, 0n, roundId), targetTxnId: bet.txnId };
    expect(await client.rollback(rollback)).toMatchObject({ status: 'OK', balanceMinor: 5_000n });
    const debitRow = await txn(bet.txnId);
    const rollbackRow = await txn(rollback.txnId);
    expect(debitRow).toMatchObject({ status: 'rolled_back' });
    expect(rollbackRow).toMatchObject({
      kind: 'rollback',
      status: 'applied',
      amount_minor: 2_000n,
      entry_kind: 'reversal',
      target_txn_id: bet.txnId,
    });
    expect(rollbackRow?.reverses_entry_id).toBe(debitRow?.entry_id);
    expect(await round(roundId)).toMatchObject({ stake_minor: 0n, status: 'rolled_back' });
  });

  it('rollback first: stored as rollback_first; the late debit stored refused with no entry', async () => {
    const p = await fx.player(5_000n);
    const roundId = `r-${randomUUID()}`;
    const bet = walletCall(p, 2_000n, roundId);
    const rollback = { ...walletCall(p, 0n, roundId), targetTxnId: bet.txnId };
    await client.rollback(rollback);
    expect(await txn(rollback.txnId)).toMatchObject({
      status: 'rollback_first',
      entry_id: null,
      amount_minor: 0n,
    });
    expect(await client.debit(bet)).toEqual({ status: 'TXN_ROLLED_BACK', balanceMinor: 5_000n });
    expect(await txn(bet.txnId)).toMatchObject({ status: 'refused', entry_id: null });
    expect(await round(roundId)).toBeUndefined();
  });

  it('a call commits all of its writes or none: a failing round update leaves no entry and no txn row', async () => {
    const p = await fx.player(5_000n);
    const roundId = `boom-${randomUUID()}`;
    await sql`create function vendor_protocol_test_boom() returns trigger language plpgsql as $$
      begin
        if new.round_id like 'boom-%' then raise exception 'round update fails (test)'; end if;
        return new;
      end $$`.execute(db());
    await sql`create trigger vendor_protocol_test_boom before insert or update on game_rounds
      for each row execute function vendor_protocol_test_boom()`.execute(db());
    const entriesBefore = await db()
      .selectFrom('journal_entries')
      .select(sql<string>`count(*)::text`.as('n'))
      .executeTakeFirstOrThrow();
    const bet = walletCall(p, 1_000n, roundId);
    try {
      await expect(client.debit(bet)).rejects.toMatchObject({ statusCode: 500 });
    } finally {
      await sql`drop trigger vendor_protocol_test_boom on game_rounds`.execute(db());
      await sql`drop function vendor_protocol_test_boom()`.execute(db());
    }
    const entriesAfter = await db()
      .selectFrom('journal_entries')
      .select(sql<string>`count(*)::text`.as('n'))
      .executeTakeFirstOrThrow();
    expect(entriesAfter.n).toBe(entriesBefore.n);
    expect(await txn(bet.txnId)).toBeUndefined();
    expect((await fx.ledger.balanceOf(p.memberId)).availableMinor).toBe(5_000n);
    // The vendor's retry with the same txn id then goes through, once.
    expect(await client.debit(bet)).toMatchObject({ status: 'OK', balanceMinor: 4_000n, replayed: false });
  });

  it('a disabled member is refused new bets but still gets the wins owed', async () => {
    const p = await fx.player(5_000n);
    const roundId = `r-${randomUUID()}`;
    await client.debit(walletCall(p, 1_000n, roundId));
    await db().updateTable('members').set({ status: 'disabled' }).where('id', '=', p.memberId).execute();
    expect((await client.debit(walletCall(p, 1_000n, `r-${randomUUID()}`))).status).toBe('PLAYER_NOT_FOUND');
    expect(await client.credit({ ...walletCall(p, 2_500n, roundId), roundClosed: true })).toMatchObject({
      status: 'OK',
      balanceMinor: 6_500n,
    });
  });

  it("another player's session token or an unknown player is refused", async () => {
    const a = await fx.player(5_000n);
    const b = await fx.player(5_000n);
    const roundId = `r-${randomUUID()}`;
    expect(
      (await client.debit({ ...walletCall(a, 100n, roundId), sessionToken: b.sessionToken })).status,
    ).toBe('SESSION_EXPIRED');
    expect(
      (
        await client.credit({
          ...walletCall(a, 100n, roundId),
          sessionToken: b.sessionToken,
          roundClosed: true,
        })
      ).status,
    ).toBe('PLAYER_NOT_FOUND');
    expect(await client.debit({ ...walletCall(a, 100n, roundId), playerId: '999999999' })).toEqual({
      status: 'PLAYER_NOT_FOUND',
      balanceMinor: null,
    });
    expect((await fx.ledger.balanceOf(a.memberId)).availableMinor).toBe(5_000n);
  });

  it('one vendor code in two brands: the signing secret picks the brand, never a player of another', async () => {
    const {
      id: _id,
      created_at: _created,
      is_default: _default,
      ...demoBrand
    } = await db().selectFrom('brands').selectAll().where('id', '=', fx.brandId).executeTakeFirstOrThrow();
    const other = await db()
      .insertInto('brands')
      .values({
        ...demoBrand,
        code: 'vp-other',
        name: 'Other',
        maintenance_message: JSON.stringify(demoBrand.maintenance_message),
        category_rules: JSON.stringify([]),
        protection_help_links: JSON.stringify([]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const otherSecret = 'other-brand-lotus-secret-0123456789abcdef';
    const vendor = await db()
      .insertInto('vendors')
      .values({
        brand_id: other.id,
        vassalage: 'LOTUS',
        display_name: JSON.stringify({ EN: 'Lotus Originals' }),
        wallet_secret: otherSecret,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Each process keeps the vendor rows of a code; the new vendor reaches it through the announcement.
    await appCaughtUp(testApp.app, db());
    const game = await db()
      .insertInto('games')
      .values({
        brand_id: other.id,
        vendor_id: vendor.id,
        game_type: 'RNG',
        game_code: 'protocol-test-slot',
        names: JSON.stringify({ EN: 'Protocol Test Slot' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = await db()
      .insertInto('members')
      .values({
        brand_id: other.id,
        username: `vpo${randomUUID().slice(0, 8)}`,
        password_hash: 'x',
        register_method: 'seed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = `other-${randomUUID()}`;
    await db()
      .insertInto('game_launch_sessions')
      .values({
        token_hash: createHash('sha256').update(token).digest('hex'),
        brand_id: other.id,
        member_id: member.id,
        game_id: game.id,
        vendor_id: vendor.id,
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const otherClient = createSeamlessWalletClient({
      vendorCode: 'LOTUS',
      secret: otherSecret,
      transport: fx.subject.transport,
    });

    const auth = await otherClient.authenticate(token);
    expect(auth).toMatchObject({ status: 'OK', playerId: member.id.toString(), balanceMinor: 0n });
    // Brand 1's LOTUS credentials do not reach brand 2's player, nor the other way round.
    expect(await client.authenticate(token)).toEqual({ status: 'PLAYER_NOT_FOUND', balanceMinor: null });
    const mine = await fx.player(5_000n);
    expect(
      await otherClient.debit({
        ...walletCall(mine, 100n, `r-${randomUUID()}`),
        sessionToken: mine.sessionToken,
      }),
    ).toEqual({ status: 'PLAYER_NOT_FOUND', balanceMinor: null });
    expect(await client.balance({ playerId: member.id.toString(), sessionToken: token })).toEqual({
      status: 'PLAYER_NOT_FOUND',
      balanceMinor: null,
    });
    expect(await otherClient.balance({ playerId: member.id.toString(), sessionToken: token })).toMatchObject({
      status: 'OK',
      balanceMinor: 0n,
    });
    expect((await fx.ledger.balanceOf(mine.memberId)).availableMinor).toBe(5_000n);
  });

  it("a vendor's new secret is in force once announced: the old one is refused, the new one accepted", async () => {
    const p = await fx.player(1_000n);
    const call = { playerId: p.playerId, sessionToken: p.sessionToken };
    // The first call leaves the vendor's row in this process's cache.
    expect(await client.balance(call)).toMatchObject({ status: 'OK', balanceMinor: 1_000n });
    const rotated = 'rotated-lotus-wallet-secret-0123456789abcdef';
    const vendorRow = db().updateTable('vendors').where('id', '=', fx.vendorId);
    await vendorRow.set({ wallet_secret: rotated }).execute();
    try {
      await appCaughtUp(testApp.app, db());
      await expect(client.balance(call)).rejects.toMatchObject({ code: 'vendor_signature_invalid' });
      const rotatedClient = createSeamlessWalletClient({
        vendorCode: fx.subject.vendorCode,
        secret: rotated,
        transport: fx.subject.transport,
      });
      expect(await rotatedClient.balance(call)).toMatchObject({ status: 'OK', balanceMinor: 1_000n });
    } finally {
      await vendorRow.set({ wallet_secret: PROTOCOL_TEST_SECRET }).execute();
      await appCaughtUp(testApp.app, db());
    }
  });

  it('wire details: raw JSON answers, amounts as strings, non-JSON refused with the envelope', async () => {
    const p = await fx.player(5_000n);
    const body = JSON.stringify({
      timestamp: Date.now(),
      playerId: p.playerId,
      sessionToken: p.sessionToken,
    });
    const headers = {
      'x-vendor-code': fx.subject.vendorCode,
      'x-signature': signBody(fx.subject.secret, body),
    };
    const answer = await testApp.app.inject({
      method: 'POST',
      url: `${PROTOCOL_PREFIX}/balance`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'OK', balanceMinor: '5000', platformTxnId: '', replayed: false });
    const asText = await testApp.app.inject({
      method: 'POST',
      url: `${PROTOCOL_PREFIX}/balance`,
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: body,
    });
    expect(asText.statusCode).toBe(415);
    expect(asText.json()).toMatchObject({ success: false, message: 'unsupported_media_type' });
    // The raw-body parser is scoped to these routes: the rest of the API still parses JSON as before.
    const relay = await testApp.app.inject({
      method: 'POST',
      url: '/wps/relay/GCSGAME_hotGamesV2',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({}),
    });
    expect(relay.statusCode).toBe(200);
    expect(relay.json()).toMatchObject({ success: true });
  });
});
