import { sql } from 'kysely';
import type { LoginChallengeRow, RememberTokenRow } from '../../db/tables/account-flows.ts';
import type { MemberRow, SessionRow } from '../../db/tables/accounts.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';
import type { ActorSource } from '../../lib/actor.ts';
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

/**
 * What `authenticate` decides on: the session's state and the member fields an Actor carries, without the
 * token or password hashes.
 */
export type SessionAccess = {
  session: ActorSource['session'] &
    Pick<SessionRow, 'expires_at' | 'last_seen_at' | 'revoked_at' | 'play_ends_at'>;
  member: ActorSource['member'] & Pick<MemberRow, 'status'>;
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
      realityCheckAt: Date;
      playEndsAt: Date | null;
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
        reality_check_at: input.realityCheckAt,
        play_ends_at: input.playEndsAt,
      })
      .execute();
  }

  /**
   * A session by token hash with what `authenticate` decides on, whatever its state (the service judges
   * expiry, revocation and the member's status). One statement: every authenticated request that misses
   * the session cache runs it. No hash leaves: the answer is kept in memory (AuthService's cache).
   */
  async findSession(tokenHash: string): Promise<SessionAccess | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select([
        's.id as session_id',
        's.expires_at',
        's.last_seen_at',
        's.revoked_at',
        's.play_ends_at',
        's.is_first_login',
        's.password_change_required',
        'm.id',
        'm.brand_id',
        'm.username',
        'm.is_trial',
        'm.member_type',
        'm.language',
        'm.upline_id',
        'm.created_at',
        'm.status',
      ])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const {
      session_id,
      expires_at,
      last_seen_at,
      revoked_at,
      play_ends_at,
      is_first_login,
      password_change_required,
      ...member
    } = row;
    return {
      session: {
        id: session_id,
        expires_at,
        last_seen_at,
        revoked_at,
        play_ends_at,
        is_first_login,
        password_change_required,
      },
      member,
    };
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
