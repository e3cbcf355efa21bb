import type { LoginResult } from '@lotus/shared/auth.schema';
import type { MemberRow } from '../../db/tables/accounts.ts';
import type { Db } from '../../db/unit-of-work.ts';
import { isAppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { clipUserAgent, type RequestOrigin } from '../../lib/request-origin.ts';
import { hashToken, newSecret } from '../../lib/secret-token.ts';
import type { MembersApi } from '../members/members-api.ts';
import { type AuditEntry, AuthRepository } from './auth.repository.ts';
import { type AuthUnitOfWork, authUnitOfWork } from './auth-unit.ts';
import type { PlayProtectionGate } from './login-dependencies.ts';

export type SessionOptions = { idleMs: number; absoluteMs: number; clock: Clock };

/** The brand switches that decide whether a password has expired (PWDEXPFORCECHANGE3 + max age). */
export type PasswordPolicy = { forcedChange: boolean; maxAgeDays: number | null };
export type PasswordPolicyOf = (brandId: bigint) => Promise<PasswordPolicy>;

/**
 * Whether login must be followed by a password change: the account was made with an initial password
 * (`must_change_password`, set by whoever chose the password for the member), or the brand forces a
 * change (PWDEXPFORCECHANGE3) and the password is older than its maximum age.
 */
export function isPasswordExpired(member: MemberRow, policy: PasswordPolicy, now: Date): boolean {
  if (member.must_change_password) return true;
  if (!policy.forcedChange || policy.maxAgeDays === null) return false;
  return member.password_changed_at.getTime() + policy.maxAgeDays * 86_400_000 <= now.getTime();
}

/**
 * The ways in that prove the password (a remembered login stands for the password login it replaced). SPEC
 * §4 forces the change after these only ("not sms or firebase"): a code sent to the member's phone or a
 * third-party sign-in proves the person without the old password, which they may not know.
 */
const PASSWORD_METHODS: readonly string[] = ['username', 'remembered'];

/**
 * Opens sessions for every way in (password, SMS code, registration, free play, third-party sign-in,
 * reset by phone): a new random token each time, stored only as its hash, with idle and absolute expiry
 * (docs/api.md "Accounts and sessions"), and one audit record.
 */
export class SessionsService {
  readonly #members: MembersApi;
  readonly #repository: AuthRepository<Db>;
  readonly #uow: AuthUnitOfWork;
  readonly #policyOf: PasswordPolicyOf;
  readonly #options: SessionOptions;
  readonly #protection: PlayProtectionGate;

  constructor(
    members: MembersApi,
    db: Db,
    policyOf: PasswordPolicyOf,
    options: SessionOptions,
    protection: PlayProtectionGate,
  ) {
    this.#members = members;
    this.#repository = new AuthRepository(db);
    this.#uow = authUnitOfWork(db);
    this.#policyOf = policyOf;
    this.#options = options;
    this.#protection = protection;
  }

  get clock(): Clock {
    return this.#options.clock;
  }

  /**
   * `403 account_excluded` (with the exclusion's details as `value`) while an exclusion keeps the member's
   * account closed, audited `login.refused`. Every way in calls it once the member proved who they are,
   * never before: the answer must not tell a stranger that an account is excluded. `open` calls it for
   * every way in; the password, SMS and remembered logins call it earlier too, before a new-IP challenge.
   */
  async refuseExcluded(member: MemberRow, origin: RequestOrigin, method: string): Promise<void> {
    try {
      await this.#protection.refuseExcluded(member.id);
    } catch (error) {
      if (isAppError(error) && error.code === 'account_excluded') {
        await this.audit(member.brand_id, member.id, 'login.refused', origin, { method, reason: 'excluded' });
      }
      throw error;
    }
  }

  /**
   * Starts a session for `member`. `method` names the way in for the audit record ('username', 'sms',
   * 'register', 'free_play', 'google', ...). Resets the member's failure counter. Refuses an excluded
   * member; sets the session's first reality check and the end of its session time limit (issue 17).
   */
  async open(member: MemberRow, origin: RequestOrigin, method: string): Promise<LoginResult> {
    await this.refuseExcluded(member, origin, method);
    const now = this.#options.clock.now();
    const play = await this.#protection.sessionStart(member.id, now);
    const token = newSecret();
    const firstTimeLogin = member.first_login_at === null;
    const passwordExpired = isPasswordExpired(member, await this.#policyOf(member.brand_id), now);
    await this.#members.recordSuccess(member.id, now);
    const session = {
      tokenHash: hashToken(token),
      memberId: member.id,
      now,
      expiresAt: new Date(now.getTime() + this.#options.absoluteMs),
      isFirstLogin: firstTimeLogin,
      // Enforced on the server (plugins/auth.ts): this session reaches only member info, the password
      // change and logout until the password is changed, whatever the client does with `passwordExpired`.
      passwordChangeRequired: passwordExpired && PASSWORD_METHODS.includes(method),
      ip: origin.ip,
      userAgent: clipUserAgent(origin.userAgent),
      realityCheckAt: play.realityCheckAt,
      playEndsAt: play.playEndsAt,
    };
    await this.#uow.run(({ auth }) => auth.createSession(session));
    await this.audit(member.brand_id, member.id, 'login.success', origin, { method });
    return { token, firstTimeLogin, passwordExpired };
  }

  /** One audit record (who, what, when, from where). Never put a password, code or token in `detail`. */
  audit(
    brandId: bigint | null,
    memberId: bigint | null,
    action: string,
    origin: RequestOrigin,
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    const entry: AuditEntry = {
      brandId,
      memberId,
      action,
      ip: origin.ip,
      userAgent: clipUserAgent(origin.userAgent),
      detail,
      at: this.#options.clock.now(),
    };
    return this.#repository.audit(entry);
  }
}
