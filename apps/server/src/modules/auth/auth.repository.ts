import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MemberRow, SessionRow } from '../../db/tables/accounts.ts';

export type AuditEntry = {
  brandId: bigint | null;
  memberId: bigint | null;
  action: string;
  ip: string;
  userAgent: string | null;
  detail?: Record<string, unknown>;
  at: Date;
};

/** Sessions and the audit log. */
export class AuthRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async createSession(input: {
    tokenHash: string;
    memberId: bigint;
    now: Date;
    expiresAt: Date;
    isFirstLogin: boolean;
    ip: string;
    userAgent: string | null;
  }): Promise<void> {
    await this.#db
      .insertInto('sessions')
      .values({
        token_hash: input.tokenHash,
        member_id: input.memberId,
        created_at: input.now,
        last_seen_at: input.now,
        expires_at: input.expiresAt,
        is_first_login: input.isFirstLogin,
        ip: input.ip,
        user_agent: input.userAgent,
      })
      .execute();
  }

  /** A session by token hash with its member, whatever its state (the service judges expiry). */
  async findSession(tokenHash: string): Promise<{ session: SessionRow; member: MemberRow } | undefined> {
    const session = await this.#db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!session) return undefined;
    const member = await this.#db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', session.member_id)
      .executeTakeFirst();
    return member ? { session, member } : undefined;
  }

  async touchSession(id: bigint, now: Date): Promise<void> {
    await this.#db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async revokeSession(id: bigint, now: Date): Promise<void> {
    await this.#db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.#db
      .insertInto('audit_log')
      .values({
        brand_id: entry.brandId,
        member_id: entry.memberId,
        action: entry.action,
        ip: entry.ip,
        user_agent: entry.userAgent,
        detail: JSON.stringify(entry.detail ?? {}),
        created_at: entry.at,
      })
      .execute();
  }

  /** Failed logins from one IP since `since` (the audit log doubles as the per-IP counter). */
  async countFailuresFromIp(ip: string, since: Date): Promise<number> {
    const row = await this.#db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('ip', '=', ip)
      .where('action', '=', 'login.failure')
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
