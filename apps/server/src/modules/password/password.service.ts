import type { LoginResult } from '@lotus/shared/auth.schema';
import {
  type ChangePasswordPayload,
  COUNTRY_DIALING_CODE_PATTERN,
  type ForgotPasswordEmailBody,
  MOBILE_NUM_PATTERN,
  type ResetByPhonePayload,
  type ResetPasswordPayload,
} from '@lotus/shared/password.schema';
import { checkFieldValue, requiredRuleFor } from '@lotus/shared/registration-rules';
import type { RegistrationFieldRule } from '@lotus/shared/system.schema';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { ATTEMPT_GATES, type AttemptCounter, isGranted } from '../../lib/attempt-gate.ts';
import type { MailProvider } from '../../lib/notify/mail-provider.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { hashToken, newSecret } from '../../lib/secret-token.ts';
import type { AccessRevoker, RevokedAccess, SessionsApi } from '../auth/auth-api.ts';
import type { MembersApi } from '../members/members-api.ts';
import type { Brand } from '../system/system.repository.ts';
import { normalizeHost } from '../system/system.service.ts';
import { PasswordRepository } from './password.repository.ts';
import { resetMail } from './reset-mail.ts';

/** Limits of the password flows (docs/api.md "Passwords and profile"). */
export const PASSWORD_LIMITS = {
  /** A reset link works this long, once. */
  resetLinkMs: 30 * 60_000,
  /** "Forgot password" e-mail requests per IP per hour, found or not. */
  emailRequestsPerIpPerHour: ATTEMPT_GATES.resetEmail.limit,
  /** Wrong old passwords per member within `changeFailureWindowMs` before changes are refused with 429. */
  maxChangeFailures: ATTEMPT_GATES.passwordChange.limit,
  changeFailureWindowMs: ATTEMPT_GATES.passwordChange.windowMs,
} as const;

/** Used when a brand has no `password` field rule: the same bounds as the demo brand's rule. */
const FALLBACK_PASSWORD_RULE: RegistrationFieldRule = {
  key: 'password',
  enabled: true,
  required: true,
  acceptedPattern: null,
  patternId: null,
  minLength: 6,
  maxLength: 128,
  type: 'password',
};

/** Where a member's brand and its whitelabel switches come from (SystemService). */
export type BrandDirectory = {
  resolveBrand(host: string | null): Promise<Brand>;
  brandById(id: bigint): Promise<{ brand: Brand; flags: (modId: string) => boolean }>;
  getDomainRoute(visitor: { ip: string; host: string | null }): Promise<{ domains: { url: string }[] }>;
};

/** The scheme and Host a request arrived with (`request.protocol`, `request.host`). */
export type SiteAddress = { protocol: string; host: string };

/** Consumes an SMS code (VerificationCodesService); throws `sms_code_*` when it does not fit. */
export type CodeConsumer = {
  consume(input: {
    brandId: bigint;
    purpose: 'reset_password';
    destination: string;
    code: string;
  }): Promise<unknown>;
};

export type PasswordServiceDeps = {
  db: Db;
  members: MembersApi;
  sessions: SessionsApi;
  revocation: AccessRevoker;
  brands: BrandDirectory;
  mail: MailProvider;
  codes: CodeConsumer;
  /** The atomic counters of wrong old passwords and reset e-mails (AttemptGates). */
  gates: AttemptCounter;
};

/**
 * Changing, forgetting and resetting passwords. Every new password passes the brand's `password` field
 * rule, is stored as a fresh scrypt hash, restarts the password's age, and ends every other way into the
 * account (sessions, remember-me tokens, open reset links), so whoever knew the old password is out.
 */
/** What a password transaction works on: the password rows and the end of the member's other access. */
function passwordRepositories(trx: Tx, revocation: AccessRevoker) {
  return { passwords: new PasswordRepository(trx), access: revocation.in(trx) };
}

export class PasswordService {
  readonly #deps: PasswordServiceDeps;
  readonly #repository: PasswordRepository<Db>;
  readonly #uow: UnitOfWork<ReturnType<typeof passwordRepositories>>;

  constructor(deps: PasswordServiceDeps) {
    this.#deps = deps;
    this.#repository = new PasswordRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, (trx) => passwordRepositories(trx, deps.revocation));
  }

