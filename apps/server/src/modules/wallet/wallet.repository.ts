import type { RecordType } from '@lotus/shared/wallet.schema';
import { sql } from 'kysely';
import type { LocalisedText } from '../../db/tables/catalogue.ts';
import type { LedgerAccountRow } from '../../db/tables/ledger.ts';
import { type Executor, Repository } from '../../db/unit-of-work.ts';
import { isRealAccount } from './wallet-rules.ts';

/** What the wallet calls need of the member's brand. */
export type BrandWallet = {
  singleWallet: boolean;
  currency: string;
  currencySymbol: string;
};

/** The other end of an agent transfer: who it is, where it sits in the tree, whether it may receive money. */
export type TransferParty = {
  id: bigint;
  brandId: bigint;
  username: string;
  uplineId: bigint | null;
  disabled: boolean;
  /** Not a trial account or a type-4 guest (wallet-rules `isRealAccount`). */
  real: boolean;
};

const TRANSFER_PARTY_COLUMNS = [
  'id',
  'brand_id',
  'username',
  'upline_id',
  'status',
  'is_trial',
  'member_type',
] as const;

function transferPartyOf(
  row:
    | {
        id: bigint;
        brand_id: bigint;
        username: string;
        upline_id: bigint | null;
        status: string;
        is_trial: boolean;
        member_type: number;
      }
    | undefined,
): TransferParty | undefined {
  if (!row) return undefined;
  return {
    id: row.id,
    brandId: row.brand_id,
    username: row.username,
    uplineId: row.upline_id,
    disabled: row.status === 'disabled',
    real: isRealAccount(row),
  };
}

export type CatalogueVendor = { code: string; names: LocalisedText; enabled: boolean };

/**
 * Which journal entry kinds the account record shows, and as which record type. Kinds of later issues
 * (bets, bonuses, ...) are added here with their record type; the seed's opening balance reads as an
 * adjustment (money the house put in).
 */
export const RECORD_TYPE_OF_KIND: Record<string, RecordType> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  vendor_transfer: 'transfer',
  agent_transfer: 'agent_transfer',
  adjustment: 'adjustment',
  opening_balance: 'adjustment',
  reward: 'reward',
  // Promotions and loyalty (issue 19, ledger.ts EntryKind).
  promotion_bonus: 'bonus',
  bonus_forfeit: 'bonus',
  rebate: 'rebate',
  referral: 'reward',
  vip_reward: 'reward',
  mission_reward: 'reward',
  points_cash: 'points',
  raffle_prize: 'prize',
  jackpot_win: 'prize',
};

function kindsOf(type: RecordType | 'all'): string[] {
  return Object.entries(RECORD_TYPE_OF_KIND)
    .filter(([, recordType]) => type === 'all' || recordType === type)
    .map(([kind]) => kind);
}

export type RecordRow = {
  postingId: bigint;
  entryId: bigint;
  /** The kind that decides the record type: the reversed entry's kind for a reversal. */
  baseKind: string;
  reversal: boolean;
  createdAt: Date;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  memo: string | null;
};

export type RecordFilter = {
  accountId: bigint;
  type: RecordType | 'all';
  /** Inclusive start and exclusive end instants. */
  from: Date;
  until: Date;
  limit: number;
  offset: number;
};

/** SQL of the wallet calls: brand settings, the catalogue's vendors, vendor wallets, the tree, records. */
export class WalletRepository<E extends Executor = Executor> extends Repository<E> {
  async brandWallet(brandId: bigint): Promise<BrandWallet> {
    const row = await this.db
      .selectFrom('brands')
      .select(['single_wallet', 'currency', 'currency_symbol'])
      .where('id', '=', brandId)
      .executeTakeFirstOrThrow();
    return { singleWallet: row.single_wallet, currency: row.currency, currencySymbol: row.currency_symbol };
  }

  /** The brand's catalogue vendor with that code (`vendors.vassalage`, case as stored), enabled or not. */
  async vendor(brandId: bigint, code: string): Promise<CatalogueVendor | undefined> {
    const row = await this.db
      .selectFrom('vendors')
      .select(['vassalage', 'display_name', 'enabled'])
      .where('brand_id', '=', brandId)
      .where('vassalage', '=', code)
      .executeTakeFirst();
    return row && { code: row.vassalage, names: row.display_name, enabled: row.enabled };
  }

