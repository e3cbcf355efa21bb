import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IdentityProvider, OidcProvider } from '../../db/tables/account-flows.ts';
import type { MemberRow, RegisterMethod } from '../../db/tables/accounts.ts';
import { transact } from '../../db/unit-of-work.ts';

export type StoredOauthState = {
  brandId: bigint;
  provider: OidcProvider;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
};

export type NewIdentityMember = {
  brandId: bigint;
  username: string;
  nickname: string | null;
  email: string | null;
  passwordHash: string;
  registerIp: string;
  registerMethod: RegisterMethod;
  now: Date;
};

export type IdentityFacts = {
  provider: IdentityProvider;
  subject: string;
  email: string | null;
  displayName: string | null;
};

/**
 * SQL of third-party sign-in. Identities are only ever inserted (a linked identity is permanent); states and
 * login codes are consumed by one conditional UPDATE so two requests racing with the same value cannot both win.
 */
export class OauthRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async saveState(stateHash: string, state: StoredOauthState, now: Date, expiresAt: Date): Promise<void> {
    await this.#db
      .insertInto('oauth_states')
      .values({
        state_hash: stateHash,
        brand_id: state.brandId,
        provider: state.provider,
        code_verifier: state.codeVerifier,
        nonce: state.nonce,
        redirect_uri: state.redirectUri,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
  }

  /** Marks the state used and returns it, or undefined when unknown, used, expired or of another provider. */
  async consumeState(
    stateHash: string,
    provider: OidcProvider,
    now: Date,
  ): Promise<StoredOauthState | undefined> {
    const row = await this.#db
      .updateTable('oauth_states')
      .set({ used_at: now })
      .where('state_hash', '=', stateHash)
      .where('provider', '=', provider)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['brand_id', 'provider', 'code_verifier', 'nonce', 'redirect_uri'])
      .executeTakeFirst();
    return row
      ? {
          brandId: row.brand_id,
          provider: row.provider,
          codeVerifier: row.code_verifier,
          nonce: row.nonce,
          redirectUri: row.redirect_uri,
        }
      : undefined;
  }

  async saveLoginCode(
    codeHash: string,
    memberId: bigint,
    provider: IdentityProvider,
    now: Date,
    expiresAt: Date,
  ): Promise<void> {
    await this.#db
      .insertInto('oauth_login_codes')
      .values({ code_hash: codeHash, member_id: memberId, provider, created_at: now, expires_at: expiresAt })
      .execute();
  }

  async consumeLoginCode(
    codeHash: string,
    now: Date,
  ): Promise<{ memberId: bigint; provider: string } | undefined> {
    const row = await this.#db
      .updateTable('oauth_login_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['member_id', 'provider'])
      .executeTakeFirst();
    return row ? { memberId: row.member_id, provider: row.provider } : undefined;
  }

  /** The member an identity is linked to in a brand. */
  findLinkedMember(
    brandId: bigint,
    provider: IdentityProvider,
    subject: string,
  ): Promise<MemberRow | undefined> {
    return this.#db
      .selectFrom('member_identities')
      .innerJoin('members', 'members.id', 'member_identities.member_id')
      .selectAll('members')
      .where('member_identities.brand_id', '=', brandId)
      .where('member_identities.provider', '=', provider)
      .where('member_identities.subject', '=', subject)
      .executeTakeFirst();
  }

  /** Usernames among `candidates` already taken in the brand (case-insensitive, as the unique index). */
  async takenUsernames(brandId: bigint, candidates: string[]): Promise<Set<string>> {
    if (candidates.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('members')
      .select('username')
      .where('brand_id', '=', brandId)
      .where((eb) =>
        eb(
          eb.fn('lower', ['username']),
          'in',
          candidates.map((name) => name.toLowerCase()),
        ),
      )
      .execute();
    return new Set(rows.map((row) => row.username.toLowerCase()));
  }

  /**
   * Creates the member and links the identity in one transaction, so a member never exists without the
   * identity that made it. A unique violation (username taken meanwhile, or the identity linked by a racing
   * request) rolls both back and is rethrown for the caller to decide.
   */
  createMemberWithIdentity(member: NewIdentityMember, identity: IdentityFacts): Promise<MemberRow> {
    return transact(this.#db, async (trx) => {
      const created = await trx
        .insertInto('members')
        .values({
          brand_id: member.brandId,
          username: member.username,
          nickname: member.nickname,
          email: member.email,
          password_hash: member.passwordHash,
          password_changed_at: member.now,
          registration_fields: '{}',
          register_ip: member.registerIp,
          register_method: member.registerMethod,
          created_at: member.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('member_identities')
        .values({
          brand_id: member.brandId,
          member_id: created.id,
          provider: identity.provider,
          subject: identity.subject,
          email: identity.email,
          display_name: identity.displayName,
          created_at: member.now,
        })
        .execute();
      return created;
    });
  }
}
