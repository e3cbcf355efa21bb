import { sql } from 'kysely';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

export type StoredKeyPair = { keyId: string; spki: string; pkcs8: string };

/** Arbitrary constant naming the advisory lock under which the first key pair is made. */
const KEY_LOCK = 7_310_004;

export class ServerKeysRepository<E extends Executor = Executor> extends Repository<E> {
  /** Holds the key pairs' advisory lock until the transaction ends, so two processes agree on one pair. */
  async lock(this: ServerKeysRepository<Tx>): Promise<void> {
    await sql`select pg_advisory_xact_lock(${KEY_LOCK})`.execute(this.db);
  }

  /** The newest key pair, if any. */
  async newest(): Promise<StoredKeyPair | undefined> {
    const row = await this.db
      .selectFrom('server_keys')
      .select(['key_id', 'public_key_spki', 'private_key_pkcs8'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { keyId: row.key_id, spki: row.public_key_spki, pkcs8: row.private_key_pkcs8 };
  }

  async insert(this: ServerKeysRepository<Tx>, pair: StoredKeyPair): Promise<void> {
    await this.db
      .insertInto('server_keys')
      .values({
        key_id: pair.keyId,
        algorithm: 'RSA-OAEP-256',
        public_key_spki: pair.spki,
        private_key_pkcs8: pair.pkcs8,
      })
      .execute();
  }
}
