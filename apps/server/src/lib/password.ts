import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto), in a versioned self-describing format so the cost can be
 * raised later without invalidating stored hashes:
 *
 *   scrypt$v1$N=131072,r=8,p=1$<salt base64url>$<hash base64url>
 *
 * N=2^17, r=8, p=1 is OWASP's scrypt recommendation (equivalent to its Argon2id minimum); it needs 128 MiB
 * of memory per hash, so `maxmem` is raised above Node's 32 MiB default. `needsRehash` tells the login
 * path when a stored hash uses older parameters.
 */

export type ScryptParams = { N: number; r: number; p: number };

export const CURRENT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/**
 * The parameters new hashes get. Only the test setup changes them (apps/server/test/setup/cheap-password-
 * hashing.ts): route tests hash and verify hundreds of passwords, and at 128 MiB / ~0.3 s each the suite would
 * spend minutes in scrypt without testing anything more. Production never calls `setHashingParams`, and
 * password.test.ts checks the production parameters themselves.
 */
let activeParams: ScryptParams = CURRENT_PARAMS;

export function setHashingParams(params: ScryptParams): void {
  activeParams = params;
}
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PREFIX = 'scrypt$v1$';
const FORMAT = /^scrypt\$v1\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{40,})$/;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // scrypt uses 128 * N * r bytes; leave headroom.
    maxmem: 256 * params.N * params.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = activeParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return `${PREFIX}N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(encoded: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = FORMAT.exec(encoded);
  if (!match) return null;
  const [, n, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // Refuse absurd stored parameters rather than let a bad row exhaust memory.
  if (params.N > 2 ** 20 || params.r > 32 || params.p > 16) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** Constant-time comparison of the derived key; false (never a throw) for a malformed stored hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(encoded: string, params: ScryptParams = activeParams): boolean {
  const parsed = parse(encoded);
  return (
    !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p
  );
}
