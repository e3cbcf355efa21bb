import { patternSource } from '@lotus/shared/registration-rules';
import type { RegistrationFieldRule } from '@lotus/shared/system.schema';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** Password storage, reset links (only their SHA-256) and the counters behind the flows' limits. */
export class PasswordRepository<E extends Executor = Executor> extends Repository<E> {
  /**
   * The brand's `password` registration field rule, which every new password must pass; the operator's
   * pattern override wins over the catalogue's, as on the registration form. Undefined: no rule row.
   */
  async passwordRule(brandId: bigint): Promise<RegistrationFieldRule | undefined> {
    const row = await this.db
      .selectFrom('registration_field_rules')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('field_key', '=', 'password')
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      key: row.field_key,
      enabled: row.enabled,
      required: row.required,
      acceptedPattern: row.accepted_pattern ?? patternSource(row.pattern_id),
      patternId: row.pattern_id,
      minLength: row.min_length,
      maxLength: row.max_length,
      type: row.input_type,
    };
  }

  /** A new reset link; the member's older open links stop working (only the newest e-mail counts). */
  async createReset(
    this: PasswordRepository<Tx>,
    input: {
      tokenHash: string;
      memberId: bigint;
      ip: string;
      now: Date;
      expiresAt: Date;
    },
  ): Promise<void> {
    await this.db
      .updateTable('password_resets')
      .set({ used_at: input.now })
      .where('member_id', '=', input.memberId)
      .where('used_at', 'is', null)
      .execute();
    await this.db
      .insertInto('password_resets')
      .values({
        token_hash: input.tokenHash,
        member_id: input.memberId,
        ip: input.ip,
        created_at: input.now,
        expires_at: input.expiresAt,
      })
      .execute();
  }

  /** The member's login password hash, for the old-password check of a change; undefined: no member. */
  async passwordHashOf(memberId: bigint): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select('password_hash')
      .where('id', '=', memberId)
      .executeTakeFirst();
    return row?.password_hash;
  }

  /** The member of an open (unused, unexpired) link, without using it. */
  async findOpenReset(tokenHash: string, now: Date): Promise<bigint | undefined> {
    const row = await this.db
      .selectFrom('password_resets')
      .select('member_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.member_id;
  }

  /** Uses an open link in one statement, so two concurrent resets cannot both use it. */
  async consumeReset(this: PasswordRepository<Tx>, tokenHash: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Stores a new password hash: the age restarts, a forced change is done (also for `sessionId`, the
   * session that made the change, if any), a lockout ends (the member proved who they are), and any open
   * reset link stops working. Written in the transaction that ends the member's other sessions
   * (the auth module's AccessRevoker.in(trx)), so both commit or neither.
   */
  async storePasswordChange(
    this: PasswordRepository<Tx>,
    memberId: bigint,
    passwordHash: string,
    now: Date,
    sessionId: bigint | null,
  ): Promise<void> {
    await this.db
      .updateTable('members')
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
        must_change_password: false,
        failed_logins: 0,
        first_failed_at: null,
        locked_until: null,
      })
      .where('id', '=', memberId)
      .execute();
    await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .execute();
    if (sessionId !== null) {
      await this.db
        .updateTable('sessions')
        .set({ password_change_required: false })
        .where('id', '=', sessionId)
        .execute();
    }
  }
}
