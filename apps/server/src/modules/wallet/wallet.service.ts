import { DEFAULT_LANGUAGE } from '@lotus/shared/constants';
import { addDays, dayNumber, daysInRange, RECORD_MAX_RANGE_DAYS, todayUtc } from '@lotus/shared/date-ranges';
import { minorToDecimal } from '@lotus/shared/money';
import type {
  AccountRecordFilter,
  AccountRecordPage,
  ConsolidatedFunds,
  ConsolidatedVendor,
  MerchantWallet,
  WalletBalance,
} from '@lotus/shared/wallet.schema';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { ProcessCache } from '../../lib/process-cache.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { RECORD_TYPE_OF_KIND, type WalletRepository } from './wallet.repository.ts';

const DAY_MS = 86_400_000;

function badDates(path: string, code: string): AppError {
  return new AppError('invalid_request', {
    message: `account record dates: ${code}`,
    details: { issues: [{ path, code }] },
  });
}

/**
 * The range the account record reads: both ends given, or the last 7 days; without an end it ends today,
 * without a start it spans 7 days up to the end. Days are the brand's (UTC for now), both ends inclusive.
 */
export function recordRange(
  startDate: string | undefined,
  endDate: string | undefined,
  today: string,
): { startDate: string; endDate: string; from: Date; until: Date } {
  const end = endDate ?? today;
  if (dayNumber(end) === null) throw badDates('endDate', 'invalid_date');
  const start = startDate ?? addDays(end, -6);
  if (dayNumber(start) === null) throw badDates('startDate', 'invalid_date');
  const days = daysInRange(start, end) ?? 0;
  if (days < 1) throw badDates('endDate', 'before_start');
  if (days > RECORD_MAX_RANGE_DAYS) throw badDates('endDate', 'range_too_long');
  const from = new Date(`${start}T00:00:00.000Z`);
  return { startDate: start, endDate: end, from, until: new Date(from.getTime() + days * DAY_MS) };
}

/** The member-facing wallet reads over the ledger (issue 5): balance, wallets, the account record. */
export class WalletService {
  readonly #ledger: LedgerService;
  readonly #repository: WalletRepository;
  readonly #clock: Clock;
  /** Balances by member id (wallet-module.ts: follows the ledger's `lotus_balance` feed). */
  readonly #balances: ProcessCache<WalletBalance>;

  constructor(
    ledger: LedgerService,
    repository: WalletRepository,
    balances: ProcessCache<WalletBalance>,
    clock: Clock = systemClock,
  ) {
    this.#ledger = ledger;
    this.#repository = repository;
    this.#balances = balances;
    this.#clock = clock;
  }

