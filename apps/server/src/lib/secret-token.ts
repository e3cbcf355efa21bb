import { randomBytes } from 'node:crypto';
import { sha256Hex } from './request-hash.ts';

/**
 * Random secrets handed to a client (session, remember-me, launch, captcha and reset tokens) and the hash
 * that is stored instead of them: a leaked table holds no usable token. Shared by every module that issues
 * one, so it lives in lib rather than in any one module.
 */

/** SHA-256 hex of a token: what the database stores and looks tokens up by. */
export function hashToken(token: string): string {
  return sha256Hex(token);
}

/** A fresh 256-bit secret, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
