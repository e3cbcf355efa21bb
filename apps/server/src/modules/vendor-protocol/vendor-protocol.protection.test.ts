import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import type { SeamlessWalletClient } from './protocol-types.ts';
import {
  type ProtocolFixture,
  type ProtocolPlayer,
  protocolFixture,
  walletCall,
} from './vendor-protocol.fixture.ts';

/**
 * Player protection in the vendor's money calls (issue 17; docs/player-protection.md "Where money paths enforce protection"): the loss
 * and wager limits refuse a debit with LIMIT_REACHED in the debit's own transaction, a due reality check
 * pauses bets (PLAY_PAUSED), the session time limit and a revoked login session end them (SESSION_EXPIRED);
 * credits always land; every applied call is written to the player's day in member_activity_days.
 */
describe.each(testBackends())('seamless-wallet protocol: player protection [%s]', (backend) => {
  let testApp: TestApp;
  let fx: ProtocolFixture;
  let client: SeamlessWalletClient;

  const db = () => testApp.database.db;
  const balance = async (p: ProtocolPlayer) => (await fx.ledger.balanceOf(p.memberId)).availableMinor;
  const minutes = (n: number) => new Date(Date.now() + n * 60_000);
  async function limit(
    p: ProtocolPlayer,
    kind: 'loss' | 'wager',
    period: 'day' | 'week' | 'month',
    amount: bigint,
    from = minutes(-1),
  ) {
    await db()
      .insertInto('play_limits')
      .values({
        member_id: p.memberId,
        kind,
        period,
        amount,
        effective_from: from,
        created_by: 'member',
      })
      .execute();
  }
  const debit = (p: ProtocolPlayer, amountMinor: bigint, roundId = `r-${randomUUID()}`) =>
    walletCall(p, amountMinor, roundId);
  const today = async (p: ProtocolPlayer) =>
    db()
      .selectFrom('member_activity_days')
      .select(['staked_minor', 'won_minor', 'rounds'])
      .where('member_id', '=', p.memberId)
      .executeTakeFirst();

  /** Links the player's launch session to a fresh login session (as GET /wps/game/launchGame does). */
  async function loginSession(p: ProtocolPlayer, fields: Record<string, Date | null>): Promise<void> {
    const session = await db()
      .insertInto('sessions')
      .values({
        token_hash: createHash('sha256').update(randomUUID()).digest('hex'),
        member_id: p.memberId,
        expires_at: minutes(60),
        ip: '127.0.0.1',
        ...fields,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('game_launch_sessions')
      .set({ login_session_id: session.id })
      .where('token_hash', '=', createHash('sha256').update(p.sessionToken).digest('hex'))
      .execute();
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ backend });
    fx = await protocolFixture(testApp.app, testApp.database);
    client = fx.client;
  });
  afterAll(async () => {
    if (testApp) await assertLedgerInvariants(testApp.database.db);
    await testApp?.close();
  });

  it('refuses a debit that would pass a wager limit: LIMIT_REACHED, no money moves, final for its txn id', async () => {
    const p = await fx.player(10_000n);
    await limit(p, 'wager', 'day', 1_000n);
    expect((await client.debit(debit(p, 600n))).status).toBe('OK');
    const over = debit(p, 500n);
    expect(await client.debit(over)).toEqual({ status: 'LIMIT_REACHED', balanceMinor: 9_400n });
    expect(await client.debit(over)).toEqual({ status: 'LIMIT_REACHED', balanceMinor: 9_400n });
    expect(await balance(p)).toBe(9_400n);
    // Exactly up to the limit passes; one minor unit more does not.
    expect((await client.debit(debit(p, 400n))).status).toBe('OK');
    expect((await client.debit(debit(p, 1n))).status).toBe('LIMIT_REACHED');
    expect(await balance(p)).toBe(9_000n);
    expect(await today(p)).toEqual({ staked_minor: 1_000n, won_minor: 0n, rounds: 2 });
    const refused = await db()
      .selectFrom('vendor_transactions')
      .select(['status', 'entry_id'])
      .where('txn_id', '=', over.txnId)
      .executeTakeFirstOrThrow();
    expect(refused).toEqual({ status: 'refused', entry_id: null });
  });

  it('counts the net loss against a loss limit: a win gives room back and play continues', async () => {
    const p = await fx.player(10_000n);
    await limit(p, 'loss', 'week', 1_000n);
    const roundId = `r-${randomUUID()}`;
    expect((await client.debit(debit(p, 1_000n, roundId))).status).toBe('OK');
    expect(await client.debit(debit(p, 1n))).toEqual({ status: 'LIMIT_REACHED', balanceMinor: 9_000n });
    // A win of 600 on the round: net loss 400, so 600 more may be staked.
    expect((await client.credit({ ...walletCall(p, 600n, roundId), roundClosed: true })).status).toBe('OK');
    expect((await client.debit(debit(p, 601n))).status).toBe('LIMIT_REACHED');
    expect((await client.debit(debit(p, 600n))).status).toBe('OK');
    expect(await balance(p)).toBe(9_000n);
    expect(await today(p)).toEqual({ staked_minor: 1_600n, won_minor: 600n, rounds: 2 });
  });

  it('takes the tightest of several limits, and ignores one that is not in force yet', async () => {
    const p = await fx.player(10_000n);
    await limit(p, 'wager', 'month', 5_000n);
    await limit(p, 'loss', 'day', 3_000n);
    await limit(p, 'wager', 'day', 100n, minutes(60));
    expect((await client.debit(debit(p, 3_000n))).status).toBe('OK');
    expect((await client.debit(debit(p, 1n))).status).toBe('LIMIT_REACHED');
  });

  it('gives a rolled-back stake back to the limit', async () => {
    const p = await fx.player(10_000n);
    await limit(p, 'wager', 'day', 1_000n);
    const roundId = `r-${randomUUID()}`;
    const bet = debit(p, 1_000n, roundId);
    expect((await client.debit(bet)).status).toBe('OK');
    expect((await client.debit(debit(p, 1n))).status).toBe('LIMIT_REACHED');
    expect((await client.rollback({ ...walletCall(p, 0n, roundId), targetTxnId: bet.txnId })).status).toBe(
      'OK',
    );
    expect(await today(p)).toEqual({ staked_minor: 0n, won_minor: 0n, rounds: 0 });
    expect((await client.debit(debit(p, 1_000n))).status).toBe('OK');
    expect(await balance(p)).toBe(9_000n);
  });

  it('a player without limits plays as before, and the day records stakes, wins and rounds', async () => {
    const p = await fx.player(10_000n);
    const roundId = `r-${randomUUID()}`;
    expect((await client.debit(debit(p, 300n, roundId))).status).toBe('OK');
    expect((await client.debit(debit(p, 200n, roundId))).status).toBe('OK');
    expect((await client.credit({ ...walletCall(p, 900n, roundId), roundClosed: true })).status).toBe('OK');
    expect(await today(p)).toEqual({ staked_minor: 500n, won_minor: 900n, rounds: 1 });
  });

  it('pauses bets while a reality check is due (PLAY_PAUSED); a credit still lands', async () => {
    const p = await fx.player(10_000n);
    await loginSession(p, { reality_check_at: minutes(10) });
    const roundId = `r-${randomUUID()}`;
    expect((await client.debit(debit(p, 500n, roundId))).status).toBe('OK');
    await db()
      .updateTable('sessions')
      .set({ reality_check_at: minutes(-1) })
      .where('member_id', '=', p.memberId)
      .execute();
    const paused = debit(p, 100n);
    expect(await client.debit(paused)).toEqual({ status: 'PLAY_PAUSED', balanceMinor: 9_500n });
    expect((await client.credit({ ...walletCall(p, 800n, roundId), roundClosed: true })).status).toBe('OK');
    expect(await balance(p)).toBe(10_300n);
    // Acknowledged (the next check is later): a new bet goes through; the paused txn id stays refused.
    await db()
      .updateTable('sessions')
      .set({ reality_check_at: minutes(60) })
      .where('member_id', '=', p.memberId)
      .execute();
    expect((await client.debit(debit(p, 100n))).status).toBe('OK');
    expect((await client.debit(paused)).status).toBe('PLAY_PAUSED');
  });

  it.each([
    ['the session time limit passed', { play_ends_at: minutes(-1) }],
    ['the login session was revoked', { revoked_at: minutes(-1) }],
  ])('ends bets when %s (SESSION_EXPIRED)', async (_, fields) => {
    const p = await fx.player(10_000n);
    await loginSession(p, fields);
    expect(await client.debit(debit(p, 100n))).toEqual({ status: 'SESSION_EXPIRED', balanceMinor: 10_000n });
    expect(await balance(p)).toBe(10_000n);
  });
});
