import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import type { SeamlessWalletClient, WalletResult } from './protocol-types.ts';
import { type ProtocolFixture, protocolFixture } from './vendor-protocol.fixture.ts';

/**
 * The round rules under real overlap (PostgreSQL; PGlite runs one transaction at a time): 50 calls on ONE
 * round at once — rollbacks of its debits, credits, closing credits, more debits — through a pool of 20
 * connections. Whatever order the round lock gives them, the answers, the round row, the transaction rows
 * and the ledger must tell the same story, and no rollback may land after a credit.
 */

const POOL = 20;
const AT_ONCE = 50;

usePostgresConnections(33);

describe('seamless-wallet rounds under concurrency [postgres]', () => {
  let started: PooledTestApp | undefined;
  let pooled: DatabaseHandle;
  let app: FastifyInstance;
  let fx: ProtocolFixture;
  let client: SeamlessWalletClient;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, checkLedger: true });
    ({ pooled, app } = started);
    fx = await protocolFixture(app, pooled);
    client = fx.client;
  }, 60_000);
  afterAll(() => started?.close());

  it.each([
    ['open credits', false],
    ['closing credits', true],
  ])(
    '%s, rollbacks and debits of one round at once agree with the ledger and the round',
    async (_, closing) => {
      const member = await fx.member(100_000n);
      const auth = await client.authenticate(await fx.launch(member.id));
      if (auth.status !== 'OK') throw new Error(auth.status);
      const roundId = `race-${randomUUID()}`;
      const base = {
        playerId: auth.playerId,
        sessionToken: auth.sessionToken,
        gameCode: auth.gameCode,
        roundId,
      };
      const debits = Array.from({ length: 5 }, () => ({
        ...base,
        txnId: `bet-${randomUUID()}`,
        amountMinor: 1_000n,
      }));
      for (const debit of debits) expect((await client.debit(debit)).status).toBe('OK');

      type Sent = {
        kind: 'rollback' | 'credit' | 'debit';
        amount: bigint;
        target?: string;
        closing?: boolean;
      };
      const sent: Sent[] = [];
      const calls: Promise<WalletResult>[] = [];
      for (let i = 0; i < AT_ONCE; i += 1) {
        const txnId = `c${i}-${randomUUID()}`;
        if (i % 3 === 0) {
          const target = debits[i % debits.length]?.txnId as string;
          sent.push({ kind: 'rollback', amount: 1_000n, target });
          calls.push(client.rollback({ ...base, txnId, targetTxnId: target }));
        } else if (i % 3 === 1) {
          const amount = BigInt(100 + i);
          const close = closing && i % 9 === 1;
          sent.push({ kind: 'credit', amount, closing: close });
          calls.push(client.credit({ ...base, txnId, amountMinor: amount, roundClosed: close }));
        } else {
          sent.push({ kind: 'debit', amount: 200n });
          calls.push(client.debit({ ...base, txnId, amountMinor: 200n }));
        }
      }
      const answers = await Promise.all(calls);

      const statuses = new Set(answers.map((answer, i) => `${sent[i]?.kind} ${answer.status}`));
      const allowed = new Set([
        'rollback OK',
        'rollback ROUND_HAS_CREDIT',
        'rollback ROUND_CLOSED',
        'credit OK',
        'credit BET_NOT_FOUND',
        'credit ROUND_CLOSED',
        'debit OK',
        'debit ROUND_CLOSED',
      ]);
      for (const status of statuses) expect(allowed.has(status), status).toBe(true);

      const round = await pooled.db
        .selectFrom('game_rounds')
        .selectAll()
        .where('round_id', '=', roundId)
        .executeTakeFirstOrThrow();
      const txns = await pooled.db
        .selectFrom('vendor_transactions')
        .select(['kind', 'status', 'amount_minor'])
        .where('round_id', '=', roundId)
        .execute();
      const standing = txns
        .filter((txn) => txn.kind === 'debit' && txn.status === 'applied')
        .reduce((sum, txn) => sum + txn.amount_minor, 0n);
      const credits = txns.filter((txn) => txn.kind === 'credit' && txn.status === 'applied');
      const paid = credits.reduce((sum, txn) => sum + txn.amount_minor, 0n);
      const okCredits = answers.filter((answer, i) => sent[i]?.kind === 'credit' && answer.status === 'OK');
      expect(credits.length).toBe(okCredits.length);
      expect([round.stake_minor, round.payout_minor, round.credit_count]).toEqual([
        standing,
        paid,
        credits.length,
      ]);
      expect((await fx.ledger.balanceOf(member.id)).availableMinor).toBe(100_000n - standing + paid);
      // No debit was rolled back once the round had a credit: a round with a credit still has a stake.
      if (credits.length > 0) expect(round.stake_minor).toBeGreaterThan(0n);
      if (closing && credits.length > 0) {
        const closed = answers.filter((answer, i) => sent[i]?.closing && answer.status === 'OK');
        expect(round.status).toBe('settled');
        expect(closed.length).toBe(1);
      }
      if (round.status === 'rolled_back') expect([round.stake_minor, credits.length]).toEqual([0n, 0]);
    },
  );
});
