import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPreparedTestDatabase,
  type TestDatabase,
  testBackends,
} from '../../test/helpers/test-database.ts';
import { IdempotencyRepository } from '../lib/idempotency.repository.ts';
import { LedgerRepository } from '../modules/ledger/ledger.repository.ts';
import { afterCommit, type Db, type Tx, transact, UnitOfWork } from './unit-of-work.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every non-test TypeScript file under apps/server/src, relative to it. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [path.relative(SRC, full).split(path.sep).join('/')];
  });
}

/** Files whose code (comments aside) matches `pattern`. */
function filesMatching(pattern: RegExp, allowed: (file: string) => boolean): string[] {
  return sourceFiles().filter((file) => {
    if (allowed(file)) return false;
    const code = readFileSync(path.join(SRC, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    return pattern.test(code);
  });
}

describe('the transaction rule (docs/architecture.md)', () => {
  it('opens transactions only in db/unit-of-work.ts (and the migrations and seed under db/)', () => {
    const allowed = (file: string) =>
      file === 'db/unit-of-work.ts' || file.startsWith('db/migrat') || file.startsWith('db/seed/');
    expect(filesMatching(/\.transaction\(\)/, allowed)).toEqual([]);
  });

  it('keeps SQL in repositories and db/ (test fixtures aside)', () => {
    const allowed = (file: string) =>
      file.startsWith('db/') || file.endsWith('.repository.ts') || file.endsWith('.fixture.ts');
    expect(filesMatching(/\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/, allowed)).toEqual([]);
  });

  it('refuses, at compile time, a write on a repository bound to the database', () => {
    // Never called: `tsc -b` checks this file, and each line below must fail it.
    const mustNotCompile = (db: Db) => {
      // @ts-expect-error insertPostings needs a transaction-bound LedgerRepository
      void new LedgerRepository(db).insertPostings([]);
      // @ts-expect-error claim needs a transaction-bound IdempotencyRepository
      void new IdempotencyRepository(db).claim('scope', 'key', 'hash');
    };
    expect(typeof mustNotCompile).toBe('function');
  });
});

describe.each(testBackends())('transact [%s]', (backend) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createPreparedTestDatabase(backend);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const records = (trx: Tx) => ({
    records: new IdempotencyRepository(trx),
  });

  it('commits what the work wrote when it resolves', async () => {
    const scope = `uow:${crypto.randomUUID()}`;
    await transact(database.db, records, ({ records }) => records.claim(scope, 'k', 'a'.repeat(64)));
    expect(await new IdempotencyRepository(database.db).find(scope, 'k')).toBeDefined();
  });

  it('rolls back everything the work wrote when it throws', async () => {
    const scope = `uow:${crypto.randomUUID()}`;
    const uow = new UnitOfWork(database.db, records);
    await expect(
      uow.run(async ({ records }) => {
        await records.claim(scope, 'k', 'a'.repeat(64));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await new IdempotencyRepository(database.db).find(scope, 'k')).toBeUndefined();
  });

  it('runs after-commit hooks once the work committed, before transact answers, and never after a rollback', async () => {
    const ran: string[] = [];
    const answer = await transact(database.db, async (trx) => {
      afterCommit(trx, () => ran.push('committed'));
      expect(ran).toEqual([]);
      return 'answer';
    });
    expect(answer).toBe('answer');
    expect(ran).toEqual(['committed']);
    await expect(
      transact(database.db, async (trx) => {
        afterCommit(trx, () => ran.push('rolled back'));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(ran).toEqual(['committed']);
  });
});
