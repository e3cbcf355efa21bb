import { randomUUID } from 'node:crypto';
import { MAX_PAYOUT_ACCOUNTS } from '@lotus/shared/withdrawals.schema';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import type { TestDatabase } from '../../../test/helpers/test-database.ts';
import { WithdrawalFixture } from '../../../test/helpers/withdrawal-fixture.ts';
import { systemClock } from '../../lib/clock.ts';

/**
 * Withdrawals racing for one wallet (docs/wallet-contract.md "Withdrawals"): PostgreSQL only, because
 * PGlite runs every transaction in turn. The app gets a pool of 20 connections so the requests really
 * overlap inside the database.
 */

const POOL = 20;
const AMOUNT_MINOR = 10_000n; // ₹100, the brand's minimum

usePostgresConnections(33);

describe('withdrawals under concurrency [postgres]', () => {
  let started: PooledTestApp | undefined;
  let database: TestDatabase;
  let app: FastifyInstance;
  let fx: WithdrawalFixture;

  beforeAll(async () => {
    started = await startPooledTestApp({ pool: POOL, checkLedger: true });
    ({ database, app } = started);
    fx = new WithdrawalFixture(app, database.db, systemClock);
    await fx.init();
  });
  afterAll(() => started?.close());

  it.each([1, 7, 19])('20 requests on a wallet funded for exactly %i: exactly that many holds', async (k) => {
    const member = await fx.readyMember(AMOUNT_MINOR * BigInt(k));
    let lowest = AMOUNT_MINOR * BigInt(k);
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const row = await sql<{ available: string }>`
          select (balance_minor - held_minor)::text as available from ledger_accounts
          where member_id = ${member.id} and kind = 'member_main'`.execute(database.db);
        const available = BigInt(row.rows[0]?.available ?? '0');
        if (available < lowest) lowest = available;
      }
    })();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fx.requestWithdrawal(member, { payoutAccountId: member.accountId, amount: '100' }, randomUUID()),
      ),
    );
    watching = false;
    await watcher;

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(k);
    for (const response of responses.filter((item) => item.statusCode !== 200)) {
      expect(response.statusCode, response.body).toBe(409);
      expect((response.json() as { message: string }).message).toBe('insufficient_funds');
    }
    expect(lowest).toBeGreaterThanOrEqual(0n);
    expect(await fx.balance(member.id)).toMatchObject({
      balanceMinor: AMOUNT_MINOR * BigInt(k),
      heldMinor: AMOUNT_MINOR * BigInt(k),
      availableMinor: 0n,
    });
    const rows = await database.db
      .selectFrom('withdrawals')
      .innerJoin('holds', 'holds.id', 'withdrawals.hold_id')
      .select(['holds.status', 'holds.amount_minor'])
      .where('withdrawals.member_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(k);
    expect(rows.every((row) => row.status === 'reserved' && row.amount_minor === AMOUNT_MINOR)).toBe(true);
    // Failed requests leave no idempotency record behind, so their keys may be retried.
    const records = await database.db
      .selectFrom('idempotency_records')
      .select('key')
      .where('scope', '=', `member:${member.id}:withdrawal.create`)
      .execute();
    expect(records).toHaveLength(k);
    await assertLedgerInvariants(database.db);
  });

  it('20 copies of one request at once make one withdrawal', async () => {
    const member = await fx.readyMember(AMOUNT_MINOR * 5n);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fx.requestWithdrawal(member, { payoutAccountId: member.accountId, amount: '100' }, key),
      ),
    );
    const ok = responses.filter((response) => response.statusCode === 200);
    // A copy that arrives while the first is still running waits on the key and then replays its answer.
    expect(ok).toHaveLength(20);
    const ids = new Set(
      ok.map(
        (response) => (response.json() as { value: { withdrawal: { id: string } } }).value.withdrawal.id,
      ),
    );
    expect(ids.size).toBe(1);
    expect((await fx.balance(member.id)).heldMinor).toBe(AMOUNT_MINOR);
  });

  it('50 payout accounts added at once: MAX_PAYOUT_ACCOUNTS are stored (member row lock)', async () => {
    const member = await fx.member();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        fx.addAccount(member, {
          kind: 'bank',
          provider: 'State Bank of India',
          accountNumber: String(100_000_000_000 + index),
          ifsc: 'SBIN0001234',
          payeeName: 'Test Payee',
        }),
      ),
    );
    const statuses = responses.map((response) =>
      response.statusCode === 200 ? 'ok' : (response.json() as { message: string }).message,
    );
    expect(statuses.filter((status) => status === 'ok')).toHaveLength(MAX_PAYOUT_ACCOUNTS);
    expect(statuses.filter((status) => status === 'payout_account_limit')).toHaveLength(
      50 - MAX_PAYOUT_ACCOUNTS,
    );
    const rows = await database.db
      .selectFrom('payout_accounts')
      .select('id')
      .where('member_id', '=', member.id)
      .where('removed_at', 'is', null)
      .execute();
    expect(rows).toHaveLength(MAX_PAYOUT_ACCOUNTS);
  });
});
