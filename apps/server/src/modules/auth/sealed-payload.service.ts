import { randomBytes } from 'node:crypto';
import { sealedPayloadSchema } from '@lotus/shared/auth.schema';
import { fromBase64Url, toBase64Url } from '@lotus/shared/customer-service-seal';
import { openSealedPayload, RSA_OAEP_PARAMS, type WebCryptoKey } from '@lotus/shared/sealed-payload';
import { type Db, transact } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNoControlCharacters } from '../../lib/control-characters.ts';
import { ServerKeysRepository, type StoredKeyPair } from './server-keys.repository.ts';

type ActiveKey = { keyId: string; spki: string; privateKey: WebCryptoKey };

async function generateKeyPair(): Promise<StoredKeyPair> {
  const subtle = globalThis.crypto.subtle;
  const pair = await subtle.generateKey(
    { ...RSA_OAEP_PARAMS, modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  return {
    keyId: randomBytes(9).toString('base64url'),
    spki: toBase64Url(new Uint8Array(await subtle.exportKey('spki', pair.publicKey))),
    pkcs8: toBase64Url(new Uint8Array(await subtle.exportKey('pkcs8', pair.privateKey))),
  };
}

/**
 * Publishes the server's public key and opens sealed request bodies (docs/api.md "Sealed payloads").
 * Framework-free: routes and services hand it the raw body. The key pair is loaded (or made) once per
 * process and kept in memory.
 */
export class SealedPayloadService {
  readonly #db: Db;
  #active: Promise<ActiveKey> | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The newest key pair, made now if there is none: under the keys' lock, so two processes agree on one. */
  #storedKeyPair(): Promise<StoredKeyPair> {
    return transact(
      this.#db,
      (trx) => new ServerKeysRepository(trx),
      async (keys) => {
        await keys.lock();
        const stored = await keys.newest();
        if (stored) return stored;
        const made = await generateKeyPair();
        await keys.insert(made);
        return made;
      },
    );
  }

  #activeKey(): Promise<ActiveKey> {
    this.#active ??= (async () => {
      const stored = await this.#storedKeyPair();
      const privateKey = await globalThis.crypto.subtle.importKey(
        'pkcs8',
        fromBase64Url(stored.pkcs8),
        RSA_OAEP_PARAMS,
        false,
        ['decrypt'],
      );
      return { keyId: stored.keyId, spki: stored.spki, privateKey };
    })().catch((error: unknown) => {
      // A failed load (database down) must not poison every later request.
      this.#active = null;
      throw error;
    });
    return this.#active;
  }

  async publicKey(): Promise<{ keyId: string; spki: string }> {
    const { keyId, spki } = await this.#activeKey();
    return { keyId, spki };
  }

  /** The opened JSON value, or `sealed_payload_invalid` (400) whatever is wrong with the body. */
  async openSealed(body: unknown): Promise<unknown> {
    const parsed = sealedPayloadSchema.safeParse(body);
    if (!parsed.success) throw new AppError('sealed_payload_invalid', { message: 'not a sealed payload' });
    const { privateKey } = await this.#activeKey();
    let opened: unknown;
    try {
      opened = await openSealedPayload(privateKey, parsed.data);
    } catch (error) {
      throw new AppError('sealed_payload_invalid', { message: 'sealed payload did not open', cause: error });
    }
    // The app's input hook (plugins/input-text.ts) saw only ciphertext: the opened fields get the same
    // control-character rule before any service reads them (paths as the payload schemas name them).
    assertNoControlCharacters(opened, '');
    return opened;
  }
}
