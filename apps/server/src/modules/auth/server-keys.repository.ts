import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { transact } from '../../db/unit-of-work.ts';

export type StoredKeyPair = { keyId: string; spki: string; pkcs8: string };

/** Arbitrary constant naming the advisory lock under which the first key pair is made. */
const KEY_LOCK = 7_310_004;

export class ServerKeysRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * The newest key pair, created by `make` if there is none. Under an advisory lock, so two processes
   * starting together agree on one pair.
   */
  async activeOrCreate(make: () => Promise<StoredKeyPair>): Promise<StoredKeyPair> {
    return transact(this.#db, async (trx) => {
      await sql`select pg_advisory_xact_lock(${KEY_LOCK})`.execute(trx);
      const row = await trx
        .selectFrom('server_keys')
        .select(['key_id', 'public_key_spki', 'private_key_pkcs8'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) return { keyId: row.key_id, spki: row.public_key_spki, pkcs8: row.private_key_pkcs8 };
      const made = await make();
      await trx
        .insertInto('server_keys')
        .values({
          key_id: made.keyId,
          algorithm: 'RSA-OAEP-256',
          public_key_spki: made.spki,
          private_key_pkcs8: made.pkcs8,
        })
        .execute();
      return made;
    });
  }
}
