import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/**
 * Idempotent money requests (ARCHITECTURE §4; docs/wallet-contract.md "Idempotency"). Every money call
 * carries an `Idempotency-Key` header made by the caller. The first request with a key runs its work and
 * stores its answer in `idempotency_records` in the same transaction; a repeat with the same input replays
 * that answer without running anything, a repeat with other input is refused (`idempotency_key_reused`).
 *
 * Concurrent repeats: the record is inserted before the work runs, so on PostgreSQL a second transaction
 * with the same (scope, key) waits on the unique key until the first commits, then finds its answer (or,
 * if the first rolled back, runs the work itself). A request whose work fails leaves no record, so the
 * caller may retry the same key.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,128}$/;

/** The request's `Idempotency-Key`, or `idempotency_key_required` (400). */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !KEY.test(key)) throw new AppError('idempotency_key_required');
  return key;
}

/** SHA-256 of canonical JSON (object keys sorted, bigints as decimal strings). */
export function requestHashOf(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'bigint') return inner.toString();
    if (inner instanceof Uint8Array) return createHash('sha256').update(inner).digest('hex');
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(
        Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    return inner;
  });
}

export type IdempotentInput = {
  /** Who and which call, e.g. `member:12:deposit.create`; keys of different scopes never meet. */
  scope: string;
  key: string;
  /** The validated input the answer depends on (body, path parameters); hashed, not stored. */
  request: unknown;
};

/**
 * Runs `work` once per (scope, key) in one transaction with the record of its answer. `work` must return
 * the JSON-safe value the route answers (money as strings): a replay returns that stored JSON.
 */
export async function runIdempotent<T>(
  db: Kysely<Database>,
  input: IdempotentInput,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  if (!KEY.test(input.key)) throw new AppError('idempotency_key_required');
  const hash = requestHashOf(input.request);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('idempotency_records')
      .values({ scope: input.scope, key: input.key, request_hash: hash })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .returning('scope')
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx
        .selectFrom('idempotency_records')
        .select(['request_hash', 'response', 'status_code'])
        .where('scope', '=', input.scope)
        .where('key', '=', input.key)
        .executeTakeFirst();
      if (!existing) throw new AppError('conflict', { message: 'idempotency record vanished' });
      if (existing.request_hash !== hash) throw new AppError('idempotency_key_reused');
      if (existing.status_code === null) throw new AppError('conflict', { message: 'request still running' });
      return { value: existing.response as T, replayed: true };
    }
    const value = await work(trx);
    await trx
      .updateTable('idempotency_records')
      .set({ status_code: 200, response: canonicalJson(value ?? null) })
      .where('scope', '=', input.scope)
      .where('key', '=', input.key)
      .execute();
    return { value, replayed: false };
  });
}
