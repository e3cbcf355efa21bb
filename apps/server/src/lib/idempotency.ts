import type { FastifyRequest } from 'fastify';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from './app-error.ts';
import { IdempotencyRepository } from './idempotency.repository.ts';
import { canonicalJson, requestHashOf } from './request-hash.ts';

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

export type IdempotentInput = {
  /** Who and which call, e.g. `member:12:deposit.create`; keys of different scopes never meet. */
  scope: string;
  key: string;
  /** The validated input the answer depends on (body, path parameters); hashed, not stored. */
  request: unknown;
};

/**
 * Runs `work` once per (scope, key) in one transaction of the caller's unit of work, together with the
 * record of its answer. `work` must return the JSON-safe value the route answers (money as strings): a
 * replay returns that stored JSON.
 */
export async function runIdempotent<R, T>(
  uow: UnitOfWork<R>,
  input: IdempotentInput,
  work: (repos: R) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  if (!KEY.test(input.key)) throw new AppError('idempotency_key_required');
  const hash = requestHashOf(input.request);
  return uow
    .extend((trx) => ({ idempotencyRecords: new IdempotencyRepository(trx) }))
    .run(async (repos) => {
      const records = repos.idempotencyRecords;
      if (!(await records.claim(input.scope, input.key, hash))) {
        const existing = await records.find(input.scope, input.key);
        if (!existing) throw new AppError('conflict', { message: 'idempotency record vanished' });
        if (existing.request_hash !== hash) throw new AppError('idempotency_key_reused');
        if (existing.status_code === null)
          throw new AppError('conflict', { message: 'request still running' });
        return { value: existing.response as T, replayed: true };
      }
      const value = await work(repos);
      await records.complete(input.scope, input.key, canonicalJson(value ?? null));
      return { value, replayed: false };
    });
}
