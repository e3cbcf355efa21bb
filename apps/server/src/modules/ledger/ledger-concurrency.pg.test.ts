import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../../../test/helpers/ledger-invariants.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import {
  connectAgain,
  createPreparedTestDatabase,
  type TestDatabase,
} from '../../../test/helpers/test-database.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';
import type { LedgerAccountRow } from '../../db/tables/ledger.ts';
import { LedgerService } from './ledger.service.ts';

/**
 * Real concurrency (ARCHITECTURE §4, issue 5 "Done when"): PostgreSQL only, because PGlite has one
 * connection and runs every transaction in turn. The service gets its own pool of 20 connections so
 * requests really overlap inside the database.
 */

const POOL = 20;

usePostgresConnections(28);

describe('ledger under concurrency [postgres]', () => {
  let database: TestDatabase;
  let pooled: DatabaseHandle;
  let ledger: LedgerService;
  let brandId: bigint;
  let memberId: bigint;
  let house: LedgerAccountRow;
  let counter = 0;
  const next = () => {
    counter += 1;
    return counter;
  };
  const key = (label: string) => `pg:${label}:${next()}`;

  async function freshWallet(): Promise<bigint> {
    const row = await database.db
      .insertInto('ledger_accounts')
      .values({
        brand_id: brandId,
        kind: 'member_vendor',
        member_id: memberId,
        vendor_code: `C${next()}`,
        currency: 'INR',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function fund(accountId: bigint, amountMinor: bigint): Promise<void> {
    await ledger.post({
      brandId,
      idempotencyKey: key('fund'),
      kind: 'adjustment',
      postings: [
        { accountId: house.id, amountMinor: -amountMinor },
        { accountId, amountMinor },
      ],
    });
  }

  async function accountOf(accountId: bigint) {
    return database.db
      .selectFrom('ledger_accounts')
      .select(['balance_minor', 'held_minor'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
  }

  function codesOf(outcomes: PromiseSettledResult<unknown>[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const outcome of outcomes) {
      const label =
        outcome.status === 'fulfilled'
          ? 'ok'
          : String((outcome.reason as { code?: unknown }).code ?? outcome.reason);
      counts[label] = (counts[label] ?? 0) + 1;
    }
    return counts;
  }

  beforeAll(async () => {
    database = await createPreparedTestDatabase('postgres');
    pooled = await connectAgain(database, POOL);
    ledger = new LedgerService(pooled.db);
    brandId = (await database.db.selectFrom('brands').select('id').executeTakeFirstOrThrow()).id;
    memberId = (
      await database.db
        .selectFrom('members')
        .select('id')
        .where('username', '=', 'demo_player2')
        .executeTakeFirstOrThrow()
    ).id;
    house = await ledger.systemAccount(brandId, 'house');
  });
  afterEach(async () => {
    await assertLedgerInvariants(database.db);
  });
  afterAll(async () => {
    await pooled?.close();
    await database?.close();
  });

  it('makes each pool slot once when 64 entries of 64 wallets name the bonus pool at once', async () => {
    const wallets: bigint[] = [];
    for (let index = 0; index < 64; index += 1) wallets.push(await freshWallet());
    const before = await ledger.systemBalance(brandId, 'bonus');
    const outcomes = await Promise.allSettled(
      wallets.map((wallet, index) =>
        ledger.post({
          brandId,
          idempotencyKey: key(`pool-${index}`),
          kind: 'bonus',
          postings: [
            { system: 'bonus', amountMinor: -10n },
            { accountId: wallet, amountMinor: 10n },
          ],
        }),
      ),
    );
    expect(codesOf(outcomes)).toEqual({ ok: 64 });
    const slots = await database.db
      .selectFrom('ledger_accounts')
      .select('pool_slot')
      .where('brand_id', '=', brandId)
      .where('kind', '=', 'bonus')
      .execute();
    // 64 consecutive wallets cover all 32 slots; each slot is one row however many entries raced to make it.
    expect(slots.map((slot) => slot.pool_slot).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 32 }, (_, slot) => slot),
    );
    expect(await ledger.systemBalance(brandId, 'bonus')).toBe(before - 640n);
  });

  it('lets exactly k of 200 concurrent debits through on a wallet funded for k', async () => {
    const wallet = await freshWallet();
    const k = 37;
    await fund(wallet, BigInt(k) * 100n);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        ledger.post({
          brandId,
          idempotencyKey: key(`debit-${index}`),
          kind: 'bet',
          postings: [
            { accountId: wallet, amountMinor: -100n },
            { accountId: house.id, amountMinor: 100n },
          ],
        }),
      ),
    );
    expect(codesOf(outcomes)).toEqual({ ok: k, insufficient_funds: 200 - k });
    expect(await accountOf(wallet)).toEqual({ balance_minor: 0n, held_minor: 0n });
  });

  it('lets exactly k of 200 concurrent holds through, and holds block debits', async () => {
    const wallet = await freshWallet();
    const k = 23;
    await fund(wallet, BigInt(k) * 50n);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        index % 2 === 0
          ? ledger.reserve({
              brandId,
              accountId: wallet,
              amountMinor: 50n,
              idempotencyKey: key(`hold-${index}`),
            })
          : ledger.post({
              brandId,
              idempotencyKey: key(`spend-${index}`),
              kind: 'bet',
              postings: [
                { accountId: wallet, amountMinor: -50n },
                { accountId: house.id, amountMinor: 50n },
              ],
            }),
      ),
    );
    const counts = codesOf(outcomes);
    expect(counts).toEqual({ ok: k, insufficient_funds: 200 - k });
    const after = await accountOf(wallet);
    expect(after.balance_minor - after.held_minor).toBe(0n);
    expect(after.held_minor >= 0n && after.balance_minor >= after.held_minor).toBe(true);
  });

  it('moves money both ways between two wallets at once without deadlocks or overdrafts', async () => {
    const left = await freshWallet();
    const right = await freshWallet();
    await fund(left, 1_000n);
    await fund(right, 1_000n);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 120 }, (_, index) => {
        const [from, to] = index % 2 === 0 ? [left, right] : [right, left];
        return ledger.post({
          brandId,
          idempotencyKey: key(`swap-${index}`),
          kind: 'transfer',
          postings: [
            { accountId: from, amountMinor: -70n },
            { accountId: to, amountMinor: 70n },
          ],
        });
      }),
    );
    const counts = codesOf(outcomes);
    expect(Object.keys(counts).every((code) => code === 'ok' || code === 'insufficient_funds')).toBe(true);
    const total = (await accountOf(left)).balance_minor + (await accountOf(right)).balance_minor;
    expect(total).toBe(2_000n);
  });

  it('gives one effect for one key sent five times at once, for every command', async () => {
    const wallet = await freshWallet();
    const postInput = {
      brandId,
      idempotencyKey: key('burst-post'),
      kind: 'adjustment' as const,
      postings: [
        { accountId: house.id, amountMinor: -1_000n },
        { accountId: wallet, amountMinor: 1_000n },
      ],
    };
    const posts = await Promise.all(Array.from({ length: 5 }, () => ledger.post(postInput)));
    expect(new Set(posts.map((entry) => entry.entryId)).size).toBe(1);
    expect((await accountOf(wallet)).balance_minor).toBe(1_000n);

    const holdInput = { brandId, accountId: wallet, amountMinor: 300n, idempotencyKey: key('burst-hold') };
    const holds = await Promise.all(Array.from({ length: 5 }, () => ledger.reserve(holdInput)));
    expect(new Set(holds.map((hold) => hold.holdId)).size).toBe(1);
    expect(await accountOf(wallet)).toEqual({ balance_minor: 1_000n, held_minor: 300n });

    const holdId = holds[0]?.holdId ?? 0n;
    const postHoldInput = {
      brandId,
      holdId,
      counter: { accountId: house.id },
      idempotencyKey: key('burst-settle'),
    };
    const settled = await Promise.all(Array.from({ length: 5 }, () => ledger.postHold(postHoldInput)));
    expect(new Set(settled.map((result) => result.entry.entryId)).size).toBe(1);
    expect(await accountOf(wallet)).toEqual({ balance_minor: 700n, held_minor: 0n });

    const reverseInput = { brandId, entryId: posts[0]?.entryId ?? 0n, idempotencyKey: key('burst-reverse') };
    // 1,000 credited, 300 spent: the reversal must fail every time, and change nothing.
    const reversals = await Promise.allSettled(Array.from({ length: 5 }, () => ledger.reverse(reverseInput)));
    expect(codesOf(reversals)).toEqual({ insufficient_funds: 5 });
    await fund(wallet, 300n);
    const retried = await Promise.all(Array.from({ length: 5 }, () => ledger.reverse(reverseInput)));
    expect(new Set(retried.map((entry) => entry.entryId)).size).toBe(1);
    expect(await accountOf(wallet)).toEqual({ balance_minor: 0n, held_minor: 0n });
  });

  it('settles a hold exactly once when posting and voiding race', async () => {
    const wallet = await freshWallet();
    await fund(wallet, 400n);
    const holds = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        ledger.reserve({
          brandId,
          accountId: wallet,
          amountMinor: 40n,
          idempotencyKey: key(`race-hold-${index}`),
        }),
      ),
    );
    for (const hold of holds) {
      const outcomes = await Promise.allSettled([
        ledger.postHold({
          brandId,
          holdId: hold.holdId,
          counter: { accountId: house.id },
          idempotencyKey: key('race-post'),
        }),
        ledger.voidHold({ brandId, holdId: hold.holdId }),
        ledger.postHold({
          brandId,
          holdId: hold.holdId,
          counter: { accountId: house.id },
          idempotencyKey: key('race-post'),
        }),
      ]);
      const counts = codesOf(outcomes);
      expect(counts.ok).toBe(1);
      expect(counts.hold_not_reserved).toBe(2);
    }
    const after = await accountOf(wallet);
    expect(after.held_minor).toBe(0n);
  });
});
