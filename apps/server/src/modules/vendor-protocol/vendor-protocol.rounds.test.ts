import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOfMember } from '../../../test/helpers/actor.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { BetRecordsService } from '../games/bet-records.service.ts';
import { GameCardsRepository } from '../games/game-cards.repository.ts';
import type { SeamlessWalletClient } from './protocol-types.ts';
import {
  type ProtocolFixture,
  type ProtocolPlayer,
  protocolFixture,
  walletCall,
} from './vendor-protocol.fixture.ts';

/**
 * The round state machine (issue 14, findings 1 and 2; docs/vendor-protocol.md "Rounds"): the outside
 * review's exact sequences, with what the money, the round and the betting record must show after them.
 */
describe('seamless-wallet protocol: the round state machine', () => {
  let testApp: TestApp;
  let fx: ProtocolFixture;
  let client: SeamlessWalletClient;

  const db = () => testApp.database.db;
  const balance = async (p: ProtocolPlayer) => (await fx.ledger.balanceOf(p.memberId)).availableMinor;
  const round = (roundId: string) =>
    db()
      .selectFrom('game_rounds')
      .select(['stake_minor', 'payout_minor', 'status'])
      .where('round_id', '=', roundId)
      .executeTakeFirst();
  const onBoard = async (amountMinor: bigint) =>
    (await db().selectFrom('win_feed').select('id').where('amount_minor', '=', amountMinor).execute()).length;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fx = await protocolFixture(testApp.app, testApp.database);
    client = fx.client;
  });
  afterAll(async () => {
    if (testApp) await assertLedgerInvariants(testApp.database.db);
    await testApp?.close();
  });

  it.each([
    ['a settled round', true],
    ['an open round', false],
  ])(
    'finding 1: a rollback of a debit after a credit on %s is refused and moves nothing',
    async (_, closed) => {
      const p = await fx.player(10_000n);
      const roundId = `r-${randomUUID()}`;
      const bet = walletCall(p, 1_000n, roundId);
      expect((await client.debit(bet)).status).toBe('OK');
      expect((await client.credit({ ...walletCall(p, 1_900n, roundId), roundClosed: closed })).status).toBe(
        'OK',
      );
      const rollback = { ...walletCall(p, 0n, roundId), targetTxnId: bet.txnId };
      const refused = await client.rollback(rollback);
      expect(refused).toEqual({
        status: closed ? 'ROUND_CLOSED' : 'ROUND_HAS_CREDIT',
        balanceMinor: 10_900n,
      });
      // +9.00, not +29.00: the stake stays lost, the win stays paid.
      expect(await balance(p)).toBe(10_900n);
      expect(await round(roundId)).toEqual({
        stake_minor: 1_000n,
        payout_minor: 1_900n,
        status: closed ? 'settled' : 'open',
      });
      // The refusal is final for its txn id.
      expect(await client.rollback(rollback)).toEqual(refused);
      expect(await balance(p)).toBe(10_900n);
    },
  );

  it('finding 1: the betting record counts the paid win of every round', async () => {
    const p = await fx.player(10_000n);
    const roundId = `r-${randomUUID()}`;
    const bet = walletCall(p, 1_000n, roundId);
    await client.debit(bet);
    await client.credit({ ...walletCall(p, 1_900n, roundId), roundClosed: true });
    await client.rollback({ ...walletCall(p, 0n, roundId), targetTxnId: bet.txnId });
    const rows = await db()
      .selectFrom('game_rounds')
      .select(['stake_minor', 'payout_minor', 'status'])
      .where('member_id', '=', p.memberId)
      .execute();
    expect(rows).toEqual([{ stake_minor: 1_000n, payout_minor: 1_900n, status: 'settled' }]);
  });

  it('the betting record shows stake and payout for every reachable state', async () => {
    const p = await fx.player(10_000n);
    const rid = (label: string) => `${label}-${randomUUID()}`;
    const [open, won, cancelled, free, credited] = ['open', 'won', 'cancelled', 'free', 'credited'].map(
      rid,
    ) as [string, string, string, string, string];
    await client.debit(walletCall(p, 1_000n, open));
    const bet = walletCall(p, 1_000n, won);
    await client.debit(bet);
    await client.credit({ ...walletCall(p, 1_900n, won), roundClosed: true });
    expect((await client.rollback({ ...walletCall(p, 0n, won), targetTxnId: bet.txnId })).status).toBe(
      'ROUND_CLOSED',
    );
    const undone = walletCall(p, 500n, cancelled);
    await client.debit(undone);
    await client.rollback({ ...walletCall(p, 0n, cancelled), targetTxnId: undone.txnId });
    await client.credit({ ...walletCall(p, 700n, free), roundClosed: true, kind: 'free_round' });
    const staked = walletCall(p, 300n, credited);
    await client.debit(staked);
    await client.credit({ ...walletCall(p, 0n, credited), roundClosed: false });
    expect(
      (await client.rollback({ ...walletCall(p, 0n, credited), targetTxnId: staked.txnId })).status,
    ).toBe('ROUND_HAS_CREDIT');
    expect((await client.credit({ ...walletCall(p, 4_000n, rid('never')), roundClosed: true })).status).toBe(
      'BET_NOT_FOUND',
    );

    const member = await db()
      .selectFrom('members')
      .selectAll()
      .where('id', '=', p.memberId)
      .executeTakeFirstOrThrow();
    const records = await new BetRecordsService(new GameCardsRepository(db())).list({
      actor: actorOfMember(member),
      pageNo: 1,
      pageSize: 20,
    });
    const byRound = new Map(records.list.map((row) => [row.roundId, row]));
    const shown = (roundId: string) => {
      const row = byRound.get(roundId);
      return row && [row.status, row.stakeMinor, row.payoutMinor, row.settledAt === null];
    };
    expect(shown(open)).toEqual(['open', '1000', '0', true]);
    expect(shown(won)).toEqual(['settled', '1000', '1900', false]);
    expect(shown(cancelled)).toEqual(['rolled_back', '0', '0', true]);
    expect(shown(free)).toEqual(['settled', '0', '700', false]);
    expect(shown(credited)).toEqual(['open', '300', '0', true]);
    expect(records.total).toBe(5);
    expect(records.totals).toEqual({ stakeMinor: '2300', payoutMinor: '2600' });
    // The record and the wallet agree: 10 000 − stakes standing + payouts.
    expect(await balance(p)).toBe(10_000n - 2_300n + 2_600n);
  });

  it('after the session expired: a win on a debited round lands, a free round that would open a round does not', async () => {
    const member = await fx.member(10_000n);
    const token = await fx.launch(member.id);
    const auth = await client.authenticate(token);
    if (auth.status !== 'OK') throw new Error(auth.status);
    const p = { memberId: member.id, ...auth };
    const roundId = `r-${randomUUID()}`;
    await client.debit(walletCall(p, 1_000n, roundId));
    const freeRound = `r-${randomUUID()}`;
    await client.credit({ ...walletCall(p, 500n, freeRound), roundClosed: false, kind: 'free_round' });
    await fx.subject.expireSession(token);
    const late = {
      ...walletCall(p, 800n, `r-${randomUUID()}`),
      roundClosed: true,
      kind: 'free_round' as const,
    };
    expect(await client.credit(late)).toEqual({ status: 'SESSION_EXPIRED', balanceMinor: 9_500n });
    expect(await client.credit(late)).toEqual({ status: 'SESSION_EXPIRED', balanceMinor: 9_500n });
    // A free round already open and a debited round still take their credits.
    expect(
      await client.credit({ ...walletCall(p, 200n, freeRound), roundClosed: true, kind: 'free_round' }),
    ).toMatchObject({ status: 'OK', balanceMinor: 9_700n });
    expect(await client.credit({ ...walletCall(p, 2_000n, roundId), roundClosed: true })).toMatchObject({
      status: 'OK',
      balanceMinor: 11_700n,
    });
    expect(await round(freeRound)).toEqual({ stake_minor: 0n, payout_minor: 700n, status: 'settled' });
  });

  it('finding 2: a credit on a round that never had a debit is refused, unpaid and not on the board', async () => {
    const p = await fx.player(10_000n);
    const roundId = `r-${randomUUID()}`;
    const credit = { ...walletCall(p, 50_000n, roundId), roundClosed: true };
    expect(await client.credit(credit)).toEqual({ status: 'BET_NOT_FOUND', balanceMinor: 10_000n });
    expect(await client.credit(credit)).toEqual({ status: 'BET_NOT_FOUND', balanceMinor: 10_000n });
    expect(await balance(p)).toBe(10_000n);
    expect(await round(roundId)).toBeUndefined();
    expect(await onBoard(50_000n)).toBe(0);
  });
});
