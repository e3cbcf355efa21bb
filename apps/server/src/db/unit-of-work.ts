import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The one way to pass a transaction (docs/architecture.md "Transactions"). A repository receives its
 * executor in its constructor and nowhere else: the database for reads, or a transaction for reads and
 * writes. Write methods declare `this: XRepository<Tx>`, so calling one on a database-bound repository
 * fails the type check instead of running outside the caller's transaction (on PGlite, whose single
 * connection the open transaction holds, that would hang forever).
 *
 * `transact` is the only place in the server that opens a transaction (a test greps the tree for it).
 */

/** The database handle: reads outside a transaction. */
export type Db = Kysely<Database>;
/** An open transaction: Kysely's `Transaction` is nominal (`#private`), so a `Db` is never a `Tx`. */
export type Tx = Transaction<Database>;
/** What a repository runs on. */
export type Executor = Db | Tx;

/** Base of every repository: the executor it was built on, fixed for its life. */
export abstract class Repository<E extends Executor = Executor> {
  protected readonly db: E;

  constructor(db: E) {
    this.db = db;
  }
}

/**
 * Runs `work` in one transaction: commits when it resolves, rolls back when it throws. With a factory,
 * `work` receives the transaction-bound repositories the factory builds (each module keeps its own
 * factory, e.g. `(trx) => ({ ledger: new LedgerRepository(trx), withdrawals: new WithdrawalsRepository(trx) })`).
 */
export function transact<T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T>;
export function transact<R, T>(
  db: Db,
  repositories: (trx: Tx) => R,
  work: (repos: R) => Promise<T>,
): Promise<T>;
export async function transact<R, T>(
  db: Db,
  first: ((trx: Tx) => Promise<T>) | ((trx: Tx) => R),
  work?: (repos: R) => Promise<T>,
): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => {
    committedHooks.set(trx, hooks);
    if (work === undefined) return (first as (trx: Tx) => Promise<T>)(trx);
    return work((first as (trx: Tx) => R)(trx));
  });
  for (const hook of hooks) hook();
  return result;
}

/** The after-commit hooks of each open transaction (transact fills and runs them). */
const committedHooks = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs `hook` right after `trx` commits — before `transact` answers, so before the caller replies — and
 * never if it rolls back. For the process's own caches (lib/process-cache.ts): a change this process
 * committed is dropped here at once, while other processes hear of it through the database's NOTIFY. The
 * hook must be synchronous and must not throw (the transaction is already committed).
 */
export function afterCommit(trx: Tx, hook: () => void): void {
  if (!afterCommitIfTracked(trx, hook)) throw new Error('afterCommit needs a transaction opened by transact');
}

/**
 * `afterCommit` for code that may also run in a transaction `transact` did not open (the seed, a test's own
 * `db.transaction()`): answers false and runs nothing there. For hooks that only speed up what the
 * database's NOTIFY does anyway (the ledger's moved accounts).
 */
export function afterCommitIfTracked(trx: Tx, hook: () => void): boolean {
  const hooks = committedHooks.get(trx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

/**
 * Runs read-only `work` on one snapshot (a REPEATABLE READ, READ ONLY transaction): for several reads that
 * must agree with each other while writers go on — the audit verifier reads the chain head, walks the rows
 * and walks the seals, and a seal committing between two of those reads must not look like tampering.
 */
export function readSnapshot<T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
}

/**
 * A module's unit of work: the database plus the factory of the repositories its transactions use.
 * `run(work)` is `transact(db, factory, work)`; `extend` adds repositories a shared helper needs on the
 * same transaction (lib/idempotency.ts adds its record's repository this way).
 */
export class UnitOfWork<R> {
  readonly db: Db;
  readonly #build: (trx: Tx) => R;

  constructor(db: Db, repositories: (trx: Tx) => R) {
    this.db = db;
    this.#build = repositories;
  }

  run<T>(work: (repos: R) => Promise<T>): Promise<T> {
    return transact(this.db, this.#build, work);
  }

  extend<S>(more: (trx: Tx) => S): UnitOfWork<R & S> {
    return new UnitOfWork(this.db, (trx) => ({ ...this.#build(trx), ...more(trx) }));
  }
}
