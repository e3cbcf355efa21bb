import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/create-database.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { appCaughtUp } from './announced.ts';
import { creditFromHouse } from './house-credit.ts';
import { loginAs } from './login-helper.ts';

/** Members, money and vendors for the wallet tests, made directly in the database. */
export type WalletFixture = {
  brandId: bigint;
  ledger: LedgerService;
  /** A new member of the demo brand, logged in; `upline` names an existing member. */
  member(options?: {
    type?: number;
    upline?: bigint | null;
    paymentPassword?: string;
    fundMinor?: bigint;
  }): Promise<{ id: bigint; username: string; token: string }>;
  /** Credits (or, negative, debits) the member's main wallet from the house (an `adjustment`). */
  fund(memberId: bigint, amountMinor: bigint): Promise<bigint>;
  /** Available main-wallet balance. */
  main(memberId: bigint): Promise<bigint>;
  /** The member's wallet at `vendor` (0 when it has none). */
  vendorBalance(memberId: bigint, vendor: string): Promise<bigint>;
  addVendor(code: string, names: Record<string, string>, options?: { enabled?: boolean }): Promise<void>;
  setTrial(memberId: bigint, trial: boolean): Promise<void>;
  setType(memberId: bigint, type: number): Promise<void>;
  setSingleWallet(single: boolean): Promise<void>;
  entriesOfKind(kind: string): Promise<number>;
};

export const MEMBER_PASSWORD = 'Wallet-Test-2026!';

export async function walletFixture(app: FastifyInstance, database: DatabaseHandle): Promise<WalletFixture> {
  const { db } = database;
  const ledger = new LedgerService(db);
  const brand = await db
    .selectFrom('brands')
    .select('id')
    .where('code', '=', 'lotus')
    .executeTakeFirstOrThrow();
  const brandId = brand.id;
  const passwordHash = await hashPassword(MEMBER_PASSWORD);
  let count = 0;

  // The fixture's ledger is not the app's: the app's balance cache hears of the entry through its
  // announcement, which the fixture waits for so the next request reads the new balance.
  const fund = async (memberId: bigint, amountMinor: bigint): Promise<bigint> => {
    const funded = await creditFromHouse(ledger, {
      brandId,
      memberId,
      amountMinor,
      idempotencyKey: `test:fund:${randomUUID()}`,
      memo: 'test funding',
    });
    await appCaughtUp(app, db);
    return funded;
  };

  return {
    brandId,
    ledger,
    fund,
    async member(options = {}) {
      count += 1;
      const username = `w${process.pid % 10_000}t${count}${randomUUID().slice(0, 4)}`;
      const row = await db
        .insertInto('members')
        .values({
          brand_id: brandId,
          username,
          member_type: options.type ?? 0,
          upline_id: options.upline ?? null,
          password_hash: passwordHash,
          register_method: 'seed',
          withdraw_password_hash:
            options.paymentPassword === undefined ? null : await hashPassword(options.paymentPassword),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (options.fundMinor) await fund(row.id, options.fundMinor);
      const token = await loginAs(app, username, MEMBER_PASSWORD);
      return { id: row.id, username, token };
    },
    async main(memberId) {
      return (await ledger.balanceOf(memberId)).availableMinor;
    },
    async vendorBalance(memberId, vendor) {
      const row = await db
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'member_vendor')
        .where('vendor_code', '=', vendor)
        .executeTakeFirst();
      return row?.balance_minor ?? 0n;
    },
    async addVendor(code, names, options = {}) {
      await db
        .insertInto('vendors')
        .values({
          brand_id: brandId,
          vassalage: code,
          display_name: JSON.stringify(names),
          enabled: options.enabled ?? true,
          sort: 50,
        })
        .execute();
    },
    // The app's session cache hears of a member change through the trigger's announcement: wait for it.
    async setTrial(memberId, trial) {
      await db.updateTable('members').set({ is_trial: trial }).where('id', '=', memberId).execute();
      await appCaughtUp(app, db);
    },
    async setType(memberId, type) {
      await db.updateTable('members').set({ member_type: type }).where('id', '=', memberId).execute();
      await appCaughtUp(app, db);
    },
    async setSingleWallet(single) {
      await db.updateTable('brands').set({ single_wallet: single }).where('id', '=', brandId).execute();
    },
    async entriesOfKind(kind) {
      const row = await db
        .selectFrom('journal_entries')
        .select(sql<string>`count(*)::text`.as('n'))
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
