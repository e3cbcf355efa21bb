import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  HoldRow,
  JournalEntryRow,
  LedgerAccountRow,
  SystemAccountKind,
} from '../../db/tables/ledger.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation, LedgerRepository } from './ledger.repository.ts';

/**
 * The double-entry ledger (ARCHITECTURE §4; docs/database.md "Ledger"). Every money movement is one
 * journal entry whose postings sum to zero, written in one transaction together with the cached balances
 * of its accounts. Every command carries the caller's idempotency key: the same key with the same input
 * replays the first result, the same key with other input is refused (`idempotency_key_reused`). A
 * command that fails (e.g. `insufficient_funds`) leaves nothing behind, so retrying its key tries again.
 *
 * Every method takes an optional transaction: callers that move money as part of a larger change (a
 * deposit approval, the seed) pass theirs so everything commits or rolls back together. Such a caller must
 * roll back when a method throws, since rows written before the refusal are still in its transaction.
 */

/** Kinds of journal entry; the database only checks the shape, so later slices add kinds here. */
export type EntryKind =
  | 'opening_balance'
  | 'adjustment'
  | 'transfer'
  | 'reversal'
  | 'hold_settlement'
  | 'deposit'
  | 'withdrawal'
  | 'bet'
  | 'payout'
  | 'bonus'
  | 'commission'
  | 'vendor_transfer'
  | 'agent_transfer'
  /** A claimed reward of the reward centre: brand `bonus` → member main (modules/promotions). */
  | 'reward';

export type PostingInput = { accountId: bigint; amountMinor: bigint };

export type PostInput = {
  brandId: bigint;
  idempotencyKey: string;
  kind: EntryKind;
  memo?: string | null;
  postings: PostingInput[];
  /** 'system', 'seed', 'member:<id>', 'operator:<id>'. */
  createdBy?: string;
};

export type PostedEntry = {
  entryId: bigint;
  brandId: bigint;
  kind: string;
  memo: string | null;
  reversesEntryId: bigint | null;
  createdAt: Date;
  createdBy: string;
  postings: { accountId: bigint; amountMinor: bigint; balanceAfterMinor: bigint }[];
  /** True when this answer is the replay of an earlier request with the same key. */
  replayed: boolean;
};

export type ReverseInput = {
  brandId: bigint;
  entryId: bigint;
  idempotencyKey: string;
  memo?: string | null;
  createdBy?: string;
};

export type ReserveInput = {
  brandId: bigint;
  accountId: bigint;
  amountMinor: bigint;
  idempotencyKey: string;
  memo?: string | null;
};

export type PostHoldInput = {
  brandId: bigint;
  holdId: bigint;
  /** Where the held money goes (e.g. withdrawals clearing, or the house for a lost bet). */
  counterAccountId: bigint;
  idempotencyKey: string;
  kind?: EntryKind;
  memo?: string | null;
  createdBy?: string;
};

export type Hold = {
  holdId: bigint;
  brandId: bigint;
  accountId: bigint;
  amountMinor: bigint;
  status: 'reserved' | 'posted' | 'voided';
  postedEntryId: bigint | null;
  replayed: boolean;
};

export type Balance = {
  accountId: bigint;
  currency: string;
  balanceMinor: bigint;
  heldMinor: bigint;
  availableMinor: bigint;
};

/** Largest amount one posting may move (10^15 minor units), far from int8 overflow of any balance. */
export const MAX_AMOUNT_MINOR = 10n ** 15n;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;
const MEMO_MAX = 500;

function invalid(message: string): AppError {
  return new AppError('invalid_request', { message });
}

function checkKey(key: string): void {
  if (!IDEMPOTENCY_KEY.test(key)) throw invalid('idempotency key: 1..128 printable ASCII characters');
}

function checkMemo(memo: string | null | undefined): string | null {
  if (memo === undefined || memo === null) return null;
  if (memo.length > MEMO_MAX) throw invalid(`memo longer than ${MEMO_MAX}`);
  return memo;
}

function checkAmount(amount: bigint, allowNegative: boolean): void {
  if (amount === 0n) throw invalid('amount must not be zero');
  if (!allowNegative && amount < 0n) throw invalid('amount must be positive');
  if (amount > MAX_AMOUNT_MINOR || amount < -MAX_AMOUNT_MINOR) throw invalid('amount too large');
}

