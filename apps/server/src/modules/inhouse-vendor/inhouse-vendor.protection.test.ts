import { createHash, randomUUID } from 'node:crypto';
import { ROULETTE_RED } from '@lotus/games/roulette';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { type InhouseFixture, inhouseFixture } from './inhouse-vendor.fixture.ts';

/**
 * Player protection through the real studio path (issue 17): a round whose stake would pass the player's
 * limit answers `403 limit_reached`, a round while the reality check is due `409 reality_check_due`; either
 * way no round is stored and no money moves (the platform refused the debit: LIMIT_REACHED, PLAY_PAUSED).
 */
const redBet = (amountMinor: bigint) => ({
  game: 'roulette' as const,
  bets: [{ kind: 'red' as const, numbers: [...ROULETTE_RED], amountMinor: amountMinor.toString() }],
});

describe.each(testBackends())('in-house studio: player protection [%s]', (backend) => {
  let test: TestApp;
  let fx: InhouseFixture;

  const db = () => test.database.db;
  const play = (token: string, amountMinor: bigint) =>
    fx.post('/originals/api/rounds', token, { requestId: randomUUID(), bet: redBet(amountMinor) });
  const messageOf = (response: { json(): unknown }) => (response.json() as { message: string }).message;
  const roundsOf = async (memberId: bigint) =>
    (
      await db()
        .selectFrom('inhouse_rounds')
        .select('id')
        .where('player_ref', '=', String(memberId))
        .execute()
    ).length;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    fx = await inhouseFixture(test.app, test.database);
  });
  afterAll(() => test?.close());

  it('a round over the wager limit: 403 limit_reached, no round, balance unchanged', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    await db()
      .insertInto('play_limits')
      .values({
        member_id: member.id,
        kind: 'wager',
        period: 'day',
        amount: 2_500n,
        effective_from: new Date(Date.now() - 60_000),
        created_by: 'member',
      })
      .execute();
    const { token } = await fx.open(member.id, 'european-roulette');
    const first = await play(token, 1_000n);
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await fx.wallet.main(member.id);
    const refused = await play(token, 2_000n);
    expect([refused.statusCode, messageOf(refused)]).toEqual([403, 'limit_reached']);
    expect(await fx.wallet.main(member.id)).toBe(afterFirst);
    expect(await roundsOf(member.id)).toBe(1);
    // What is left of the limit can still be played.
    expect((await play(token, 1_000n)).statusCode).toBe(200);
  });

  it('a round while the reality check is due: 409 reality_check_due, no round, balance unchanged', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const { token } = await fx.open(member.id, 'european-roulette');
    const login = await db()
      .updateTable('sessions')
      .set({ reality_check_at: new Date(Date.now() - 1_000) })
      .where('token_hash', '=', createHash('sha256').update(member.token).digest('hex'))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('game_launch_sessions')
      .set({ login_session_id: login.id })
      .where('member_id', '=', member.id)
      .execute();
    const refused = await play(token, 1_000n);
    expect([refused.statusCode, messageOf(refused)]).toEqual([409, 'reality_check_due']);
    expect(await fx.wallet.main(member.id)).toBe(100_000n);
    expect(await roundsOf(member.id)).toBe(0);
  });
});
