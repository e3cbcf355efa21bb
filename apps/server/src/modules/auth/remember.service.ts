import type { RememberedAccount } from '@lotus/shared/auth.schema';
import type { MemberRow } from '../../db/tables/accounts.ts';
import type { Db } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { maskMobile } from '../../lib/notify/mask.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { hashToken, newSecret } from '../../lib/secret-token.ts';
import { AuthRepository, type RememberedLoginType, type RememberTokenRecord } from './auth.repository.ts';
import { type AuthUnitOfWork, authUnitOfWork } from './auth-unit.ts';
import type { SessionsService } from './sessions.service.ts';

/** The remember-me cookie (docs/accounts-contract.md "Remember me"). */
export const REMEMBER_COOKIE = 'lotus_remember';
export const REMEMBER_PATH = '/wps/session';
export const REMEMBER_MAX_AGE_SECONDS = 86_400;

/** Our tokens are `newSecret()`: 43 base64url characters. Anything else is not worth a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type RememberedLogin = { token: RememberTokenRecord; member: MemberRow };

/**
 * Remember-me tokens: a random secret in an HttpOnly cookie, stored as its hash, good for 24 hours and for
 * one login (each use rotates it, so a stolen copy dies the next time the owner uses theirs). The password
 * is never stored anywhere.
 */
export class RememberService {
  readonly #repository: AuthRepository<Db>;
  readonly #uow: AuthUnitOfWork;
  readonly #sessions: SessionsService;
  readonly #clock: Clock;

  constructor(db: Db, sessions: SessionsService, clock: Clock) {
    this.#repository = new AuthRepository(db);
    this.#uow = authUnitOfWork(db);
    this.#sessions = sessions;
    this.#clock = clock;
  }

  /** A new token for the member; returns the secret for the cookie. */
  async issue(member: MemberRow, loginType: RememberedLoginType, origin: RequestOrigin): Promise<string> {
    const now = this.#clock.now();
    const token = newSecret();
    const remembered = {
      tokenHash: hashToken(token),
      memberId: member.id,
      loginType,
      now,
      expiresAt: new Date(now.getTime() + REMEMBER_MAX_AGE_SECONDS * 1000),
    };
    await this.#uow.run(({ auth }) => auth.createRememberToken(remembered));
    await this.#sessions.audit(member.brand_id, member.id, 'remember.issued', origin, { loginType });
    return token;
  }

  /** The live token a cookie names, or undefined. */
  async find(cookie: string | null): Promise<RememberedLogin | undefined> {
    if (cookie === null || !TOKEN_SHAPE.test(cookie)) return undefined;
    return this.#repository.findLiveRememberToken(hashToken(cookie), this.#clock.now());
  }

  /** What the login form may pre-fill for a live cookie; null otherwise (or for an account that cannot enter). */
  async peek(cookie: string | null): Promise<RememberedAccount | null> {
    const found = await this.find(cookie);
    if (!found || found.member.status === 'disabled') return null;
    return {
      loginType: found.token.loginType,
      username: found.member.username,
      countryDialingCode: found.member.country_dialing_code,
      // Masked like member info: whoever opens the login form on this browser learns no phone number.
      mobileNum: maskMobile(found.member.mobile_num),
    };
  }

  /** The login a cookie stands for; `401 not_logged_in` when it is dead, unknown or malformed. */
  async redeem(cookie: string | null, origin: RequestOrigin): Promise<RememberedLogin> {
    const found = await this.find(cookie);
    if (!found) {
      await this.#sessions.audit(null, null, 'remember.rejected', origin, { present: cookie !== null });
      throw new AppError('not_logged_in', { message: 'no live remember-me token' });
    }
    return found;
  }

  /**
   * Spends a token on a login and hands out its successor. A token another request already spent (a
   * replayed cookie racing the owner) gets `not_logged_in`.
   */
  async rotate(used: RememberedLogin, origin: RequestOrigin): Promise<string> {
    const now = this.#clock.now();
    const revoked = await this.#uow.run(({ auth }) => auth.revokeRememberToken(used.token.id, now, true));
    if (!revoked) throw new AppError('not_logged_in', { message: 'remember-me token already used' });
    await this.#sessions.audit(used.member.brand_id, used.member.id, 'remember.used', origin, {
      loginType: used.token.loginType,
    });
    return this.issue(used.member, used.token.loginType, origin);
  }

  /** "Not you?": revokes the cookie's token if it is live. */
  async forget(cookie: string | null, origin: RequestOrigin): Promise<void> {
    const found = await this.find(cookie);
    if (!found) return;
    const now = this.#clock.now();
    if (await this.#uow.run(({ auth }) => auth.revokeRememberToken(found.token.id, now, false))) {
      await this.#sessions.audit(found.member.brand_id, found.member.id, 'remember.revoked', origin, {
        reason: 'forgotten',
      });
    }
  }
}
