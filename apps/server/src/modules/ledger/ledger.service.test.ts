import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants, ledgerViolations } from '../../../test/helpers/ledger-invariants.ts';
import {
  createPreparedTestDatabase,
  type TestDatabase,
  testBackends,
} from '../../../test/helpers/test-database.ts';
import { seedDatabase } from '../../db/seed/seed.ts';
import type { LedgerAccountRow } from '../../db/tables/ledger.ts';
import { LedgerService } from './ledger.service.ts';
import { onAccountsMoved } from './ledger.ts';

describe.each(testBackends())('ledger service [%s]', (backend) => {
  let database: TestDatabase;
  let ledger: LedgerService;
  let brandId: bigint;
  let house: LedgerAccountRow;
  let playerId: bigint;
  let counter = 0;
  const next = () => {
    counter += 1;
    return counter;
  };
  const key = (label: string) => `test:${label}:${next()}`;

  /** A fresh member wallet (a vendor wallet of demo_player2, so every test starts from zero). */
  async function freshWallet(): Promise<bigint> {
    const member = await database.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', 'demo_player2')
      .executeTakeFirstOrThrow();
    const row = await database.db
      .insertInto('ledger_accounts')
      .values({
        brand_id: brandId,
        kind: 'member_vendor',
        member_id: member.id,
        vendor_code: `V${next()}`,
        currency: 'INR',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function fund(accountId: bigint, amountMinor: bigint) {
    return ledger.post({
      brandId,
      idempotencyKey: key('fund'),
      kind: 'adjustment',
      postings: [
        { accountId: house.id, amountMinor: -amountMinor },
        { accountId, amountMinor },
      ],
    });
  }

  async function balanceOf(accountId: bigint) {
    const row = await database.db
      .selectFrom('ledger_accounts')
      .select(['balance_minor', 'held_minor'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return { balance: row.balance_minor, held: row.held_minor };
  }

  beforeAll(async () => {
    database = await createPreparedTestDatabase(backend);
    ledger = new LedgerService(database.db);
    const brand = await database.db.selectFrom('brands').select('id').executeTakeFirstOrThrow();
    brandId = brand.id;
    house = await ledger.systemAccount(brandId, 'house');
    const player = await database.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', 'demo_player')
      .executeTakeFirstOrThrow();
    playerId = player.id;
  });
  afterEach(async () => {
    await assertLedgerInvariants(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('seed', () => {
    it('opens the demo player with ₹10,000.00 from the house through one journal entry', async () => {
      const balance = await ledger.balanceOf(playerId);
      expect(balance).toMatchObject({ currency: 'INR', balanceMinor: 1_000_000n, heldMinor: 0n });
      const entry = await database.db
        .selectFrom('journal_entries')
        .selectAll()
        .where('idempotency_key', '=', 'seed:opening-balance:demo_player')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ kind: 'opening_balance', created_by: 'seed' });
      const postings = await database.db
        .selectFrom('journal_postings')
        .select(['account_id', 'amount_minor'])
        .where('entry_id', '=', entry.id)
        .orderBy('amount_minor')
        .execute();
      expect(postings).toEqual([
        { account_id: house.id, amount_minor: -1_000_000n },
        { account_id: balance.accountId, amount_minor: 1_000_000n },
      ]);
    });

    it('seeding again adds no second opening balance', async () => {
      expect(await seedDatabase(database.db)).toEqual({ brandCreated: false, rowsAdded: 0 });
      expect((await ledger.balanceOf(playerId)).balanceMinor).toBe(1_000_000n);
    });

    it('creates a member main wallet lazily, empty, in the brand currency', async () => {
      const member = await database.db
        .selectFrom('members')
        .select('id')
        .where('username', '=', 'demo_agent')
        .executeTakeFirstOrThrow();
      const first = await ledger.balanceOf(member.id);
      expect(first).toMatchObject({ currency: 'INR', balanceMinor: 0n, heldMinor: 0n, availableMinor: 0n });
      expect((await ledger.balanceOf(member.id)).accountId).toBe(first.accountId);
      await expect(ledger.balanceOf(999_999_999n)).rejects.toMatchObject({ code: 'not_found' });
    });
  });

  describe('posting rules', () => {
    it('moves money between accounts and records the balance after each posting', async () => {
      const wallet = await freshWallet();
      const houseBefore = (await balanceOf(house.id)).balance;
      const entry = await fund(wallet, 2_500n);
      expect(entry.replayed).toBe(false);
      expect(entry.kind).toBe('adjustment');
      expect(entry.postings).toEqual([
        { accountId: house.id, amountMinor: -2_500n, balanceAfterMinor: houseBefore - 2_500n },
        { accountId: wallet, amountMinor: 2_500n, balanceAfterMinor: 2_500n },
      ]);
      expect(await balanceOf(wallet)).toEqual({ balance: 2_500n, held: 0n });
    });

    it("tells this process's listeners which accounts moved, after the commit and never for a refusal", async () => {
      const wallet = await freshWallet();
      const heard: bigint[][] = [];
      const stop = onAccountsMoved((ids) => heard.push([...ids]));
      try {
        await fund(wallet, 700n);
        expect(heard).toEqual([[house.id, wallet]]);
        await expect(
          ledger.post({
            brandId,
            idempotencyKey: key('overdraw'),
            kind: 'transfer',
            postings: [
              { accountId: wallet, amountMinor: -701n },
              { accountId: house.id, amountMinor: 701n },
            ],
          }),
        ).rejects.toMatchObject({ code: 'insufficient_funds' });
        expect(heard).toHaveLength(1);
      } finally {
        stop();
      }
    });

    it('refuses entries that are not balanced double entries, writing nothing', async () => {
      const wallet = await freshWallet();
      const other = await freshWallet();
      const attempts = [
        [{ accountId: wallet, amountMinor: 5n }],
        [
          { accountId: house.id, amountMinor: -5n },
          { accountId: wallet, amountMinor: 4n },
        ],
        [
          { accountId: house.id, amountMinor: 0n },
          { accountId: wallet, amountMinor: 0n },
        ],
        [
          { accountId: house.id, amountMinor: -10n },
          { accountId: wallet, amountMinor: 5n },
          { accountId: wallet, amountMinor: 5n },
        ],
        [
          { accountId: house.id, amountMinor: -5n },
          { accountId: 999_999_999n, amountMinor: 5n },
        ],
        [
          { accountId: house.id, amountMinor: -(10n ** 16n) },
          { accountId: other, amountMinor: 10n ** 16n },
        ],
      ];
      for (const postings of attempts) {
        const idempotencyKey = key('bad');
        await expect(
          ledger.post({ brandId, idempotencyKey, kind: 'adjustment', postings }),
        ).rejects.toMatchObject({
          code: 'invalid_request',
        });
        expect(
          await database.db
            .selectFrom('journal_entries')
            .select('id')
            .where('idempotency_key', '=', idempotencyKey)
            .executeTakeFirst(),
        ).toBeUndefined();
      }
      const valid = [
        { accountId: house.id, amountMinor: -5n },
        { accountId: wallet, amountMinor: 5n },
      ];
      await expect(
        ledger.post({ brandId, idempotencyKey: '', kind: 'adjustment', postings: valid }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(
        ledger.post({ brandId, idempotencyKey: 'has space', kind: 'adjustment', postings: valid }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(
        ledger.post({
          brandId,
          idempotencyKey: key('memo'),
          kind: 'adjustment',
          memo: 'x'.repeat(501),
          postings: valid,
        }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
      expect(await balanceOf(wallet)).toEqual({ balance: 0n, held: 0n });
    });

    it('refuses postings across currencies or brands', async () => {
      const wallet = await freshWallet();
      const dollars = await database.db
        .insertInto('ledger_accounts')
        .values({ brand_id: brandId, kind: 'bonus', currency: 'USD' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expect(
        ledger.post({
          brandId,
          idempotencyKey: key('fx'),
          kind: 'adjustment',
          postings: [
            { accountId: dollars.id, amountMinor: -5n },
            { accountId: wallet, amountMinor: 5n },
          ],
        }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(
        ledger.post({
          brandId: brandId + 1000n,
          idempotencyKey: key('brand'),
          kind: 'adjustment',
          postings: [
            { accountId: house.id, amountMinor: -5n },
            { accountId: wallet, amountMinor: 5n },
          ],
        }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
    });

    it('never takes a member wallet below zero and leaves no trace of the refused entry', async () => {
      const wallet = await freshWallet();
      await fund(wallet, 1_000n);
      const idempotencyKey = key('overdraw');
      const debit = {
        brandId,
        idempotencyKey,
        kind: 'adjustment' as const,
        postings: [
          { accountId: wallet, amountMinor: -1_001n },
          { accountId: house.id, amountMinor: 1_001n },
        ],
      };
      await expect(ledger.post(debit)).rejects.toMatchObject({ code: 'insufficient_funds' });
      expect(await balanceOf(wallet)).toEqual({ balance: 1_000n, held: 0n });
      expect(
        await database.db
          .selectFrom('journal_entries')
          .select('id')
          .where('idempotency_key', '=', idempotencyKey)
          .executeTakeFirst(),
      ).toBeUndefined();
      // The refused key is free: once funds arrive the same request goes through.
      await fund(wallet, 1n);
      await expect(ledger.post(debit)).resolves.toMatchObject({ replayed: false });
      expect(await balanceOf(wallet)).toEqual({ balance: 0n, held: 0n });
    });

    it('lets system accounts go below zero (the house funds wallets)', async () => {
      const bonus = await ledger.systemAccount(brandId, 'bonus');
      const wallet = await freshWallet();
      await ledger.post({
        brandId,
        idempotencyKey: key('bonus'),
        kind: 'bonus',
        postings: [
          { accountId: bonus.id, amountMinor: -700n },
          { accountId: wallet, amountMinor: 700n },
        ],
      });
      expect((await balanceOf(bonus.id)).balance).toBe(bonus.balance_minor - 700n);
    });
  });

  describe('owned budgets and points (migration 0026)', () => {
    /** A campaign's or jackpot's own account: one row, owned through vendor_code. */
    async function ownedAccount(kind: 'campaign' | 'jackpot'): Promise<bigint> {
      const row = await database.db
        .insertInto('ledger_accounts')
        .values({ brand_id: brandId, kind, vendor_code: `${kind}-${next()}`, currency: 'INR' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    it('never takes a campaign budget or a jackpot pot below zero, and writes nothing for the refusal', async () => {
      for (const kind of ['campaign', 'jackpot'] as const) {
        const budget = await ownedAccount(kind);
        await ledger.post({
          brandId,
          idempotencyKey: key('fund-budget'),
          kind: 'campaign_funding',
          postings: [
            { system: 'bonus', amountMinor: -500n },
            { accountId: budget, amountMinor: 500n },
          ],
        });
        const wallet = await freshWallet();
        const prize = (amountMinor: bigint) => ({
          brandId,
          idempotencyKey: key('prize'),
          kind: 'raffle_prize' as const,
          postings: [
            { accountId: budget, amountMinor: -amountMinor },
            { accountId: wallet, amountMinor },
          ],
        });
        await expect(ledger.post(prize(700n))).rejects.toMatchObject({ code: 'insufficient_funds' });
        expect(await balanceOf(budget)).toEqual({ balance: 500n, held: 0n });
        await ledger.post(prize(500n));
        expect(await balanceOf(budget)).toEqual({ balance: 0n, held: 0n });
        // The schema refuses it too, whatever writes the row.
        await expect(
          database.db
            .updateTable('ledger_accounts')
            .set({ balance_minor: -1n })
            .where('id', '=', budget)
            .execute(),
        ).rejects.toThrow();
      }
    });

    it('keeps points in their own currency: issued from the pool, never negative, never mixed with money', async () => {
      const points = await database.db
        .insertInto('ledger_accounts')
        .values({ brand_id: brandId, kind: 'member_points', member_id: playerId, currency: 'PTS' })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      const pointsId =
        points?.id ??
        (
          await database.db
            .selectFrom('ledger_accounts')
            .select('id')
            .where('member_id', '=', playerId)
            .where('kind', '=', 'member_points')
            .executeTakeFirstOrThrow()
        ).id;
      const before = (await balanceOf(pointsId)).balance;
      const earned = await ledger.post({
        brandId,
        idempotencyKey: key('earn'),
        kind: 'points_earn',
        postings: [
          { system: 'points_pool', amountMinor: -250n },
          { accountId: pointsId, amountMinor: 250n },
        ],
      });
      const pool = earned.postings.find((posting) => posting.accountId !== pointsId);
      const poolRow = await database.db
        .selectFrom('ledger_accounts')
        .select(['kind', 'currency'])
        .where('id', '=', pool?.accountId ?? 0n)
        .executeTakeFirstOrThrow();
      expect(poolRow).toEqual({ kind: 'points_pool', currency: 'PTS' });
      expect((await balanceOf(pointsId)).balance).toBe(before + 250n);

      await expect(
        ledger.post({
          brandId,
          idempotencyKey: key('overspend'),
          kind: 'points_redeem',
          postings: [
            { accountId: pointsId, amountMinor: -(before + 251n) },
            { system: 'points_pool', amountMinor: before + 251n },
          ],
        }),
      ).rejects.toMatchObject({ code: 'insufficient_funds' });
      const wallet = await freshWallet();
      await expect(
        ledger.post({
          brandId,
          idempotencyKey: key('mixed'),
          kind: 'points_convert',
          postings: [
            { accountId: pointsId, amountMinor: -100n },
            { accountId: wallet, amountMinor: 100n },
          ],
        }),
      ).rejects.toThrow('postings of one entry share one currency');
    });
  });

  describe('system account pools', () => {
    /** The house slot a posting landed in, by the posting's account. */
    async function slotOf(accountId: bigint) {
      return database.db
        .selectFrom('ledger_accounts')
        .select(['kind', 'pool_slot', 'member_id'])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
    }

    it("lands a { system } posting in the slot of the entry's smallest member account, the same on a replay", async () => {
      const wallet = await freshWallet();
      const input = {
        brandId,
        idempotencyKey: key('pool'),
        kind: 'bet' as const,
        postings: [
          { system: 'house' as const, amountMinor: -700n },
          { accountId: wallet, amountMinor: 700n },
        ],
      };
      const first = await ledger.post(input);
      const housePosting = first.postings[0];
      expect(await slotOf(housePosting?.accountId ?? 0n)).toEqual({
        kind: 'house',
        pool_slot: Number(wallet % 32n),
        member_id: null,
      });
      const again = await ledger.post(input);
      expect(again).toMatchObject({ entryId: first.entryId, replayed: true });
      expect(again.postings).toEqual(first.postings);
      // The hash names the pool, not the slot: the same key with a concrete house row is another request.
      await expect(
        ledger.post({
          ...input,
          postings: [
            { accountId: house.id, amountMinor: -700n },
            { accountId: wallet, amountMinor: 700n },
          ],
        }),
      ).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    });

    it('spreads the entries of different wallets over the slots, and the balance is their sum', async () => {
      const before = await ledger.systemBalance(brandId, 'house');
      const wallets = [await freshWallet(), await freshWallet(), await freshWallet()];
      const slots = new Set<number>();
      for (const wallet of wallets) {
        const entry = await ledger.post({
          brandId,
          idempotencyKey: key('spread'),
          kind: 'adjustment',
          postings: [
            { system: 'house', amountMinor: -100n },
            { accountId: wallet, amountMinor: 100n },
          ],
        });
        slots.add((await slotOf(entry.postings[0]?.accountId ?? 0n)).pool_slot);
      }
      expect(slots.size).toBe(3);
      expect(await ledger.systemBalance(brandId, 'house')).toBe(before - 300n);
      // A reversal goes back to the very rows of its entry.
      const wallet = wallets[0] as bigint;
      const bonusBefore = await ledger.systemBalance(brandId, 'bonus');
      const entry = await ledger.post({
        brandId,
        idempotencyKey: key('to-reverse'),
        kind: 'adjustment',
        postings: [
          { system: 'bonus', amountMinor: -50n },
          { accountId: wallet, amountMinor: 50n },
        ],
      });
      const reversal = await ledger.reverse({ brandId, entryId: entry.entryId, idempotencyKey: key('rev') });
      expect(reversal.postings.map((posting) => posting.accountId)).toEqual(
        entry.postings.map((posting) => posting.accountId),
      );
      expect(await ledger.systemBalance(brandId, 'bonus')).toBe(bonusBefore);
    });

    it('refuses two postings on one system account, and still refuses a member overdraft', async () => {
      const wallet = await freshWallet();
      await expect(
        ledger.post({
          brandId,
          idempotencyKey: key('twice'),
          kind: 'adjustment',
          postings: [
            { system: 'house', amountMinor: -1n },
            { system: 'house', amountMinor: 1n },
          ],
        }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(
        ledger.post({
          brandId,
          idempotencyKey: key('overdraft'),
          kind: 'bet',
          postings: [
            { accountId: wallet, amountMinor: -1n },
            { system: 'house', amountMinor: 1n },
          ],
        }),
      ).rejects.toMatchObject({ code: 'insufficient_funds' });
    });
  });

  describe('idempotency', () => {
    it('replays one key five times in a row with one effect', async () => {
      const wallet = await freshWallet();
      const input = {
        brandId,
        idempotencyKey: key('row'),
        kind: 'adjustment' as const,
        memo: 'five times',
        postings: [
          { accountId: house.id, amountMinor: -300n },
          { accountId: wallet, amountMinor: 300n },
        ],
      };
      const results = [];
      for (let i = 0; i < 5; i += 1) results.push(await ledger.post(input));
      expect(new Set(results.map((result) => result.entryId)).size).toBe(1);
      expect(results.map((result) => result.replayed)).toEqual([false, true, true, true, true]);
      expect(results[4]?.postings).toEqual(results[0]?.postings);
      expect(await balanceOf(wallet)).toEqual({ balance: 300n, held: 0n });
    });

    it('replays one key sent five times at once with one effect', async () => {
      const wallet = await freshWallet();
      const input = {
        brandId,
        idempotencyKey: key('burst'),
        kind: 'adjustment' as const,
        postings: [
          { accountId: house.id, amountMinor: -400n },
          { accountId: wallet, amountMinor: 400n },
        ],
      };
      const results = await Promise.all(Array.from({ length: 5 }, () => ledger.post(input)));
      expect(new Set(results.map((result) => result.entryId)).size).toBe(1);
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      expect(await balanceOf(wallet)).toEqual({ balance: 400n, held: 0n });
    });

    it('refuses the same key with a changed request', async () => {
      const wallet = await freshWallet();
      const idempotencyKey = key('changed');
      const postings = [
        { accountId: house.id, amountMinor: -100n },
        { accountId: wallet, amountMinor: 100n },
      ];
      await ledger.post({ brandId, idempotencyKey, kind: 'adjustment', postings });
      const changed = [
        {
          brandId,
          idempotencyKey,
          kind: 'adjustment' as const,
          postings: [
            { accountId: house.id, amountMinor: -101n },
            { accountId: wallet, amountMinor: 101n },
          ],
        },
        { brandId, idempotencyKey, kind: 'bonus' as const, postings },
        { brandId, idempotencyKey, kind: 'adjustment' as const, memo: 'other', postings },
      ];
      for (const input of changed) {
        await expect(ledger.post(input)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
      }
      await expect(ledger.reverse({ brandId, entryId: 1n, idempotencyKey })).rejects.toMatchObject({
        code: 'idempotency_key_reused',
      });
      expect(await balanceOf(wallet)).toEqual({ balance: 100n, held: 0n });
    });
  });

  describe('reversal', () => {
    it('posts the exact opposite once, replays by key, and refuses a second reversal', async () => {
      const wallet = await freshWallet();
      const original = await fund(wallet, 900n);
      const idempotencyKey = key('reverse');
      const reversal = await ledger.reverse({
        brandId,
        entryId: original.entryId,
        idempotencyKey,
        memo: 'typo',
      });
      expect(reversal).toMatchObject({
        kind: 'reversal',
        reversesEntryId: original.entryId,
        replayed: false,
      });
      expect(reversal.postings.map((posting) => [posting.accountId, posting.amountMinor])).toEqual(
        original.postings.map((posting) => [posting.accountId, -posting.amountMinor]),
      );
      expect(await balanceOf(wallet)).toEqual({ balance: 0n, held: 0n });

      const again = await ledger.reverse({
        brandId,
        entryId: original.entryId,
        idempotencyKey,
        memo: 'typo',
      });
      expect(again).toMatchObject({ entryId: reversal.entryId, replayed: true });
      await expect(
        ledger.reverse({ brandId, entryId: original.entryId, idempotencyKey: key('reverse2') }),
      ).rejects.toMatchObject({ code: 'entry_already_reversed' });
      await expect(
        ledger.reverse({ brandId, entryId: reversal.entryId, idempotencyKey: key('reverse3') }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(
        ledger.reverse({ brandId, entryId: 999_999_999n, idempotencyKey: key('reverse4') }),
      ).rejects.toMatchObject({ code: 'not_found' });
      expect(await balanceOf(wallet)).toEqual({ balance: 0n, held: 0n });
    });

    it('lets only one of two concurrent reversals with different keys through', async () => {
      const wallet = await freshWallet();
      const original = await fund(wallet, 50n);
      const outcomes = await Promise.allSettled([
        ledger.reverse({ brandId, entryId: original.entryId, idempotencyKey: key('race-a') }),
        ledger.reverse({ brandId, entryId: original.entryId, idempotencyKey: key('race-b') }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(refused?.reason).toMatchObject({ code: 'entry_already_reversed' });
      expect(await balanceOf(wallet)).toEqual({ balance: 0n, held: 0n });
    });

    it('cannot reverse a credit the member has already spent', async () => {
      const wallet = await freshWallet();
      const credit = await fund(wallet, 80n);
      await ledger.post({
        brandId,
        idempotencyKey: key('spend'),
        kind: 'bet',
        postings: [
          { accountId: wallet, amountMinor: -50n },
          { accountId: house.id, amountMinor: 50n },
        ],
      });
      await expect(
        ledger.reverse({ brandId, entryId: credit.entryId, idempotencyKey: key('late') }),
      ).rejects.toMatchObject({ code: 'insufficient_funds' });
      expect(await balanceOf(wallet)).toEqual({ balance: 30n, held: 0n });
    });
  });

  describe('holds', () => {
    it('reserves available money, blocks spending it, and posts it to the counter account', async () => {
      const wallet = await freshWallet();
      const clearing = await ledger.systemAccount(brandId, 'withdrawals_clearing');
      await fund(wallet, 1_000n);
      const reserveKey = key('reserve');
      const hold = await ledger.reserve({
        brandId,
        accountId: wallet,
        amountMinor: 600n,
        idempotencyKey: reserveKey,
      });
      expect(hold).toMatchObject({ status: 'reserved', amountMinor: 600n, replayed: false });
      expect(await balanceOf(wallet)).toEqual({ balance: 1_000n, held: 600n });
      expect(
        (await ledger.reserve({ brandId, accountId: wallet, amountMinor: 600n, idempotencyKey: reserveKey }))
          .holdId,
      ).toBe(hold.holdId);
      await expect(
        ledger.reserve({ brandId, accountId: wallet, amountMinor: 601n, idempotencyKey: reserveKey }),
      ).rejects.toMatchObject({ code: 'idempotency_key_reused' });

      // 400 available: a debit of 401 or a second hold of 401 is refused.
      await expect(
        ledger.post({
          brandId,
          idempotencyKey: key('spend-held'),
          kind: 'bet',
          postings: [
            { accountId: wallet, amountMinor: -401n },
            { accountId: house.id, amountMinor: 401n },
          ],
        }),
      ).rejects.toMatchObject({ code: 'insufficient_funds' });
      const refusedKey = key('hold-too-much');
      await expect(
        ledger.reserve({ brandId, accountId: wallet, amountMinor: 401n, idempotencyKey: refusedKey }),
      ).rejects.toMatchObject({ code: 'insufficient_funds' });
      expect(
        await database.db
          .selectFrom('holds')
          .select('id')
          .where('idempotency_key', '=', refusedKey)
          .executeTakeFirst(),
      ).toBeUndefined();

      const postKey = key('payout');
      const posted = await ledger.postHold({
        brandId,
        holdId: hold.holdId,
        counter: { accountId: clearing.id },
        idempotencyKey: postKey,
        kind: 'withdrawal',
      });
      expect(posted.hold).toMatchObject({ status: 'posted', postedEntryId: posted.entry.entryId });
      expect(posted.entry.postings.map((posting) => posting.amountMinor)).toEqual([-600n, 600n]);
      expect(await balanceOf(wallet)).toEqual({ balance: 400n, held: 0n });

      const replay = await ledger.postHold({
        brandId,
        holdId: hold.holdId,
        counter: { accountId: clearing.id },
        idempotencyKey: postKey,
        kind: 'withdrawal',
      });
      expect(replay).toMatchObject({ entry: { entryId: posted.entry.entryId, replayed: true } });
      await expect(
        ledger.postHold({
          brandId,
          holdId: hold.holdId,
          counter: { accountId: clearing.id },
          idempotencyKey: key('again'),
        }),
      ).rejects.toMatchObject({ code: 'hold_not_reserved' });
      await expect(ledger.voidHold({ brandId, holdId: hold.holdId })).rejects.toMatchObject({
        code: 'hold_not_reserved',
      });
      expect(await balanceOf(wallet)).toEqual({ balance: 400n, held: 0n });
    });

    it('voids a hold once, releasing the money, and cannot post it afterwards', async () => {
      const wallet = await freshWallet();
      await fund(wallet, 500n);
      const hold = await ledger.reserve({
        brandId,
        accountId: wallet,
        amountMinor: 500n,
        idempotencyKey: key('void'),
      });
      expect(await balanceOf(wallet)).toEqual({ balance: 500n, held: 500n });
      expect(await ledger.voidHold({ brandId, holdId: hold.holdId })).toMatchObject({
        status: 'voided',
        replayed: false,
      });
      expect(await ledger.voidHold({ brandId, holdId: hold.holdId })).toMatchObject({
        status: 'voided',
        replayed: true,
      });
      expect(await balanceOf(wallet)).toEqual({ balance: 500n, held: 0n });
      await expect(
        ledger.postHold({
          brandId,
          holdId: hold.holdId,
          counter: { accountId: house.id },
          idempotencyKey: key('post-void'),
        }),
      ).rejects.toMatchObject({ code: 'hold_not_reserved' });
      await expect(ledger.voidHold({ brandId, holdId: 999_999_999n })).rejects.toMatchObject({
        code: 'not_found',
      });
    });

    it('reserves once for one key sent five times at once, and only on member wallets', async () => {
      const wallet = await freshWallet();
      await fund(wallet, 100n);
      const input = { brandId, accountId: wallet, amountMinor: 70n, idempotencyKey: key('hold-burst') };
      const holds = await Promise.all(Array.from({ length: 5 }, () => ledger.reserve(input)));
      expect(new Set(holds.map((hold) => hold.holdId)).size).toBe(1);
      expect(await balanceOf(wallet)).toEqual({ balance: 100n, held: 70n });
      await expect(
        ledger.reserve({ brandId, accountId: house.id, amountMinor: 1n, idempotencyKey: key('house-hold') }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(
        ledger.reserve({ brandId, accountId: wallet, amountMinor: 0n, idempotencyKey: key('zero-hold') }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
      await ledger.voidHold({ brandId, holdId: holds[0]?.holdId ?? 0n });
    });
  });

  describe('database guards', () => {
    it('refuses UPDATE, DELETE and TRUNCATE of journal rows', async () => {
      const wallet = await freshWallet();
      const entry = await fund(wallet, 10n);
      await expect(
        database.db
          .updateTable('journal_entries')
          .set({ memo: 'rewritten' })
          .where('id', '=', entry.entryId)
          .execute(),
      ).rejects.toThrow(/ledger_append_only/);
      await expect(
        database.db.deleteFrom('journal_entries').where('id', '=', entry.entryId).execute(),
      ).rejects.toThrow(/ledger_append_only/);
      await expect(
        database.db
          .updateTable('journal_postings')
          .set({ amount_minor: 11n })
          .where('entry_id', '=', entry.entryId)
          .execute(),
      ).rejects.toThrow(/ledger_append_only/);
      await expect(
        database.db.deleteFrom('journal_postings').where('entry_id', '=', entry.entryId).execute(),
      ).rejects.toThrow(/ledger_append_only/);
      await expect(
        sql`truncate journal_postings, journal_entries cascade`.execute(database.db),
      ).rejects.toThrow(/ledger_append_only/);
      expect(await ledgerViolations(database.db)).toEqual([]);
      expect(
        (
          await database.db
            .selectFrom('journal_postings')
            .select('id')
            .where('entry_id', '=', entry.entryId)
            .execute()
        ).length,
      ).toBe(2);
    });

    it('refuses at commit an entry whose postings do not sum to zero, or that has fewer than two', async () => {
      const wallet = await freshWallet();
      const write = (postings: bigint[]) =>
        database.db.transaction().execute(async (trx) => {
          const entry = await trx
            .insertInto('journal_entries')
            .values({
              brand_id: brandId,
              kind: 'adjustment',
              idempotency_key: key('raw'),
              request_hash: '0'.repeat(64),
              created_by: 'test',
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const [index, amount] of postings.entries()) {
            await trx
              .insertInto('journal_postings')
              .values({
                entry_id: entry.id,
                account_id: index === 0 ? wallet : house.id,
                amount_minor: amount,
                balance_after_minor: 0n,
              })
              .execute();
          }
        });
      await expect(write([5n, -4n])).rejects.toThrow(/ledger_unbalanced_entry/);
      await expect(write([5n])).rejects.toThrow(/ledger_unbalanced_entry/);
      await expect(write([])).rejects.toThrow(/ledger_unbalanced_entry/);
      expect(await ledgerViolations(database.db)).toEqual([]);
    });

    it('refuses at commit an unbalanced entry written through ledger_post_entry itself', async () => {
      const wallet = await freshWallet();
      const post = (accounts: string, kinds: string, amounts: string) =>
        database.db.transaction().execute((trx) =>
          sql`select * from ledger_post_entry(${String(brandId)}::int8, 'adjustment', ${key('fn')}, ${'0'.repeat(64)},
            null, null, 'test', ${accounts}::int8[], ${kinds}::text[], ${amounts}::int8[], null, null, null)`.execute(
            trx,
          ),
        );
      await expect(post(`{${wallet},${house.id}}`, '{NULL,NULL}', '{5,-4}')).rejects.toThrow(
        /ledger_unbalanced_entry/,
      );
      await expect(post(`{${wallet},NULL}`, '{NULL,house}', '{5,-4}')).rejects.toThrow(
        /ledger_unbalanced_entry/,
      );
      await expect(post(`{${wallet},${house.id}}`, '{NULL,NULL}', '{5}')).rejects.toThrow(
        /2 accounts, 2 system kinds, 1 amounts/,
      );
      await expect(post(`{${wallet},${house.id}}`, '{NULL,house}', '{5,-5}')).rejects.toThrow(
        /an account id or a system kind, not both/,
      );
      expect(await ledgerViolations(database.db)).toEqual([]);
    });

    it('keeps member balances and available money non-negative in the schema itself', async () => {
      const wallet = await freshWallet();
      await expect(
        database.db
          .updateTable('ledger_accounts')
          .set({ balance_minor: -1n })
          .where('id', '=', wallet)
          .execute(),
      ).rejects.toThrow(/ledger_accounts_(member_balance|available)_non_negative/);
      await expect(
        database.db.updateTable('ledger_accounts').set({ held_minor: 1n }).where('id', '=', wallet).execute(),
      ).rejects.toThrow(/ledger_accounts_available_non_negative/);
      await expect(
        database.db
          .updateTable('ledger_accounts')
          .set({ held_minor: 1n })
          .where('id', '=', house.id)
          .execute(),
      ).rejects.toThrow(/ledger_accounts_system_no_holds/);
      await expect(
        database.db
          .insertInto('ledger_accounts')
          .values({ brand_id: brandId, kind: 'house', currency: 'INR' })
          .execute(),
      ).rejects.toThrow(/ledger_accounts_owner_key/);
    });
  });
});
