import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CodeChannel, CodePurpose, VerificationCodeRow } from '../../db/tables/account-flows.ts';
import { transact } from '../../db/unit-of-work.ts';

/** The SQL of captchas, human-check challenges and SMS / e-mail codes (docs/accounts-contract.md). */
export class VerificationRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  // --- captchas -------------------------------------------------------------------------------------

  async insertCaptcha(row: { idHash: string; answerHash: string; ip: string; now: Date; expiresAt: Date }) {
    await this.#db
      .insertInto('captchas')
      .values({
        id_hash: row.idHash,
        answer_hash: row.answerHash,
        ip: row.ip,
        created_at: row.now,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  /**
   * Marks a live captcha used and returns its answer hash; undefined when unknown, used or expired.
   * One statement, so two requests racing with the same cookie cannot both pass.
   */
  async consumeCaptcha(idHash: string, now: Date): Promise<string | undefined> {
    const row = await this.#db
      .updateTable('captchas')
      .set({ used_at: now })
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('answer_hash')
      .executeTakeFirst();
    return row?.answer_hash;
  }

  /** Captchas long expired (the per-IP limits count in attempt_gates, not here). */
  async deleteCaptchasBefore(before: Date): Promise<void> {
    await this.#db.deleteFrom('captchas').where('created_at', '<', before).execute();
  }

  // --- human-check challenges -----------------------------------------------------------------------

  async insertHumanChallenge(row: { idHash: string; difficulty: number; now: Date; expiresAt: Date }) {
    await this.#db
      .insertInto('human_challenges')
      .values({
        id_hash: row.idHash,
        difficulty: row.difficulty,
        created_at: row.now,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  /** Marks a live challenge used and returns its difficulty; undefined when unknown, used or expired. */
  async consumeHumanChallenge(idHash: string, now: Date): Promise<number | undefined> {
    const row = await this.#db
      .updateTable('human_challenges')
      .set({ used_at: now })
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('difficulty')
      .executeTakeFirst();
    return row?.difficulty;
  }

  async deleteHumanChallengesBefore(before: Date): Promise<void> {
    await this.#db.deleteFrom('human_challenges').where('expires_at', '<', before).execute();
  }

  // --- verification codes ---------------------------------------------------------------------------

  /** Retires the live codes of (brand, purpose, destination), then stores the new one. */
  async replaceCode(row: {
    brandId: bigint;
    purpose: CodePurpose;
    channel: CodeChannel;
    destination: string;
    codeHash: string;
    ip: string;
    now: Date;
    expiresAt: Date;
  }): Promise<bigint> {
    return transact(this.#db, async (trx) => {
      await trx
        .updateTable('verification_codes')
        .set({ consumed_at: row.now })
        .where('brand_id', '=', row.brandId)
        .where('purpose', '=', row.purpose)
        .where('destination', '=', row.destination)
        .where('consumed_at', 'is', null)
        .execute();
      const inserted = await trx
        .insertInto('verification_codes')
        .values({
          brand_id: row.brandId,
          purpose: row.purpose,
          channel: row.channel,
          destination: row.destination,
          code_hash: row.codeHash,
          ip: row.ip,
          created_at: row.now,
          expires_at: row.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
  }

  /** A code whose delivery failed never reached anyone: drop it so it neither works nor counts. */
  async deleteCode(id: bigint): Promise<void> {
    await this.#db.deleteFrom('verification_codes').where('id', '=', id).execute();
  }

  /** The newest code of (brand, purpose, destination), live or not. */
  async latestCode(
    brandId: bigint,
    purpose: CodePurpose,
    destination: string,
  ): Promise<VerificationCodeRow | undefined> {
    return this.#db
      .selectFrom('verification_codes')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('purpose', '=', purpose)
      .where('destination', '=', destination)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Reserves one try of a live code before it is compared (lib/attempt-gate.ts): one statement counts the
   * try and refuses it once `maxTries` are spent, so parallel guesses cannot share a try. Returns the
   * code's hash to compare against, or undefined when the code is spent, consumed or expired.
   */
  async reserveCodeTry(
    id: bigint,
    maxTries: number,
    now: Date,
  ): Promise<{ codeHash: string; attempts: number } | undefined> {
    const row = await this.#db
      .updateTable('verification_codes')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxTries)
      .where('expires_at', '>', now)
      .returning(['code_hash', 'attempts'])
      .executeTakeFirst();
    return row ? { codeHash: row.code_hash, attempts: row.attempts } : undefined;
  }

  /** Consumes a code whose try was reserved; false when a racing request consumed it first. */
  async consumeCode(id: bigint, now: Date): Promise<boolean> {
    const row = await this.#db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  // --- members and brands ---------------------------------------------------------------------------

  async brandName(brandId: bigint): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('brands')
      .select('name')
      .where('id', '=', brandId)
      .executeTakeFirst();
    return row?.name;
  }
}
