import { sql } from 'kysely';
import type { LoginChallengeRow, RememberTokenRow } from '../../db/tables/account-flows.ts';
import type { MemberRow, SessionRow } from '../../db/tables/accounts.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import { AuditRepository } from '../audit/audit.repository.ts';

export type AuditEntry = {
  brandId: bigint | null;
  memberId: bigint | null;
  action: string;
  ip: string;
  userAgent: string | null;
  detail?: Record<string, unknown>;
  at: Date;
};

/** How a login was made: what a remember-me token stands for. */
export type RememberedLoginType = 'username' | 'sms';
/** How the login a new-IP challenge holds up was made (a remembered login rotates its cookie on success). */
export type ChallengedLoginType = RememberedLoginType | 'remembered';

/** A new-IP login challenge (docs/accounts-contract.md "Login from a new IP"), as the login flow reads it. */
export type LoginChallengeRecord = {
  memberId: bigint;
  /** The IP it was made for: the only one it answers. */
  ip: string;
  loginType: ChallengedLoginType;
  /** The login asked for a remember-me token. */
  remember: boolean;
  /** The ways offered: a subset of 'sms' | 'email' | 'payee_name'. */
  methods: string[];
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
};

/** A live remember-me token (its hash stays in the repository). */
export type RememberTokenRecord = { id: bigint; memberId: bigint; loginType: RememberedLoginType };

function challengeOf(row: LoginChallengeRow | undefined): LoginChallengeRecord | undefined {
  return (
    row && {
      memberId: row.member_id,
      ip: row.ip,
      loginType: row.login_type,
      remember: row.remember,
      methods: row.methods,
      attempts: row.attempts,
      expiresAt: row.expires_at,
      consumedAt: row.consumed_at,
    }
  );
}

function rememberTokenOf(row: RememberTokenRow): RememberTokenRecord {
  return { id: row.id, memberId: row.member_id, loginType: row.login_type };
}

