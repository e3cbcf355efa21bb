import { randomUUID } from 'node:crypto';
import { playRoundResponse } from '@lotus/shared/originals.schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCaughtUp } from '../../../test/helpers/announced.ts';
import { testAppOptions } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { createPreparedTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.ts';
import { buildApp } from '../../app.ts';
import { systemClock } from '../../lib/clock.ts';
import { injectTransport } from '../vendor-protocol/protocol-client.ts';
import type { SeamlessWalletClient } from '../vendor-protocol/protocol-types.ts';
import { type InhouseFixture, inhouseFixture } from './inhouse-vendor.fixture.ts';
import { catalogueWalletClient, createInhouseVendorModule } from './inhouse-vendor-module.ts';

/**
 * What the studio does when the wallet connection fails (PGlite; real platform routes behind a client
 * that can lose a call before or after the platform applied it). A second studio instance is mounted
 * under /flaky with that client; the platform and its ledger are the app's own.
 */

type Fault = 'none' | 'before' | 'after';
const PREFIX = '/flaky';
const DT_BET = { game: 'dragon-tiger', bets: [{ side: 'tie', amountMinor: '1000' }] } as const;

describe('in-house studio when the wallet fails [pglite]', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let fx: InhouseFixture;
  const faults: { debit: Fault; credit: Fault } = { debit: 'none', credit: 'none' };

  /** Loses a call: before it reaches the platform, or after the platform applied it (the answer is lost). */
  function flaky(client: SeamlessWalletClient): SeamlessWalletClient {
    const wrap =
      <I, O>(kind: 'debit' | 'credit', call: (input: I) => Promise<O>) =>
      async (input: I): Promise<O> => {
        if (faults[kind] === 'before') throw new Error(`${kind} connection refused`);
        const result = await call(input);
        if (faults[kind] === 'after') throw new Error(`${kind} answer lost`);
        return result;
      };
    return {
      authenticate: (token) => client.authenticate(token),
      balance: (input) => client.balance(input),
      rollback: (input) => client.rollback(input),
      debit: wrap('debit', (input) => client.debit(input)),
      credit: wrap('credit', (input) => client.credit(input)),
    };
  }

  beforeAll(async () => {
    database = await createPreparedTestDatabase('pglite');
    const { db } = database;
    app = await buildApp({ config: testAppOptions(), database });
    const source = catalogueWalletClient(db, injectTransport(app));
    await app.register(
      createInhouseVendorModule({ db, clock: systemClock, wallet: async () => flaky(await source()) }).routes,
      { prefix: PREFIX },
    );
    await app.ready();
    fx = await inhouseFixture(app, database);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    if (database) await assertLedgerInvariants(database.db);
    await database?.close();
  });

  const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;
  const play = (token: string, requestId = randomUUID()) =>
    fx.post(`${PREFIX}/originals/api/rounds`, token, { requestId, bet: DT_BET });
  const txnsOf = (memberId: bigint, kind: 'debit' | 'credit' | 'rollback') =>
    database.db
      .selectFrom('vendor_transactions')
      .select(['txn_id', 'status'])
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  const statusOf = async (roundId: string) =>
    (
      await database.db
        .selectFrom('inhouse_rounds')
        .select('status')
        .where('id', '=', BigInt(roundId.slice('LOT-'.length)))
        .executeTakeFirstOrThrow()
    ).status;

  it.each(['before', 'after'] as const)(
    'a credit lost %s the platform: the round stays owed, blocks new rounds, and is paid once on the next call',
    async (when) => {
      faults.debit = 'none';
      const funded = 500_000n;
      const member = await fx.wallet.member({ fundMinor: funded });
      const { token } = await fx.open(member.id, 'dragon-tiger', PREFIX);

      faults.credit = when;
      const first = await play(token);
      expect(first.statusCode, first.body).toBe(200);
      const { round, balanceMinor } = playRoundResponse.parse(first.json()).value;
      expect(await statusOf(round.roundId)).toBe('credit_pending');
      // The answer shows the balance after the debit; the win is still owed.
      expect(balanceMinor).toBe(String(funded - 1000n));

      // Still failing: the one retry fails, so no new round (and no new debit).
      const blocked = await play(token);
      expect([blocked.statusCode, messageOf(blocked)]).toEqual([409, 'round_pending']);
      expect(await txnsOf(member.id, 'debit')).toHaveLength(1);

      // The wallet is back: the next call pays the owed credit with the same txn id, once.
      faults.credit = 'none';
      const balance = await fx.get(`${PREFIX}/originals/api/balance`, token);
      expect(balance.statusCode, balance.body).toBe(200);
      expect(await statusOf(round.roundId)).toBe('settled');
      const expected = funded - 1000n + BigInt(round.payoutMinor);
      expect(await fx.wallet.main(member.id)).toBe(expected);
      expect((balance.json() as { value: { balanceMinor: string } }).value.balanceMinor).toBe(
        String(expected),
      );
      const credits = await txnsOf(member.id, 'credit');
      expect(credits).toEqual([{ txn_id: `${round.roundId}:win`, status: 'applied' }]);

      const next = await play(token);
      expect(next.statusCode, next.body).toBe(200);
      expect(playRoundResponse.parse(next.json()).value.round.nonce).toBe(1);
    },
  );

  it('replaying a round whose credit is owed retries the credit', async () => {
    faults.debit = 'none';
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const { token } = await fx.open(member.id, 'dragon-tiger', PREFIX);
    faults.credit = 'before';
    const requestId = randomUUID();
    const first = playRoundResponse.parse((await play(token, requestId)).json()).value;
    expect(await statusOf(first.round.roundId)).toBe('credit_pending');
    faults.credit = 'none';
    const again = await play(token, requestId);
    expect(again.statusCode, again.body).toBe(200);
    const replay = playRoundResponse.parse(again.json()).value;
    expect(replay.round).toEqual(first.round);
    expect(await statusOf(first.round.roundId)).toBe('settled');
    expect(replay.balanceMinor).toBe(String(100_000n - 1000n + BigInt(first.round.payoutMinor)));
  });

  it.each(['before', 'after'] as const)(
    'a debit lost %s the platform: 503, the stake is rolled back, no round and no nonce used',
    async (when) => {
      faults.credit = 'none';
      const member = await fx.wallet.member({ fundMinor: 100_000n });
      const { token } = await fx.open(member.id, 'dragon-tiger', PREFIX);
      faults.debit = when;
      const failed = await play(token);
      expect([failed.statusCode, messageOf(failed)]).toEqual([503, 'service_unavailable']);
      expect(await fx.wallet.main(member.id)).toBe(100_000n);
      const rollbacks = await txnsOf(member.id, 'rollback');
      expect(rollbacks).toHaveLength(1);
      const debits = await txnsOf(member.id, 'debit');
      // A debit that landed is rolled back; one that never arrived is now refused if it ever does.
      expect(debits.map((debit) => debit.status)).toEqual(when === 'after' ? ['rolled_back'] : []);

      faults.debit = 'none';
      const next = await play(token);
      expect(next.statusCode, next.body).toBe(200);
      expect(playRoundResponse.parse(next.json()).value.round.nonce).toBe(0);
    },
  );

  it('a debit after the wallet session expired is session_expired and stores nothing', async () => {
    faults.debit = 'none';
    faults.credit = 'none';
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const { token } = await fx.open(member.id, 'dragon-tiger', PREFIX);
    await database.db
      .updateTable('game_launch_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', member.id)
      .execute();
    const response = await play(token);
    expect([response.statusCode, messageOf(response)]).toEqual([401, 'session_expired']);
    expect(await fx.wallet.main(member.id)).toBe(100_000n);
    const rounds = await database.db
      .selectFrom('inhouse_rounds')
      .select('id')
      .where('player_ref', '=', String(member.id))
      .execute();
    expect(rounds).toEqual([]);
  });

  it('without a wallet secret the real-money studio is unavailable, trials still play', async () => {
    const member = await fx.wallet.member({ fundMinor: 100_000n });
    const launchToken = await fx.launch(member.id, 'dragon-tiger');
    await database.db
      .updateTable('vendors')
      .set({ wallet_secret: null })
      .where('id', '=', fx.vendorId)
      .execute();
    await appCaughtUp(app, database.db);
    const response = await fx.post('/originals/api/sessions', null, { launchToken });
    expect([response.statusCode, messageOf(response)]).toEqual([503, 'service_unavailable']);
    const { token } = await fx.trial('dragon-tiger');
    expect((await play(token)).statusCode).toBe(200);
  });
});