  get #now(): Date {
    return this.#deps.sessions.clock.now();
  }

  /** `field_invalid` with the rule, or `password_mismatch`; checked before anything is spent. */
  async #checkNewPassword(brandId: bigint, newPassword: string, confirmation: string): Promise<void> {
    const rule = await this.#repository.passwordRule(brandId);
    // A disabled rule still may not let a password through unchecked: it falls back to the bounds.
    const effective = requiredRuleFor(rule?.enabled ? [rule] : [], 'password', FALLBACK_PASSWORD_RULE);
    const check = checkFieldValue(effective, newPassword);
    if (check !== 'ok') {
      throw new AppError('field_invalid', {
        message: `new password fails the brand's password rule (${check})`,
        details: {
          field: 'newPassword',
          check,
          patternId: effective.patternId,
          minLength: effective.minLength,
          maxLength: effective.maxLength,
        },
      });
    }
    if (newPassword !== confirmation) throw new AppError('password_mismatch');
  }

  /**
   * Stores the new password and ends every other way in, in one transaction: a change keeps the session
   * that made it (`keepSessionId`, which is then free of a forced change), a reset keeps none. Game and
   * studio sessions end too: they were opened by whoever held a session before.
   */
  async #storePassword(
    memberId: bigint,
    newPassword: string,
    keepSessionId: bigint | null,
  ): Promise<RevokedAccess> {
    const passwordHash = await hashPassword(newPassword);
    const now = this.#now;
    return this.#uow.run(async ({ passwords, access }) => {
      await passwords.storePasswordChange(memberId, passwordHash, now, keepSessionId);
      return keepSessionId === null
        ? access.revoke(memberId, 'password_reset')
        : access.revoke(memberId, 'password_changed', { sessionId: keepSessionId });
    });
  }

  /** `PUT /wps/member/password`: the logged-in member changes the password, keeping this session. */
  async change(actor: Actor, payload: ChangePasswordPayload, origin: RequestOrigin): Promise<void> {
    // Trial accounts (free play) and type-4 guests have no password of their own to change.
    requireReal(actor);
    // The try is reserved before the old password is compared (docs/api.md "Attempt limits"), so wrong
    // answers sent at once count one by one; a right answer gives it back, as only wrong ones count.
    const gate = ATTEMPT_GATES.passwordChange;
    const subject = actor.memberId.toString();
    const reservation = await this.#deps.gates.reserve(gate, subject, this.#now);
    if (!isGranted(reservation)) {
      throw new AppError('too_many_requests', { message: 'too many wrong old passwords' });
    }
    // The hash is read here, where it is compared, and nowhere else on this path.
    const passwordHash = await this.#repository.passwordHashOf(actor.memberId);
    if (passwordHash === undefined) throw new AppError('not_logged_in');
    if (!(await verifyPassword(payload.oldPassword, passwordHash))) {
      await this.#deps.sessions.audit(actor.brandId, actor.memberId, 'password.change_failed', origin, {
        reason: 'old_password',
      });
      throw new AppError('old_password_error');
    }
    await this.#deps.gates.release(gate, subject, reservation);
    await this.#checkNewPassword(actor.brandId, payload.newPassword, payload.confirmNewPassword);
    const revoked = await this.#storePassword(actor.memberId, payload.newPassword, actor.sessionId);
    await this.#deps.sessions.audit(actor.brandId, actor.memberId, 'password.changed', origin, {
      revokedSessions: revoked.sessions,
      revokedRememberTokens: revoked.rememberTokens,
      revokedLaunchSessions: revoked.launchSessions,
      revokedStudioSessions: revoked.studioSessions,
    });
  }

  /**
   * The origin of the reset link: the site the request came through when its host is one of the brand's
   * domains. A Host the brand does not own (a forged header: "password reset poisoning") gets the brand's
   * first domain instead, so a link carrying a live secret never points at someone else's server.
   */
  async #linkOrigin(origin: RequestOrigin, site: SiteAddress): Promise<string> {
    const { domains } = await this.#deps.brands.getDomainRoute({ ip: origin.ip, host: origin.host });
    const hostname = normalizeHost(site.host);
    if (domains.length === 0 || domains.some((domain) => domain.url === hostname)) {
      return `${site.protocol}://${site.host}`;
    }
    return `https://${domains[0]?.url}`;
  }

  /**
   * `POST /wps/member/password/email`: e-mails a single-use link to `<origin>/resetPassword?token=…` when
   * username and e-mail belong together. Every request, found or not, counts toward the per-IP limit.
   */
  async requestEmailReset(
    body: ForgotPasswordEmailBody,
    origin: RequestOrigin,
    site: SiteAddress,
  ): Promise<void> {
    const brand = await this.#deps.brands.resolveBrand(origin.host);
    const { flags } = await this.#deps.brands.brandById(brand.id);
    if (!flags('CHNGPASSMAIL3')) throw new AppError('forbidden', { message: 'CHNGPASSMAIL3 is off' });
    const now = this.#now;
    // Reserved before username and e-mail are compared (the answer tells whether they belong together).
    if (!isGranted(await this.#deps.gates.reserve(ATTEMPT_GATES.resetEmail, origin.ip, now))) {
      throw new AppError('too_many_requests', { message: 'too many reset e-mails from this IP' });
    }
    const member = await this.#deps.members.findByUsername(brand.id, body.username);
    const matches =
      member !== undefined &&
      member.status !== 'disabled' &&
      member.email !== null &&
      member.email.toLowerCase() === body.email.toLowerCase();
    if (!member || !matches) {
      await this.#deps.sessions.audit(brand.id, member?.id ?? null, 'password.reset_request_failed', origin);
      throw new AppError('username_email_not_found');
    }
    const email = member.email as string;
    const token = newSecret();
    const reset = {
      tokenHash: hashToken(token),
      memberId: member.id,
      ip: origin.ip,
      now,
      expiresAt: new Date(now.getTime() + PASSWORD_LIMITS.resetLinkMs),
    };
    await this.#uow.run(({ passwords }) => passwords.createReset(reset));
    const link = `${await this.#linkOrigin(origin, site)}/resetPassword?token=${encodeURIComponent(token)}`;
    const mail = resetMail({
      language: member.language ?? brand.defaultLanguage,
      brandName: brand.name,
      username: member.username,
      link,
      validMinutes: PASSWORD_LIMITS.resetLinkMs / 60_000,
    });
    await this.#deps.mail.send({ brandId: brand.id, to: email, subject: mail.subject, text: mail.text });
    await this.#deps.sessions.audit(brand.id, member.id, 'password.reset_requested', origin, {
      channel: 'email',
    });
  }

  /** `POST /wps/member/password/reset`: a new password through an e-mailed link (used up by it). */
  async resetWithLink(payload: ResetPasswordPayload, origin: RequestOrigin): Promise<void> {
    const tokenHash = hashToken(payload.token);
    const memberId = await this.#repository.findOpenReset(tokenHash, this.#now);
    const member = memberId === undefined ? undefined : await this.#deps.members.findById(memberId);
    if (!member || member.status === 'disabled') throw new AppError('reset_link_invalid');
    // The rule is checked before the link is used, so a refused password leaves the link working.
    await this.#checkNewPassword(member.brand_id, payload.newPassword, payload.confirmNewPassword);
    const now = this.#now;
    if (!(await this.#uow.run(({ passwords }) => passwords.consumeReset(tokenHash, now)))) {
      throw new AppError('reset_link_invalid');
    }
    const revoked = await this.#storePassword(member.id, payload.newPassword, null);
    await this.#deps.sessions.audit(member.brand_id, member.id, 'password.reset', origin, {
      method: 'email_link',
      revokedSessions: revoked.sessions,
      revokedRememberTokens: revoked.rememberTokens,
      revokedLaunchSessions: revoked.launchSessions,
      revokedStudioSessions: revoked.studioSessions,
    });
  }

  /** The brand of the request when it offers reset by phone (CHNGPASSVERIF3); `forbidden` when it does not. */
  async #phoneResetBrand(origin: RequestOrigin): Promise<Brand> {
    const brand = await this.#deps.brands.resolveBrand(origin.host);
    const { flags } = await this.#deps.brands.brandById(brand.id);
    if (!flags('CHNGPASSVERIF3')) throw new AppError('forbidden', { message: 'CHNGPASSVERIF3 is off' });
    return brand;
  }

  /**
   * The route's guard for reset by phone: a brand that has it off answers `forbidden` before the sealed
   * body is opened (so a closed flow says so even to a body that would not open); the service asks again.
   */
  async requirePhoneReset(origin: RequestOrigin): Promise<void> {
    await this.#phoneResetBrand(origin);
  }

  /**
   * `POST /wps/member/password/verification`: a new password set with an SMS code sent to the member's
   * number (purpose `reset_password`), then the member is logged in (SPEC: "automatic login and go to /").
   */
  async resetWithPhone(payload: ResetByPhonePayload, origin: RequestOrigin): Promise<LoginResult> {
    const brand = await this.#phoneResetBrand(origin);
    if (payload.mobileNum === '' || payload.countryDialingCode === '') throw new AppError('mobile_required');
    if (
      !COUNTRY_DIALING_CODE_PATTERN.test(payload.countryDialingCode) ||
      !MOBILE_NUM_PATTERN.test(payload.mobileNum)
    ) {
      throw new AppError('mobile_format_error');
    }
    if (payload.verificationCode === '') throw new AppError('sms_code_required');
    await this.#checkNewPassword(brand.id, payload.newPassword, payload.confirmNewPassword);
    // The code is consumed before the member is looked up: codes are only sent to members' numbers, and
    // an unknown number then fails exactly like a wrong code.
    await this.#deps.codes.consume({
      brandId: brand.id,
      purpose: 'reset_password',
      destination: `${payload.countryDialingCode}${payload.mobileNum}`,
      code: payload.verificationCode,
    });
    const member = await this.#deps.members.findByMobile(
      brand.id,
      payload.countryDialingCode,
      payload.mobileNum,
    );
    if (!member) throw new AppError('sms_code_invalid');
    if (member.status === 'disabled') throw new AppError('member_no_enter');
    if (member.status === 'locked') throw new AppError('account_locked');
    const revoked = await this.#storePassword(member.id, payload.newPassword, null);
    await this.#deps.sessions.audit(member.brand_id, member.id, 'password.reset', origin, {
      method: 'sms',
      revokedSessions: revoked.sessions,
      revokedRememberTokens: revoked.rememberTokens,
      revokedLaunchSessions: revoked.launchSessions,
      revokedStudioSessions: revoked.studioSessions,
    });
    const fresh = await this.#deps.members.findById(member.id);
    if (!fresh) throw new AppError('sms_code_invalid');
    return this.#deps.sessions.open(fresh, origin, 'reset_password');
  }
}
