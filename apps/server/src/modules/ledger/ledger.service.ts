import { isUniqueViolation } from '../../db/errors.ts';
import type { LedgerAccountRow, SystemAccountKind } from '../../db/tables/ledger.ts';
import { type Db, transact } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { LedgerRepository } from './ledger.repository.ts';
import {
  type Balance,
  balanceOfAccount,
  type Hold,
  type Ledger,
  ledgerIn,
  type PostedEntry,
  type PostHoldInput,
  type PostInput,
  REVERSAL_KEY,
  type ReserveInput,
  type ReverseInput,
} from './ledger.ts';

/**
 * The ledger's commands each in a transaction of their own (ledger.ts explains the ledger). A caller that
 * moves money together with rows of its own uses `ledgerIn(trx)` in its unit of work instead.
 */
export class LedgerService {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  #transact<T>(work: (ledger: Ledger) => Promise<T>): Promise<T> {
    return transact(this.#db, ledgerIn, work);
  }

  /** Posts one balanced journal entry. */
  post(input: PostInput): Promise<PostedEntry> {
    return this.#transact((ledger) => ledger.post(input));
  }

  /** Posts the exact opposite of an entry. An entry is reversed at most once; reversals are not reversed. */
  async reverse(input: ReverseInput): Promise<PostedEntry> {
    try {
      return await this.#transact((ledger) => ledger.reverse(input));
    } catch (error) {
      if (!(error instanceof AppError && isUniqueViolation(error.cause, REVERSAL_KEY))) throw error;
      // A concurrent reversal committed first. Under the same key it is this very request: answer its
      // result (PostgreSQL may report the reversal's unique key before the idempotency key).
      const replay = await this.#transact((ledger) => ledger.reversalReplay(input));
      if (replay) return replay;
      throw error;
    }
  }

  /** First phase: holds `amountMinor` of a member account (available balance goes down, balance does not). */
  reserve(input: ReserveInput): Promise<Hold> {
    return this.#transact((ledger) => ledger.reserve(input));
  }

  /** Second phase: moves the held money to `counterAccountId` in one journal entry. */
  postHold(input: PostHoldInput): Promise<{ hold: Hold; entry: PostedEntry }> {
    return this.#transact((ledger) => ledger.postHold(input));
  }

  /** Releases a reserved hold. Voiding a voided hold answers it again; a posted hold cannot be voided. */
  voidHold(input: { brandId: bigint; holdId: bigint }): Promise<Hold> {
    return this.#transact((ledger) => ledger.voidHold(input));
  }

  /** The member's main wallet, created (empty) on first use. */
  async balanceOf(memberId: bigint): Promise<Balance> {
    return balanceOfAccount(await this.memberMainAccount(memberId));
  }

  async memberMainAccount(memberId: bigint): Promise<LedgerAccountRow> {
    // Almost every member has the account already: a plain read then, not a transaction around an insert
    // (a balance read is the hottest call of the site).
    const existing = await new LedgerRepository(this.#db).findMemberMainAccount(memberId);
    if (existing) return existing;
    return this.#transact((ledger) => ledger.memberMainAccount(memberId));
  }

  /** Slot 0 of a system account's pool: one concrete row, for tests and tools (see `Ledger.systemAccount`). */
  systemAccount(brandId: bigint, kind: SystemAccountKind): Promise<LedgerAccountRow> {
    return this.#transact((ledger) => ledger.systemAccount(brandId, kind));
  }

  /** The balance of the brand's system account of `kind`: the sum of its pool's slots. */
  systemBalance(brandId: bigint, kind: SystemAccountKind): Promise<bigint> {
    return new LedgerRepository(this.#db).systemBalance(brandId, kind);
  }
}
