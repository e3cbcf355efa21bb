import { isUniqueViolation } from '../../db/errors.ts';
import type {
  HoldRow,
  JournalEntryRow,
  LedgerAccountRow,
  SystemAccountKind,
} from '../../db/tables/ledger.ts';
import { afterCommitIfTracked, type Tx } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestHashOf } from '../../lib/request-hash.ts';
import { LedgerRepository, type PostingTarget } from './ledger.repository.ts';

export type { PostingTarget } from './ledger.repository.ts';

/**
 * The double-entry ledger (ARCHITECTURE §4; docs/database.md "Ledger"). Every money movement is one
 * journal entry whose postings sum to zero, written in one transaction together with the cached balances
 * of its accounts. Every command carries the caller's idempotency key: the same key with the same input
 * replays the first result, the same key with other input is refused (`idempotency_key_reused`). A
 * command that fails (e.g. `insufficient_funds`) leaves nothing behind, so retrying its key tries again.
 *
 * `Ledger` runs in the caller's transaction (its unit of work builds it with `ledgerIn(trx)`): a deposit
 * approval, a withdrawal or the seed moves money together with its own rows, all committed or rolled back
 * together. Such a caller must roll back when a method throws, since rows written before the refusal are
 * still in its transaction. `LedgerService` (ledger.service.ts) runs each command in a transaction of its own.
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
  | 'reward'
  /**
   * A settlement of an agent contract (modules/agent-contracts): upline (or the brand's `commission`) →
   * downline agent's main wallet; a re-run's adjusting entry keeps the kind (its sign says which way).
   */
  | 'agent_dividend'
  | 'agent_daily_salary'
  | 'agent_hourly_salary'
  | 'agent_realtime_salary'
  /*
   * Promotions and loyalty (issue 19; migration 0026). Money: `promotion_bonus` brand `bonus` → member main
   * (an issued bonus), `bonus_forfeit` member main → `bonus` (the player gives an open bonus up),
   * `rebate` and `referral` `bonus` → member main, `vip_reward` (upgrade bonus, monthly reward) `bonus` →
   * member main, `campaign_funding` `bonus` → a campaign's budget, `raffle_prize` campaign → member main,
   * `jackpot_contribution` `house` → a jackpot's pot, `jackpot_win` pot → member main. Points (`PTS`):
   * `points_earn` `points_pool` → member points, `points_redeem` member points → `points_pool` (a mall
   * reward; a rejected redemption is a `reversal`), `points_convert` member points → `points_pool` with its
   * cash leg `points_cash` `bonus` → member main in the same transaction, `mission_reward` either currency.
   */
  | 'promotion_bonus'
  | 'bonus_forfeit'
  | 'rebate'
  | 'referral'
  | 'vip_reward'
  | 'campaign_funding'
  | 'raffle_prize'
  | 'jackpot_contribution'
  | 'jackpot_win'
  | 'points_earn'
  | 'points_redeem'
  | 'points_convert'
  | 'points_cash'
  | 'mission_reward';

/**
 * One posting: an account by id, or `{ system: kind }` for the brand's system account of that kind, which
 * lands in the pool slot of the entry (migration 0017: the slot of its smallest member account id), so
 * the entries of different players do not queue on one house row.
 */
export type PostingInput = PostingTarget & { amountMinor: bigint };

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
  /** Where the held money goes (e.g. `{ system: 'withdrawals_clearing' }`, or the house for a lost bet). */
  counter: PostingTarget;
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

/**
 * How a posting's target enters a request hash: the account id as before pools, or `system:<kind>`, so the
 * slot an entry lands in never changes its hash.
 */
function targetKey(target: PostingTarget): bigint | string {
  return 'accountId' in target ? target.accountId : `system:${target.system}`;
}

/** The unique key that allows one reversal per entry. */
export const REVERSAL_KEY = 'journal_entries_reverses_entry_id_key';

/** Largest amount one posting may move (10^15 minor units), far from int8 overflow of any balance. */
export const MAX_AMOUNT_MINOR = 10n ** 15n;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;
const MEMO_MAX = 500;

export function invalid(message: string): AppError {
  return new AppError('invalid_request', { message });
}