/** Sessions, the audit log, known IPs, new-IP challenges and remember-me tokens. */
export class AuthRepository<E extends Executor = Executor> extends Repository<E> {
  async createSession(
    this: AuthRepository<Tx>,
    input: {
      tokenHash: string;
      memberId: bigint;
      now: Date;
      expiresAt: Date;
      isFirstLogin: boolean;
      passwordChangeRequired: boolean;
      ip: string;
      userAgent: string | null;
    },
  ): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: input.tokenHash,
        member_id: input.memberId,
        created_at: input.now,
        last_seen_at: input.now,
        expires_at: input.expiresAt,
        is_first_login: input.isFirstLogin,
        password_change_required: input.passwordChangeRequired,
        ip: input.ip,
        user_agent: input.userAgent,
      })
      .execute();
  }

  /**
   * A session by token hash with its member, whatever its state (the service judges expiry, revocation and
   * the member's status). One statement: every authenticated request runs it.
   */
  async findSession(tokenHash: string): Promise<{ session: SessionRow; member: MemberRow } | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .selectAll('m')
      .select([
        's.id as s_id',
        's.token_hash as s_token_hash',
        's.member_id as s_member_id',
        's.created_at as s_created_at',
        's.last_seen_at as s_last_seen_at',
        's.expires_at as s_expires_at',
        's.revoked_at as s_revoked_at',
        's.is_first_login as s_is_first_login',
        's.ip as s_ip',
        's.user_agent as s_user_agent',
        's.password_change_required as s_password_change_required',
      ])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const {
      s_id,
      s_token_hash,
      s_member_id,
      s_created_at,
      s_last_seen_at,
      s_expires_at,
      s_revoked_at,
      s_is_first_login,
      s_ip,
      s_user_agent,
      s_password_change_required,
      ...member
    } = row;
    const session: SessionRow = {
      id: s_id,
      token_hash: s_token_hash,
      member_id: s_member_id,
      created_at: s_created_at,
      last_seen_at: s_last_seen_at,
      expires_at: s_expires_at,
      revoked_at: s_revoked_at,
      is_first_login: s_is_first_login,
      ip: s_ip,
      user_agent: s_user_agent,
      password_change_required: s_password_change_required,
    };
    return { session, member };
  }

  async touchSession(this: AuthRepository<Tx>, id: bigint, now: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  /** The row goes through the one audit writer (modules/audit). */
  audit(entry: AuditEntry): Promise<void> {
    return new AuditRepository(this.db).record(entry);
  }

  /** How many IPs the member has logged in from, and whether `ip` is one of them. */
  async knownIps(memberId: bigint, ip: string): Promise<{ total: number; known: boolean }> {
    const row = await this.db
      .selectFrom('member_known_ips')
      .select([
        (eb) => eb.fn.countAll<string>().as('total'),
        sql<string>`count(*) filter (where ip = ${ip})`.as('matching'),
      ])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), known: Number(row.matching) > 0 };
  }

  async recordKnownIp(this: AuthRepository<Tx>, memberId: bigint, ip: string, now: Date): Promise<void> {
    await this.db
      .insertInto('member_known_ips')
      .values({ member_id: memberId, ip, first_seen_at: now, last_seen_at: now })
      .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: now }))
      .execute();
  }

  async createChallenge(
    this: AuthRepository<Tx>,
    input: {
      idHash: string;
      memberId: bigint;
      ip: string;
      loginType: ChallengedLoginType;
      remember: boolean;
      methods: string[];
      now: Date;
      expiresAt: Date;
    },
  ): Promise<void> {
    await this.db
      .insertInto('login_challenges')
      .values({
        id_hash: input.idHash,
        member_id: input.memberId,
        ip: input.ip,
        login_type: input.loginType,
        remember: input.remember,
        methods: input.methods,
        created_at: input.now,
        expires_at: input.expiresAt,
      })
      .execute();
  }

  async findChallenge(idHash: string): Promise<LoginChallengeRecord | undefined> {
    return challengeOf(
      await this.db
        .selectFrom('login_challenges')
        .selectAll()
        .where('id_hash', '=', idHash)
        .executeTakeFirst(),
    );
  }

  /**
   * Spends one try of a live challenge in one statement, so parallel guesses cannot share a try; undefined
   * when the challenge is used up, expired, consumed or unknown.
   */
  async spendChallengeTry(
    this: AuthRepository<Tx>,
    idHash: string,
    maxTries: number,
    now: Date,
  ): Promise<LoginChallengeRecord | undefined> {
    return challengeOf(
      await this.db
        .updateTable('login_challenges')
        .set({ attempts: sql`attempts + 1` })
        .where('id_hash', '=', idHash)
        .where('attempts', '<', maxTries)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst(),
    );
  }

  /** Marks a challenge used; false when another request got there first. */
  async consumeChallenge(this: AuthRepository<Tx>, idHash: string, now: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('login_challenges')
      .set({ consumed_at: now })
      .where('id_hash', '=', idHash)
      .where('consumed_at', 'is', null)
      .returning('id_hash')
      .executeTakeFirst();
    return row !== undefined;
  }

  async createRememberToken(
    this: AuthRepository<Tx>,
    input: {
      tokenHash: string;
      memberId: bigint;
      loginType: RememberedLoginType;
      now: Date;
      expiresAt: Date;
    },
  ): Promise<void> {
    await this.db
      .insertInto('remember_tokens')
      .values({
        token_hash: input.tokenHash,
        member_id: input.memberId,
        login_type: input.loginType,
        created_at: input.now,
        expires_at: input.expiresAt,
      })
      .execute();
  }

  /** A live (unrevoked, unexpired) remember token with its member. */
  async findLiveRememberToken(
    tokenHash: string,
    now: Date,
  ): Promise<{ token: RememberTokenRecord; member: MemberRow } | undefined> {
    const token = await this.db
      .selectFrom('remember_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!token) return undefined;
    const member = await this.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', token.member_id)
      .executeTakeFirst();
    return member ? { token: rememberTokenOf(token), member } : undefined;
  }

  /** Revokes one remember token; false when it was already revoked (a replayed or raced cookie). */
  async revokeRememberToken(
    this: AuthRepository<Tx>,
    id: bigint,
    now: Date,
    used: boolean,
  ): Promise<boolean> {
    const row = await this.db
      .updateTable('remember_tokens')
      .set(used ? { revoked_at: now, last_used_at: now } : { revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