  async vendors(brandId: bigint): Promise<CatalogueVendor[]> {
    const rows = await this.db
      .selectFrom('vendors')
      .select(['vassalage', 'display_name', 'enabled'])
      .where('brand_id', '=', brandId)
      .orderBy('sort')
      .orderBy('vassalage')
      .execute();
    return rows.map((row) => ({ code: row.vassalage, names: row.display_name, enabled: row.enabled }));
  }

  /**
   * The member's vendor wallets in the brand's currency. `forUpdate` locks them, so a recall reads
   * balances nothing else can change before its entry is written.
   */
  memberVendorAccounts(
    memberId: bigint,
    options: { vendor?: string; forUpdate?: boolean } = {},
  ): Promise<LedgerAccountRow[]> {
    let query = this.db
      .selectFrom('ledger_accounts')
      .innerJoin('brands', 'brands.id', 'ledger_accounts.brand_id')
      .selectAll('ledger_accounts')
      .where('ledger_accounts.member_id', '=', memberId)
      .where('ledger_accounts.kind', '=', 'member_vendor')
      .whereRef('ledger_accounts.currency', '=', 'brands.currency')
      .orderBy('ledger_accounts.id');
    if (options.vendor !== undefined) query = query.where('ledger_accounts.vendor_code', '=', options.vendor);
    if (options.forUpdate) query = query.forUpdate('ledger_accounts');
    return query.execute();
  }

  /** The member's wallet at `vendor`, created (empty) on first use like the main wallet. */
  async ensureMemberVendorAccount(memberId: bigint, vendor: string): Promise<LedgerAccountRow> {
    await this.db
      .insertInto('ledger_accounts')
      .columns(['brand_id', 'kind', 'member_id', 'vendor_code', 'currency'])
      .expression((eb) =>
        eb
          .selectFrom('members')
          .innerJoin('brands', 'brands.id', 'members.brand_id')
          .select([
            'members.brand_id',
            sql<'member_vendor'>`'member_vendor'`.as('kind'),
            'members.id',
            sql<string>`${vendor}::text`.as('vendor_code'),
            'brands.currency',
          ])
          .where('members.id', '=', memberId),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const [account] = await this.memberVendorAccounts(memberId, { vendor });
    if (!account) throw new Error(`vendor wallet of member ${memberId} at ${vendor} missing`);
    return account;
  }

  /** A member of the brand by username (case-insensitive, as logins are). */
  async memberByUsername(brandId: bigint, username: string): Promise<TransferParty | undefined> {
    return transferPartyOf(
      await this.db
        .selectFrom('members')
        .select(TRANSFER_PARTY_COLUMNS)
        .where('brand_id', '=', brandId)
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst(),
    );
  }

  async memberById(id: bigint): Promise<TransferParty | undefined> {
    return transferPartyOf(
      await this.db
        .selectFrom('members')
        .select(TRANSFER_PARTY_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst(),
    );
  }

  /** One page of a main wallet's postings of the record's kinds, newest first, and how many there are. */
  async records(filter: RecordFilter): Promise<{ rows: RecordRow[]; total: number }> {
    const kinds = kindsOf(filter.type);
    const base = this.db
      .selectFrom('journal_postings as p')
      .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
      .leftJoin('journal_entries as o', 'o.id', 'e.reverses_entry_id')
      .where('p.account_id', '=', filter.accountId)
      .where('e.created_at', '>=', filter.from)
      .where('e.created_at', '<', filter.until)
      .where(sql<string>`coalesce(o.kind, e.kind)`, 'in', kinds);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      base
        .select([
          'p.id as postingId',
          'p.entry_id as entryId',
          sql<string>`coalesce(o.kind, e.kind)`.as('baseKind'),
          sql<boolean>`e.reverses_entry_id is not null`.as('reversal'),
          'e.created_at as createdAt',
          'p.amount_minor as amountMinor',
          'p.balance_after_minor as balanceAfterMinor',
          'e.memo as memo',
        ])
        .orderBy('e.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
    ]);
    return { rows, total: Number(count.total) };
  }
}
