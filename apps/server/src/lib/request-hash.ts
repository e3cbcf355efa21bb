import { createHash } from 'node:crypto';

/**
 * The one request hasher: SHA-256 (hex) of a canonical JSON of a request, stored beside an idempotency key
 * so that a repeat of the key with other input is recognised (ARCHITECTURE §4). Bigints are written as
 * decimal strings, byte arrays as their own SHA-256, so the hash never depends on how a value is typed.
 *
 * `keys`: `sorted` (the default) makes `{a, b}` and `{b, a}` one request — the HTTP idempotency records
 * need that, since their input is a parsed body. `as-written` keeps the order the code wrote the object
 * in: the ledger's entries and holds and the vendor protocol's transactions have always been hashed that
 * way, and their stored hashes must keep matching, or a retry made across an upgrade would be refused as
 * a reused key.
 */
export function requestHashOf(request: unknown, keys: 'sorted' | 'as-written' = 'sorted'): string {
  return sha256Hex(canonicalJson(request, keys));
}

/** SHA-256 (hex) of a text or of bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The JSON `requestHashOf` hashes; also what lib/idempotency.ts stores as a replayable answer. */
export function canonicalJson(value: unknown, keys: 'sorted' | 'as-written' = 'sorted'): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'bigint') return inner.toString();
    if (inner instanceof Uint8Array) return sha256Hex(inner);
    if (keys === 'sorted' && inner && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(
        Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    return inner;
  });
}
