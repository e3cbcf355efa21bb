import { randomInt } from 'node:crypto';
import type { LoginResult } from '@lotus/shared/auth.schema';
import { isUniqueViolation } from '../../db/errors.ts';
import type { IdentityProvider } from '../../db/tables/account-flows.ts';
import type { MemberRow } from '../../db/tables/accounts.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { hashToken, newSecret } from '../../lib/secret-token.ts';
import type { SessionsApi } from '../auth/auth-api.ts';
import type { MembersApi } from '../members/members-api.ts';
import { type IdentityFacts, OauthRepository } from './oauth.repository.ts';

/** The one-time code the callback hands the browser lives this long (docs/accounts-contract.md). */
export const LOGIN_CODE_TTL_MS = 60_000;

/**
 * Stored instead of a password hash for members made by a provider: it is not in the scrypt format, so
 * `verifyPassword` refuses every password until the member sets one through a password flow.
 */
export const NO_PASSWORD_HASH = '!identity-only';

const USERNAME_PREFIX: Record<IdentityProvider, string> = { google: 'g', facebook: 'f', telegram: 't' };
const USERNAME_MAX = 32;
const SUFFIX_TRIES = 8;

/** The part of a name that fits the username rule `^[A-Za-z0-9_]{3,32}$`, or null when too little is left. */
export function usernameBase(raw: string | null | undefined): string | null {
  const cleaned = (raw ?? '').replace(/[^A-Za-z0-9_]/g, '').slice(0, USERNAME_MAX - 6);
  return cleaned.length >= 3 ? cleaned : null;
}

function digits(count: number): string {
  let out = '';
  for (let index = 0; index < count; index += 1) out += String(randomInt(10));
  return out;
}

/**
 * Finds or creates the member linked to a third-party identity and turns a verified sign-in into a session
 * (directly for Telegram, through a one-time login code for the OIDC redirect). Identities are only inserted,
 * never changed or removed; the database allows one identity per provider and member.
 */
export class IdentityMembersService {
  readonly #repository: OauthRepository<Db>;
  readonly #uow: UnitOfWork<{ oauth: OauthRepository<Tx> }>;
  readonly #members: MembersApi;
  readonly #sessions: SessionsApi;

  constructor(db: Db, members: MembersApi, sessions: SessionsApi) {
    this.#repository = new OauthRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => ({ oauth: new OauthRepository(trx) }));
    this.#members = members;
    this.#sessions = sessions;
  }

  async #candidates(brandId: bigint, identity: IdentityFacts, preferred: string | null): Promise<string> {
    const prefix = USERNAME_PREFIX[identity.provider];
    const base = usernameBase(preferred) ?? `${prefix}${digits(8)}`;
    const candidates = [base, ...Array.from({ length: SUFFIX_TRIES }, () => `${base}${digits(4)}`)];
    const taken = await this.#repository.takenUsernames(brandId, candidates);
    return candidates.find((name) => !taken.has(name.toLowerCase())) ?? `${prefix}${digits(12)}`;
  }

  /**
   * The member of (`provider`, `subject`) in the brand; a new one (username from `preferredUsername`, else
   * the provider letter and digits, made unique; `register_method` = provider) when the identity is new.
   */
  async findOrCreate(
    brandId: bigint,
    identity: IdentityFacts,
    preferredUsername: string | null,
    origin: RequestOrigin,
  ): Promise<MemberRow> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const linked = await this.#repository.findLinkedMember(brandId, identity.provider, identity.subject);
      if (linked) return linked;
      const username = await this.#candidates(brandId, identity, preferredUsername);
      try {
        const fresh = {
          brandId,
          username,
          nickname: identity.displayName?.slice(0, 64) ?? null,
          email: identity.email,
          passwordHash: NO_PASSWORD_HASH,
          registerIp: origin.ip,
          registerMethod: identity.provider,
          now: this.#sessions.clock.now(),
        };
        const member = await this.#uow.run(({ oauth }) => oauth.createMemberWithIdentity(fresh, identity));
        await this.#sessions.audit(brandId, member.id, 'register.success', origin, {
          method: identity.provider,
        });
        await this.#sessions.audit(brandId, member.id, 'identity.linked', origin, {
          provider: identity.provider,
        });
        return member;
      } catch (error) {
        // Someone took the username, or a racing request linked this identity: look again and retry.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new AppError('oauth_failed', { message: 'could not create a member for the identity' });
  }

  /** Refuses members who may not enter, as the password login does. */
  #checkMayEnter(member: MemberRow): void {
    if (member.status === 'disabled') throw new AppError('member_no_enter');
    const now = this.#sessions.clock.now();
    if (member.status === 'locked' || (member.locked_until !== null && member.locked_until > now)) {
      throw new AppError('account_locked');
    }
  }

  async login(member: MemberRow, origin: RequestOrigin, provider: IdentityProvider): Promise<LoginResult> {
    this.#checkMayEnter(member);
    return this.#sessions.open(member, origin, provider);
  }

  /** A one-time code for the browser to trade for a session (60 s, single use; stored as its hash). */
  async issueLoginCode(member: MemberRow, provider: IdentityProvider): Promise<string> {
    const code = newSecret();
    const now = this.#sessions.clock.now();
    const expiresAt = new Date(now.getTime() + LOGIN_CODE_TTL_MS);
    await this.#uow.run(({ oauth }) =>
      oauth.saveLoginCode(hashToken(code), member.id, provider, now, expiresAt),
    );
    return code;
  }

  /** `POST /wps/oauth/exchange`: the login code from the callback → a session in the same brand. */
  async exchange(code: string, brandId: bigint, origin: RequestOrigin): Promise<LoginResult> {
    const now = this.#sessions.clock.now();
    const used = await this.#uow.run(({ oauth }) => oauth.consumeLoginCode(hashToken(code), now));
    const member = used ? await this.#members.findById(used.memberId) : undefined;
    if (!used || !member || member.brand_id !== brandId) {
      await this.#sessions.audit(brandId, null, 'login.failure', origin, {
        method: 'oauth',
        reason: 'bad_code',
      });
      throw new AppError('oauth_failed', { message: 'unknown, used or expired login code' });
    }
    return this.login(member, origin, used.provider as IdentityProvider);
  }
}
