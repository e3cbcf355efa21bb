import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signing of the seamless-wallet protocol (docs/vendor-protocol.md "Signing"). Both sides sign the exact
 * bytes of the request body with the vendor's `wallet_secret`, so nothing in between (a proxy, a JSON
 * re-serialiser) can change a request without the platform noticing.
 */

export const VENDOR_CODE_HEADER = 'x-vendor-code';
export const SIGNATURE_HEADER = 'x-signature';
/** A request's `timestamp` may differ from the platform's clock by at most this much, either way. */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;

const SIGNATURE_FORMAT = /^sha256=([0-9a-f]{64})$/;

/** The `X-Signature` value for `body`: `sha256=<hex HMAC-SHA256(secret, body)>`. */
export function signBody(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** True when `header` is the signature of `body` under `secret`, compared in constant time. */
export function verifySignature(secret: string, body: Uint8Array, header: string | undefined): boolean {
  const match = header === undefined ? null : SIGNATURE_FORMAT.exec(header.trim().toLowerCase());
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** True when a request stamped `timestamp` (ms since the epoch) is fresh at `now`. */
export function isFresh(timestamp: number, now: Date): boolean {
  return Math.abs(now.getTime() - timestamp) <= TIMESTAMP_TOLERANCE_MS;
}