export function checkKey(key: string): void {
  if (!IDEMPOTENCY_KEY.test(key)) throw invalid('idempotency key: 1..128 printable ASCII characters');
}

export function checkMemo(memo: string | null | undefined): string | null {
  if (memo === undefined || memo === null) return null;
  if (memo.length > MEMO_MAX) throw invalid(`memo longer than ${MEMO_MAX}`);
  return memo;
}

function checkAmount(amount: bigint, allowNegative: boolean): void {
  if (amount === 0n) throw invalid('amount must not be zero');
  if (!allowNegative && amount < 0n) throw invalid('amount must be positive');
  if (amount > MAX_AMOUNT_MINOR || amount < -MAX_AMOUNT_MINOR) throw invalid('amount too large');
}

/**
 * The hash stored with an entry or hold, to recognise a reused key. Keys in written order: the stored
 * hashes were made that way (lib/request-hash.ts).
 */
export function requestHash(request: Record<string, unknown>): string {
  return requestHashOf(request, 'as-written');
}

function reversalHash(input: ReverseInput): string {
  return requestHash({ op: 'reverse', entryId: input.entryId, memo: checkMemo(input.memo) });
}

/** What an account holds: booked, held, and available (booked less held). */
export function balanceOfAccount(account: LedgerAccountRow): Balance {
  return {
    accountId: account.id,
    currency: account.currency,
    balanceMinor: account.balance_minor,
    heldMinor: account.held_minor,
    availableMinor: account.balance_minor - account.held_minor,
  };
}