/** SHA-256 of a canonical JSON of the request (bigints as decimal strings), to recognise a reused key. */
function requestHash(request: Record<string, unknown>): string {
  const canonical = JSON.stringify(request, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

function holdOf(row: HoldRow, replayed: boolean): Hold {
  return {
    holdId: row.id,
    brandId: row.brand_id,
    accountId: row.account_id,
    amountMinor: row.amount_minor,
    status: row.status,
    postedEntryId: row.posted_entry_id,
    replayed,
  };
}

type EntryToWrite = {
  brandId: bigint;
  idempotencyKey: string;
  requestHash: string;
  kind: string;
  memo: string | null;
  reversesEntryId: bigint | null;
  createdBy: string;
  postings: PostingInput[];
  /** Held amount released from an account together with its posting (settling a hold). */
  releaseHeld?: { accountId: bigint; amountMinor: bigint };
  /** Runs after the entry row exists and before balances move (e.g. marking the hold posted). */
  beforePostings?: (repository: LedgerRepository, entry: JournalEntryRow) => Promise<void>;
};

export class LedgerService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Runs `work` in the caller's transaction, or in a new one. */
  #inTransaction<T>(
    trx: Kysely<Database> | undefined,
    work: (repository: LedgerRepository) => Promise<T>,
  ): Promise<T> {
    if (trx) return work(new LedgerRepository(trx));
    return this.#db.transaction().execute((own) => work(new LedgerRepository(own)));
  }

  /** Posts one balanced journal entry. */
  async post(input: PostInput, trx?: Kysely<Database>): Promise<PostedEntry> {
    checkKey(input.idempotencyKey);
    const memo = checkMemo(input.memo);
    if (input.postings.length < 2) throw invalid('an entry needs at least two postings');
    let sum = 0n;
    const seen = new Set<bigint>();
    for (const posting of input.postings) {
      checkAmount(posting.amountMinor, true);
      if (seen.has(posting.accountId)) throw invalid('one posting per account and entry');
      seen.add(posting.accountId);
      sum += posting.amountMinor;
    }
    if (sum !== 0n) throw invalid('postings must sum to zero');
    const hash = requestHash({
      op: 'post',
      kind: input.kind,
      memo,
      postings: input.postings.map((posting) => [posting.accountId, posting.amountMinor]),
    });
    return this.#inTransaction(trx, (repository) =>
      this.#writeEntry(repository, {
        brandId: input.brandId,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        kind: input.kind,
        memo,
        reversesEntryId: null,
        createdBy: input.createdBy ?? 'system',
        postings: input.postings,
      }),
    );
  }

  /** Posts the exact opposite of an entry. An entry is reversed at most once; reversals are not reversed. */
  async reverse(input: ReverseInput, trx?: Kysely<Database>): Promise<PostedEntry> {
    checkKey(input.idempotencyKey);
    const memo = checkMemo(input.memo);
    const hash = requestHash({ op: 'reverse', entryId: input.entryId, memo });
    try {
      return await this.#inTransaction(trx, async (repository) => {
        const replay = await this.#replayEntry(repository, input.brandId, input.idempotencyKey, hash);
        if (replay) return replay;
        const original = await repository.findEntry(input.brandId, input.entryId);
        if (!original) throw new AppError('not_found', { message: `journal entry ${input.entryId}` });
        if (original.reverses_entry_id !== null) throw invalid('a reversal cannot be reversed');
        if (await repository.findReversalOf(original.id)) throw new AppError('entry_already_reversed');
        const postings = await repository.postingsOf(original.id);
        return await this.#writeEntry(repository, {
          brandId: input.brandId,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          kind: 'reversal',
          memo,
          reversesEntryId: original.id,
          createdBy: input.createdBy ?? 'system',
          postings: postings.map((posting) => ({
            accountId: posting.account_id,
            amountMinor: -posting.amount_minor,
          })),
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error, 'journal_entries_reverses_entry_id_key')) throw error;
      // A concurrent reversal committed first. Under the same key it is this very request: answer its
      // result (PostgreSQL may report the reversal's unique key before the idempotency key). In a caller's
      // transaction, which the violation has aborted, the caller's retry replays instead.
      if (!trx) {
        const replay = await this.#inTransaction(undefined, (repository) =>
          this.#replayEntry(repository, input.brandId, input.idempotencyKey, hash),
        );
        if (replay) return replay;
      }
      throw new AppError('entry_already_reversed', { cause: error });
    }
  }

  /** First phase: holds `amountMinor` of a member account (available balance goes down, balance does not). */
  async reserve(input: ReserveInput, trx?: Kysely<Database>): Promise<Hold> {
    checkKey(input.idempotencyKey);
    checkAmount(input.amountMinor, false);
    const memo = checkMemo(input.memo);
    const hash = requestHash({ op: 'reserve', accountId: input.accountId, amount: input.amountMinor, memo });
    return this.#inTransaction(trx, async (repository) => {
      const existing = await repository.findHoldByKey(input.brandId, input.idempotencyKey);
      if (existing) return this.#replayHold(existing, hash);
      const account = await repository.findAccount(input.accountId);
      if (!account || account.brand_id !== input.brandId) throw invalid(`unknown account ${input.accountId}`);
      if (account.member_id === null) throw invalid('only member accounts carry holds');
      const hold = await repository.insertHold({
        brandId: input.brandId,
        accountId: input.accountId,
        amountMinor: input.amountMinor,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        memo,
      });
      if (!hold) {
        const winner = await repository.findHoldByKey(input.brandId, input.idempotencyKey);
        if (!winner) throw new Error('hold vanished after a key conflict');
        return this.#replayHold(winner, hash);
      }
      if (!(await repository.holdOnAccount(input.accountId, input.amountMinor))) {
        throw new AppError('insufficient_funds');
      }
      return holdOf(hold, false);
    });
  }

  /** Second phase: moves the held money to `counterAccountId` in one journal entry. */
  async postHold(input: PostHoldInput, trx?: Kysely<Database>): Promise<{ hold: Hold; entry: PostedEntry }> {
    checkKey(input.idempotencyKey);
    const memo = checkMemo(input.memo);
    const kind = input.kind ?? 'hold_settlement';
    const hash = requestHash({
      op: 'post_hold',
      holdId: input.holdId,
      counterAccountId: input.counterAccountId,
      kind,
      memo,
    });
    return this.#inTransaction(trx, async (repository) => {
      const found = await repository.findHold(input.brandId, input.holdId);
      if (!found) throw new AppError('not_found', { message: `hold ${input.holdId}` });
      if (found.account_id === input.counterAccountId)
        throw invalid('a hold cannot be posted to its own account');
      let settled: HoldRow | null = null;
      const entry = await this.#writeEntry(repository, {
        brandId: input.brandId,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        kind,
        memo,
        reversesEntryId: null,
        createdBy: input.createdBy ?? 'system',
        postings: [
          { accountId: found.account_id, amountMinor: -found.amount_minor },
          { accountId: input.counterAccountId, amountMinor: found.amount_minor },
        ],
        releaseHeld: { accountId: found.account_id, amountMinor: found.amount_minor },
        beforePostings: async (inner, written) => {
          settled = await inner.settleHold(input.brandId, input.holdId, 'posted', written.id);
          if (!settled) throw new AppError('hold_not_reserved');
        },
      });
      const hold = settled ?? (await repository.findHold(input.brandId, input.holdId));
      if (!hold) throw new Error('hold vanished');
      if (entry.replayed && hold.posted_entry_id !== entry.entryId) {
        throw new AppError('idempotency_key_reused');
      }
      return { hold: holdOf(hold, entry.replayed), entry };
    });
  }

  /** Releases a reserved hold. Voiding a voided hold answers it again; a posted hold cannot be voided. */
  async voidHold(input: { brandId: bigint; holdId: bigint }, trx?: Kysely<Database>): Promise<Hold> {
    return this.#inTransaction(trx, async (repository) => {
      const settled = await repository.settleHold(input.brandId, input.holdId, 'voided', null);
      if (settled) {
        const released = await repository.applyToAccount(settled.account_id, 0n, settled.amount_minor);
        if (released === null) throw new Error(`hold ${settled.id}: held amount out of step`);
        return holdOf(settled, false);
      }
      const hold = await repository.findHold(input.brandId, input.holdId);
      if (!hold) throw new AppError('not_found', { message: `hold ${input.holdId}` });
      if (hold.status === 'voided') return holdOf(hold, true);
      throw new AppError('hold_not_reserved');
    });
  }

  /** The member's main wallet, created (empty) on first use. */
  async balanceOf(memberId: bigint, trx?: Kysely<Database>): Promise<Balance> {
    const account = await this.memberMainAccount(memberId, trx);
    return {
      accountId: account.id,
      currency: account.currency,
      balanceMinor: account.balance_minor,
      heldMinor: account.held_minor,
      availableMinor: account.balance_minor - account.held_minor,
    };
  }

  async memberMainAccount(memberId: bigint, trx?: Kysely<Database>): Promise<LedgerAccountRow> {
    // Almost every member has the account already: a plain read then, not a transaction around an insert
    // (a balance read is the hottest call of the site).
    if (!trx) {
      const existing = await new LedgerRepository(this.#db).findMemberMainAccount(memberId);
      if (existing) return existing;
    }
    const account = await this.#inTransaction(trx, (repository) =>
      repository.ensureMemberMainAccount(memberId),
    );
    if (!account) throw new AppError('not_found', { message: `member ${memberId}` });
    return account;
  }

  async systemAccount(
    brandId: bigint,
    kind: SystemAccountKind,
    trx?: Kysely<Database>,
  ): Promise<LedgerAccountRow> {
    const account = await this.#inTransaction(trx, (repository) =>
      repository.ensureSystemAccount(brandId, kind),
    );
    if (!account) throw new AppError('not_found', { message: `brand ${brandId}` });
    return account;
  }

  async #replayEntry(
    repository: LedgerRepository,
    brandId: bigint,
    idempotencyKey: string,
    hash: string,
  ): Promise<PostedEntry | null> {
    const existing = await repository.findEntryByKey(brandId, idempotencyKey);
    if (!existing) return null;
    if (existing.request_hash !== hash) throw new AppError('idempotency_key_reused');
    return this.#entryOf(repository, existing, true);
  }

  #replayHold(existing: HoldRow, hash: string): Hold {
    if (existing.request_hash !== hash) throw new AppError('idempotency_key_reused');
    return holdOf(existing, true);
  }

  async #entryOf(
    repository: LedgerRepository,
    entry: JournalEntryRow,
    replayed: boolean,
  ): Promise<PostedEntry> {
    const postings = await repository.postingsOf(entry.id);
    return {
      entryId: entry.id,
      brandId: entry.brand_id,
      kind: entry.kind,
      memo: entry.memo,
      reversesEntryId: entry.reverses_entry_id,
      createdAt: entry.created_at,
      createdBy: entry.created_by,
      postings: postings.map((posting) => ({
        accountId: posting.account_id,
        amountMinor: posting.amount_minor,
        balanceAfterMinor: posting.balance_after_minor,
      })),
      replayed,
    };
  }

  /**
   * Writes a new entry, or replays the one its key already names: the insert's key conflict is the
   * look-up, so a new entry costs no extra query.
   */
  async #writeEntry(repository: LedgerRepository, input: EntryToWrite): Promise<PostedEntry> {
    const accounts = await repository.accountsByIds(input.postings.map((posting) => posting.accountId));
    if (accounts.length !== input.postings.length) throw invalid('unknown account');
    const currency = accounts[0]?.currency;
    for (const account of accounts) {
      if (account.brand_id !== input.brandId) throw invalid(`account ${account.id} belongs to another brand`);
      if (account.currency !== currency) throw invalid('postings of one entry share one currency');
    }

    const entry = await repository.insertEntry({
      brandId: input.brandId,
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      reversesEntryId: input.reversesEntryId,
      memo: input.memo,
      createdBy: input.createdBy,
    });
    if (!entry) {
      // The key is taken: by an earlier request, or by a concurrent one that has just committed.
      const winner = await this.#replayEntry(
        repository,
        input.brandId,
        input.idempotencyKey,
        input.requestHash,
      );
      if (!winner) throw new Error('journal entry vanished after a key conflict');
      return winner;
    }
    await input.beforePostings?.(repository, entry);

    // Rows are updated in one global order — member accounts before system accounts, then ascending id —
    // so two entries touching the same accounts lock them in the same order and cannot deadlock. System
    // accounts come last because one of them (the brand's house account) is in every bet and payout: its
    // row lock is held from its update to the commit, so the later it is taken the less the brand's
    // entries queue behind each other (docs/benchmarks.md "Ledger in process").
    const isSystem = new Set(accounts.filter((account) => account.member_id === null).map((a) => a.id));
    const ordered = [...input.postings].sort((a, b) => {
      const systemOrder = Number(isSystem.has(a.accountId)) - Number(isSystem.has(b.accountId));
      if (systemOrder !== 0) return systemOrder;
      return a.accountId < b.accountId ? -1 : 1;
    });
    const balanceAfter = new Map<bigint, bigint>();
    for (const posting of ordered) {
      const release = input.releaseHeld?.accountId === posting.accountId ? input.releaseHeld.amountMinor : 0n;
      const after = await repository.applyToAccount(posting.accountId, posting.amountMinor, release);
      if (after === null) throw new AppError('insufficient_funds');
      balanceAfter.set(posting.accountId, after);
    }
    const written = await repository.insertPostings(
      input.postings.map((posting) => ({
        entryId: entry.id,
        accountId: posting.accountId,
        amountMinor: posting.amountMinor,
        balanceAfterMinor: balanceAfter.get(posting.accountId) ?? 0n,
      })),
    );
    return {
      entryId: entry.id,
      brandId: entry.brand_id,
      kind: entry.kind,
      memo: entry.memo,
      reversesEntryId: entry.reverses_entry_id,
      createdAt: entry.created_at,
      createdBy: entry.created_by,
      postings: written.map((posting) => ({
        accountId: posting.account_id,
        amountMinor: posting.amount_minor,
        balanceAfterMinor: posting.balance_after_minor,
      })),
      replayed: false,
    };
  }
}