  /**
   * The main wallet's balance as the member can use it: funds on hold (a pending withdrawal, an open bet)
   * are already taken off, so the header never shows money that cannot be spent. The account is created
   * (empty) the first time a member asks.
   *
   * Served from the process's balance cache (issue 15 "Reads from memory"): every committed entry that moves
   * a member's wallet announces the member on `lotus_balance`, which drops the entry in every process, and
   * `balanceChanged` drops it here before the answer of a money call leaves (docs/scaling.md "Caches").
   */
  async balance(memberId: bigint): Promise<WalletBalance> {
    let accountTag = '';
    const balance = await this.#balances.read(
      memberId.toString(),
      async () => {
        const { accountId, availableMinor, currency } = await this.#ledger.balanceOf(memberId);
        accountTag = `account:${accountId}`;
        return Object.freeze({
          sumBalance: minorToDecimal(availableMinor),
          currency,
          balanceMinor: availableMinor.toString(),
        });
      },
      () => [accountTag],
    );
    // read() answers undefined only when load() does, and load() always answers a balance.
    if (!balance) throw new Error('balance read answered nothing');
    return balance;
  }

  /**
   * The port for "this process committed an entry that moved these members' wallets": drops their cached
   * balances at once, before the announcement comes back through the database. Call it after the commit and
   * before answering; calling it for a member whose balance did not move only costs one database read.
   */
  balanceChanged(memberIds: Iterable<bigint>): void {
    for (const memberId of memberIds) this.#balances.delete(memberId.toString());
  }

  /** The same, by ledger account: what the ledger tells of this process's entries (`onAccountsMoved`). */
  accountsMoved(accountIds: Iterable<bigint>): void {
    for (const accountId of accountIds) this.#balances.deleteTag(`account:${accountId}`);
  }

  /** `GCS_merchantWallet`: a single-wallet brand has no vendor wallets to transfer to. */
  async merchantWallet(brandId: bigint): Promise<MerchantWallet> {
    const brand = await this.#repository.brandWallet(brandId);
    return { isSingle: brand.singleWallet, currency: brand.currency, currencySymbol: brand.currencySymbol };
  }

  /**
   * Main wallet plus vendor wallets: every catalogue vendor the member holds a wallet with, and (unless the
   * brand keeps a single wallet) every enabled vendor, so the page can offer a transfer to it. A wallet
   * whose vendor left the catalogue is still listed (by its code): money is never hidden.
   */
  async consolidated(actor: Actor, language: string | undefined): Promise<ConsolidatedFunds> {
    const brand = await this.#repository.brandWallet(actor.brandId);
    const main = await this.#ledger.balanceOf(actor.memberId);
    const catalogue = await this.#repository.vendors(actor.brandId);
    const accounts = await this.#repository.memberVendorAccounts(actor.memberId);
    const lang = (language ?? actor.language ?? DEFAULT_LANGUAGE).toUpperCase();

    const balances = new Map(
      accounts.map((account) => [account.vendor_code ?? '', account.balance_minor - account.held_minor]),
    );
    const vendors: ConsolidatedVendor[] = [];
    const listed = new Set<string>();
    for (const vendor of catalogue) {
      const held = balances.get(vendor.code);
      if (held === undefined && (brand.singleWallet || !vendor.enabled)) continue;
      listed.add(vendor.code);
      const minor = held ?? 0n;
      vendors.push({
        vendor: vendor.code,
        name: vendor.names[lang] ?? vendor.names.EN ?? vendor.code,
        balanceMinor: minor.toString(),
        balance: minorToDecimal(minor),
      });
    }
    for (const [code, minor] of balances) {
      if (listed.has(code)) continue;
      vendors.push({
        vendor: code,
        name: code,
        balanceMinor: minor.toString(),
        balance: minorToDecimal(minor),
      });
    }
    vendors.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.vendor.localeCompare(b.vendor, 'en'));

    const total = vendors.reduce((sum, vendor) => sum + BigInt(vendor.balanceMinor), main.availableMinor);
    return {
      currency: brand.currency,
      currencySymbol: brand.currencySymbol,
      main: { balanceMinor: main.availableMinor.toString(), balance: minorToDecimal(main.availableMinor) },
      vendors,
      totalMinor: total.toString(),
      total: minorToDecimal(total),
    };
  }

  /** The account record: the main wallet's postings, newest first, one page. */
  async records(memberId: bigint, filter: AccountRecordFilter): Promise<AccountRecordPage> {
    const range = recordRange(filter.startDate, filter.endDate, todayUtc(this.#clock.now()));
    const account = await this.#ledger.memberMainAccount(memberId);
    const { rows, total } = await this.#repository.records({
      accountId: account.id,
      type: filter.type,
      from: range.from,
      until: range.until,
      limit: filter.pageSize,
      offset: (filter.pageNo - 1) * filter.pageSize,
    });
    return {
      list: rows.map((row) => ({
        id: row.postingId.toString(),
        entryId: row.entryId.toString(),
        type: RECORD_TYPE_OF_KIND[row.baseKind] ?? 'adjustment',
        reversal: row.reversal,
        createdAt: row.createdAt.toISOString(),
        amountMinor: row.amountMinor.toString(),
        amount: minorToDecimal(row.amountMinor),
        balanceAfterMinor: row.balanceAfterMinor.toString(),
        balanceAfter: minorToDecimal(row.balanceAfterMinor),
        memo: row.memo,
      })),
      pageNo: filter.pageNo,
      pageSize: filter.pageSize,
      total,
      totalPages: Math.ceil(total / filter.pageSize),
      startDate: range.startDate,
      endDate: range.endDate,
    };
  }
}