/** An entry as its callers see it, from its row and its posting rows. */
function postedEntryOf(
  entry: JournalEntryRow,
  postings: readonly { account_id: bigint; amount_minor: bigint; balance_after_minor: bigint }[],
  replayed: boolean,
): PostedEntry {
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

/**
 * Checks an entry to post (key, memo, at least two postings, one per account, amounts, sum zero) and
 * computes the hash its key is stored with: what `Ledger.post` writes, and what a caller that posts from
 * inside its own database function passes to `ledger_post_entry` (the vendor protocol's
 * `vendor_call_apply`, migration 0021), so both are checked and hashed alike.
 */
export function preparePost(input: PostInput): PreparedEntry {
  checkKey(input.idempotencyKey);
  const memo = checkMemo(input.memo);
  if (input.postings.length < 2) throw invalid('an entry needs at least two postings');
  let sum = 0n;
  const seen = new Set<bigint | string>();
  for (const posting of input.postings) {
    checkAmount(posting.amountMinor, true);
    const target = targetKey(posting);
    if (seen.has(target)) throw invalid('one posting per account and entry');
    seen.add(target);
    sum += posting.amountMinor;
  }
  if (sum !== 0n) throw invalid('postings must sum to zero');
  const hash = requestHash({
    op: 'post',
    kind: input.kind,
    memo,
    postings: input.postings.map((posting) => [targetKey(posting), posting.amountMinor]),
  });
  return {
    brandId: input.brandId,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    kind: input.kind,
    memo,
    reversesEntryId: null,
    createdBy: input.createdBy ?? 'system',
    postings: input.postings,
  };
}

/** A checked entry with its hash, ready for `ledger_post_entry` (preparePost). */
export type PreparedEntry = {
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
  /** The reserved hold this entry posts: marked posted with it, or the entry is refused. */
  settleHoldId?: bigint;
};

/** The ledger's commands inside one transaction (the caller's unit of work). */
export class Ledger {
  readonly #repository: LedgerRepository<Tx>;
  readonly #trx: Tx;

  constructor(repository: LedgerRepository<Tx>, trx: Tx) {
    this.#repository = repository;
    this.#trx = trx;
  }

  /**
   * Tells this process's listeners (onAccountsMoved), once the transaction commits, that these accounts
   * moved: for an entry written outside `post` (the vendor protocol's `vendor_call_apply`).
   */
  announceMoved(accountIds: readonly bigint[]): void {
    announceMoved(this.#trx, accountIds);
  }

  /** Runs `work` on this transaction's repository. */
  #run<T>(work: (repository: LedgerRepository<Tx>) => Promise<T>): Promise<T> {
    return work(this.#repository);
  }

  /** Posts one balanced journal entry. */
  async post(input: PostInput): Promise<PostedEntry> {
    const entry = preparePost(input);
    return this.#run((repository) => this.#writeEntry(repository, entry));
  }

  /** Posts the exact opposite of an entry. An entry is reversed at most once; reversals are not reversed. */
  async reverse(input: ReverseInput): Promise<PostedEntry> {
    checkKey(input.idempotencyKey);
    const memo = checkMemo(input.memo);
    const hash = reversalHash(input);
    try {
      return await this.#run(async (repository) => {
        const replay = await this.#replayEntry(repository, input.brandId, input.idempotencyKey, hash);
        if (replay) return replay;
        const original = await repository.findEntry(input.brandId, input.entryId);
        if (!original) throw new AppError('not_found', { message: `journal entry ${input.entryId}` });
        if (original.reverses_entry_id !== null) throw invalid('a reversal cannot be reversed');
        if (await repository.findReversalOf(original.id)) {
          // A reversal committed between the replay check above and this read: under this key it is this
          // very request, sent twice at once (a later statement sees the commit the earlier one missed).
          const late = await this.#replayEntry(repository, input.brandId, input.idempotencyKey, hash);
          if (late) return late;
          throw new AppError('entry_already_reversed');
        }
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
      if (!isUniqueViolation(error, REVERSAL_KEY)) throw error;
      // A concurrent reversal committed first. This transaction, which the violation has aborted, cannot
      // look further: the caller's retry replays (LedgerService.reverse does so in a transaction of its own).
      throw new AppError('entry_already_reversed', { cause: error });
    }
  }

  /** The earlier answer to this very reversal request (same key, same input), if one committed. */
  reversalReplay(input: ReverseInput): Promise<PostedEntry | null> {
    const hash = reversalHash(input);
    return this.#replayEntry(this.#repository, input.brandId, input.idempotencyKey, hash);
  }

  /** First phase: holds `amountMinor` of a member account (available balance goes down, balance does not). */
  async reserve(input: ReserveInput): Promise<Hold> {
    checkKey(input.idempotencyKey);
    checkAmount(input.amountMinor, false);
    const memo = checkMemo(input.memo);
    const hash = requestHash({ op: 'reserve', accountId: input.accountId, amount: input.amountMinor, memo });
    return this.#run(async (repository) => {
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
  async postHold(input: PostHoldInput): Promise<{ hold: Hold; entry: PostedEntry }> {
    checkKey(input.idempotencyKey);
    const memo = checkMemo(input.memo);
    const kind = input.kind ?? 'hold_settlement';
    const hash = requestHash({
      op: 'post_hold',
      holdId: input.holdId,
      counterAccountId: targetKey(input.counter),
      kind,
      memo,
    });
    return this.#run(async (repository) => {
      const found = await repository.findHold(input.brandId, input.holdId);
      if (!found) throw new AppError('not_found', { message: `hold ${input.holdId}` });
      if ('accountId' in input.counter && found.account_id === input.counter.accountId)
        throw invalid('a hold cannot be posted to its own account');
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
          { ...input.counter, amountMinor: found.amount_minor },
        ],
        releaseHeld: { accountId: found.account_id, amountMinor: found.amount_minor },
        settleHoldId: input.holdId,
      });
      const hold: HoldRow | undefined = entry.replayed
        ? await repository.findHold(input.brandId, input.holdId)
        : { ...found, status: 'posted', posted_entry_id: entry.entryId };
      if (!hold) throw new Error('hold vanished');
      if (entry.replayed && hold.posted_entry_id !== entry.entryId) {
        throw new AppError('idempotency_key_reused');
      }
      return { hold: holdOf(hold, entry.replayed), entry };
    });
  }

  /** Releases a reserved hold. Voiding a voided hold answers it again; a posted hold cannot be voided. */
  async voidHold(input: { brandId: bigint; holdId: bigint }): Promise<Hold> {
    return this.#run(async (repository) => {
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
  async balanceOf(memberId: bigint): Promise<Balance> {
    return balanceOfAccount(await this.memberMainAccount(memberId));
  }

  async memberMainAccount(memberId: bigint): Promise<LedgerAccountRow> {
    const account = await this.#run((repository) => repository.ensureMemberMainAccount(memberId));
    if (!account) throw new AppError('not_found', { message: `member ${memberId}` });
    return account;
  }

  /**
   * Slot 0 of the brand's system account of `kind`: one concrete row, for tests and tools that need an
   * account id. Money moves name `{ system: kind }`; the account's balance is `systemBalance`.
   */
  async systemAccount(brandId: bigint, kind: SystemAccountKind): Promise<LedgerAccountRow> {
    const account = await this.#run((repository) => repository.ensureSystemAccount(brandId, kind));
    if (!account) throw new AppError('not_found', { message: `brand ${brandId}` });
    return account;
  }

  /** The balance of the brand's system account of `kind`: the sum of its pool's slots. */
  systemBalance(brandId: bigint, kind: SystemAccountKind): Promise<bigint> {
    return this.#repository.systemBalance(brandId, kind);
  }

  async #replayEntry(
    repository: LedgerRepository<Tx>,
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
    repository: LedgerRepository<Tx>,
    entry: JournalEntryRow,
    replayed: boolean,
  ): Promise<PostedEntry> {
    return postedEntryOf(entry, await repository.postingsOf(entry.id), replayed);
  }

  /**
   * Writes a new entry in one statement (`LedgerRepository.postEntry`), or replays the one its key already
   * names: the insert's key conflict is the look-up, so a new entry costs no extra query. Balances move in
   * one global order — member accounts before system accounts, then ascending id — so two entries touching
   * the same accounts lock them in the same order and cannot deadlock; system accounts come last because
   * the brand's house account is in every bet and payout, and the later its row lock is taken the less the
   * brand's entries queue behind each other (docs/benchmarks.md "Ledger in process").
   */
  async #writeEntry(repository: LedgerRepository<Tx>, input: PreparedEntry): Promise<PostedEntry> {
    const result = await repository.postEntry({
      brandId: input.brandId,
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      reversesEntryId: input.reversesEntryId,
      memo: input.memo,
      createdBy: input.createdBy,
      postings: input.postings,
      releaseHeld: input.releaseHeld ?? null,
      settleHoldId: input.settleHoldId ?? null,
    });
    switch (result.outcome) {
      case 'posted':
        announceMoved(
          this.#trx,
          result.postings.map((posting) => posting.account_id),
        );
        return postedEntryOf(
          {
            id: result.entryId,
            brand_id: input.brandId,
            kind: input.kind,
            idempotency_key: input.idempotencyKey,
            request_hash: input.requestHash,
            reverses_entry_id: input.reversesEntryId,
            memo: input.memo,
            created_at: result.createdAt,
            created_by: input.createdBy,
          },
          result.postings,
          false,
        );
      case 'replay': {
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
      case 'unknown_account':
        throw invalid('unknown account');
      case 'other_brand':
        throw invalid('an account belongs to another brand');
      case 'mixed_currency':
        throw invalid('postings of one entry share one currency');
      case 'hold_not_reserved':
        throw new AppError('hold_not_reserved');
      case 'insufficient_funds':
        throw new AppError('insufficient_funds');
    }
  }
}

