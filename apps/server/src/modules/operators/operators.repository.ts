import { sql } from 'kysely';
import type { OperatorRole, OperatorRow } from '../../db/tables/wallet-operations.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/** Operator accounts and their sessions (docs/wallet-contract.md "Back office"), plus the login throttle count. */

export type NewOperatorSession = {
  operatorId: bigint;
  tokenHash: string;
  ip: string;
  now: Date;
  expiresAt: Date;
};

export type LiveSession = {
  sessionId: bigint;
  operatorId: bigint;
  brandId: bigint;
  username: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
};

/** A back-office operator, as the service decides on it (the password hash only where a login compares it). */
export type Operator = {
  id: bigint;
  brandId: bigint;
  username: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
};

function operatorOf(row: OperatorRow): Operator {
  return { id: row.id, brandId: row.brand_id, username: row.username, role: row.role, status: row.status };
}

export class OperatorsRepository<E extends Executor = Executor> extends Repository<E> {
  async insertOperator(
    this: OperatorsRepository<Tx>,
    input: {
      brandId: bigint;
      username: string;
      role: OperatorRole;
      passwordHash: string;
    },
  ): Promise<Operator | undefined> {
    const row = await this.db
      .insertInto('operators')
      .values({
        brand_id: input.brandId,
        username: input.username,
        role: input.role,
        password_hash: input.passwordHash,
      })
      .onConflict((conflict) => conflict.columns(['brand_id', 'username']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && operatorOf(row);
  }

  /** The operator of that username, with the password hash a login compares. */
  async findOperator(
    brandId: bigint,
    username: string,
  ): Promise<(Operator & { passwordHash: string }) | undefined> {
    const row = await this.db
      .selectFrom('operators')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('username', '=', username)
      .executeTakeFirst();
    return row && { ...operatorOf(row), passwordHash: row.password_hash };
  }

  async setStatus(
    this: OperatorsRepository<Tx>,
    operatorId: bigint,
    status: 'active' | 'disabled',
  ): Promise<void> {
    await this.db.updateTable('operators').set({ status }).where('id', '=', operatorId).execute();
  }

  async setPasswordHash(
    this: OperatorsRepository<Tx>,
    operatorId: bigint,
    passwordHash: string,
  ): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({ password_hash: passwordHash })
      .where('id', '=', operatorId)
      .execute();
  }

  /** Ends every open session of an operator (used when the operator is disabled). */
  async revokeAllSessions(this: OperatorsRepository<Tx>, operatorId: bigint, now: Date): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async createSession(this: OperatorsRepository<Tx>, session: NewOperatorSession): Promise<bigint> {
    const row = await this.db
      .insertInto('operator_sessions')
      .values({
        operator_id: session.operatorId,
        token_hash: session.tokenHash,
        ip: session.ip,
        created_at: session.now,
        last_seen_at: session.now,
        expires_at: session.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('operators')
      .set({ last_login_at: session.now })
      .where('id', '=', session.operatorId)
      .execute();
    return row.id;
  }

  async findSession(tokenHash: string): Promise<LiveSession | undefined> {
    const row = await this.db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select([
        's.id as sessionId',
        's.operator_id as operatorId',
        'o.brand_id as brandId',
        'o.username as username',
        'o.role as role',
        'o.status as status',
        's.last_seen_at as lastSeenAt',
        's.expires_at as expiresAt',
        's.revoked_at as revokedAt',
      ])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row;
  }

  async touchSession(this: OperatorsRepository<Tx>, sessionId: bigint, now: Date): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: now })
      .where('id', '=', sessionId)
      .execute();
  }

  async revokeSession(this: OperatorsRepository<Tx>, sessionId: bigint, now: Date): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async findBrandIdByCode(code: string): Promise<bigint | undefined> {
    const row = await this.db.selectFrom('brands').select('id').where('code', '=', code).executeTakeFirst();
    return row?.id;
  }

  /** The member a back-office action names, by brand and username (usernames are unique per brand, case-insensitively). */
  async findMember(brandId: bigint, username: string): Promise<{ id: bigint; username: string } | undefined> {
    return this.db
      .selectFrom('members')
      .select(['id', 'username'])
      .where('brand_id', '=', brandId)
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  }
}