/** The ledger on a caller's transaction, for its unit-of-work factory. */
export function ledgerIn(trx: Tx): Ledger {
  return new Ledger(new LedgerRepository(trx), trx);
}

/** Hears the accounts whose balances entries of this process moved, right after each commit. */
export type AccountsMovedListener = (accountIds: readonly bigint[]) => void;

/**
 * Who hears of this process's committed entries: the wallet's balance cache (docs/scaling.md "Caches"). A
 * registry here rather than a dependency of `Ledger`, because every module writes entries on its own
 * transaction through `ledgerIn(trx)`: this is the one place that sees them all. Other processes hear of
 * the same entries through `lotus_balance` (ledger_post_entry's NOTIFY), a few milliseconds later.
 */
const movedListeners = new Set<AccountsMovedListener>();

/** Subscribes `listener` (an app, while it runs); the answer unsubscribes. */
export function onAccountsMoved(listener: AccountsMovedListener): () => void {
  movedListeners.add(listener);
  return () => movedListeners.delete(listener);
}

function announceMoved(trx: Tx, accountIds: readonly bigint[]): void {
  if (movedListeners.size === 0 || accountIds.length === 0) return;
  afterCommitIfTracked(trx, () => {
    for (const listener of movedListeners) listener(accountIds);
  });
}
