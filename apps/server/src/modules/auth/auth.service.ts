import { randomBytes } from 'node:crypto';
import {
  AGENT_TYPES,
  type LoginChallenge,
  type LoginPayload,
  type LoginResult,
  type LoginSide,
  type SmsLoginPayload,
  type UsernameLoginPayload,
} from '@lotus/shared/auth.schema';
import type { MemberRow } from '../../db/tables/accounts.ts';
import type { Db } from '../../db/unit-of-work.ts';
import { type Actor, actorFrom } from '../../lib/actor.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import {
  ATTEMPT_GATES,
  type AttemptCounter,
  type AttemptReservation,
  isGranted,
} from '../../lib/attempt-gate.ts';
import { maskPhone } from '../../lib/notify/mask.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { ProcessCache } from '../../lib/process-cache.ts';
import { clipUserAgent, type RequestOrigin } from '../../lib/request-origin.ts';
import { hashToken } from '../../lib/secret-token.ts';
import type { MembersApi } from '../members/members-api.ts';
import { memberTag } from './access-changes.ts';
import { AuthRepository, type SessionAccess } from './auth.repository.ts';
import { type AuthUnitOfWork, authUnitOfWork } from './auth-unit.ts';
import type { LoginChallengeService } from './login-challenge.service.ts';
import type {
  LoginBrand,
  LoginBrandResolver,
  LoginContext,
  LoginVerification,
} from './login-dependencies.ts';
import type { RememberService } from './remember.service.ts';
import type { SessionRevocationService } from './session-revocation.service.ts';
import type { SessionOptions, SessionsService } from './sessions.service.ts';

/** How often a request renews its session's idle timer (see authenticate). */
const SESSION_TOUCH_INTERVAL_MS = 30_000;
/** Abuse limits (docs/api.md "Accounts and sessions", docs/accounts-contract.md "Captcha"). */
export const LOGIN_LIMITS = {
  /** Failures of one account within `windowMs` that lock it. */
  maxAccountFailures: 5,
  /** Failures from one IP within `windowMs` after which its logins are refused with 429. */
  maxIpFailures: ATTEMPT_GATES.loginIp.limit,
  /** Failures of one username or IP within `windowMs` after which username login needs a captcha. */
  captchaAfterFailures: 2,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

const DIALING_CODE = /^\+[0-9]{1,4}$/;
const MOBILE_NUM = /^[0-9]{6,11}$/;

export type AuthOptions = SessionOptions;

/** A cached session is dropped with any change of its member (one announcement names the member). */
const tagsOf = (found: SessionAccess) => [memberTag(found.member.id)];

function isIdle(found: SessionAccess, now: Date, idleMs: number): boolean {
  return found.session.last_seen_at.getTime() + idleMs <= now.getTime();
}

/**
 * The session's time limit has passed, and it was not ended for another reason before that (then the
 * browser shows "your session time limit ended" rather than "log in again").
 */
function playLimitPassed(found: SessionAccess, now: Date): boolean {
  const ends = found.session.play_ends_at;
  if (ends === null || ends > now) return false;
  const revoked = found.session.revoked_at;
  return (revoked === null || revoked >= ends) && found.session.expires_at >= ends;
}

/** A login's answer plus the remember-me token the route puts in the cookie (null: leave the cookie alone). */
export type LoginOutcome = { result: LoginResult; rememberToken: string | null };

export type AuthDependencies = {
  members: MembersApi;
  db: Db;
  sessions: SessionsService;
  challenges: LoginChallengeService;
  remember: RememberService;
  verification: LoginVerification;
  resolveBrand: LoginBrandResolver;
  /** The atomic counters of the IP throttle and the captcha rule (AttemptGatesRepository). */
  gates: AttemptCounter;
  revocation: SessionRevocationService;
  /** Sessions by token hash (auth-module.ts: follows the `lotus_access` feed). */
  sessionCache: ProcessCache<SessionAccess>;
};

export type AuthenticateOptions = {
  /**
   * The route is one of the few a session that must change its password may use (member info, change
   * password, logout); every other route refuses such a session with `password_change_required`.
   */
  allowPasswordChangeRequired?: boolean;
};

export type { LoginChallenge };

export class AuthService {
  readonly #members: MembersApi;
  readonly #repository: AuthRepository<Db>;
  readonly #uow: AuthUnitOfWork;
  readonly #sessions: SessionsService;
  readonly #challenges: LoginChallengeService;
  readonly #remember: RememberService;
  readonly #verification: LoginVerification;
  readonly #options: AuthOptions;
  readonly #resolveBrand: LoginBrandResolver;
  readonly #gates: AttemptCounter;
  readonly #revocation: SessionRevocationService;
  readonly #cache: ProcessCache<SessionAccess>;
  /** Verified for unknown usernames so they cost the same scrypt work as a wrong password. */
  #dummyHash: Promise<string> | null = null;

  constructor(dependencies: AuthDependencies, options: AuthOptions) {
    this.#members = dependencies.members;
    this.#repository = new AuthRepository(dependencies.db);
    this.#uow = authUnitOfWork(dependencies.db);
    this.#sessions = dependencies.sessions;
    this.#challenges = dependencies.challenges;
    this.#remember = dependencies.remember;
    this.#verification = dependencies.verification;
    this.#resolveBrand = dependencies.resolveBrand;
    this.#gates = dependencies.gates;
    this.#revocation = dependencies.revocation;
    this.#cache = dependencies.sessionCache;
    this.#options = options;
  }

  #dummy(): Promise<string> {
    this.#dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
    return this.#dummyHash;
  }

  /** `POST /wps/session/login` (the route opened the sealed body): the username or SMS login. */
  async login(payload: LoginPayload, context: LoginContext): Promise<LoginOutcome> {
    const member = await this.#provenMember(payload, context);
    const method = payload.type === 'username' ? 'username' : 'sms';
    const remember = payload.remember === true;
    await this.#admit(member, payload.side ?? 'member', context.origin, payload.type === 'sms', method);
    await this.#challenges.requireKnownIp(member, context.origin, method, remember);
    return this.#complete(member, context.origin, method, remember ? method : null);
  }

  /**
   * The member a login body proves (password or SMS code), with every check and counter of a login up to
   * that point, but no session: `POST /wps/member/protection/reopen` asks with the credentials a login
   * takes (issue 17). The account's status and exclusions are the caller's to judge.
   */
  async provenMember(
    payload: LoginPayload,
    context: LoginContext,
  ): Promise<{ memberId: bigint; brandId: bigint }> {
    const member = await this.#provenMember(payload, context);
    const now = this.#options.clock.now();
    // The lock and disabled rules of #admit (an SMS code does not pass the username path's lock check).
    if (member.status === 'locked' || (member.locked_until !== null && member.locked_until > now)) {
      throw new AppError('account_locked');
    }
    if (member.status === 'disabled') throw new AppError('member_no_enter');
    return { memberId: member.id, brandId: member.brand_id };
  }

  async #provenMember(payload: LoginPayload, context: LoginContext): Promise<MemberRow> {
    const brand = await this.#resolveBrand(context.origin.host);
    return payload.type === 'username'
      ? this.#usernameLogin(payload, brand, context)
      : this.#smsLogin(payload, brand, context);
  }

  #audit(
    brandId: bigint | null,
    memberId: bigint | null,
    action: string,
    origin: RequestOrigin,
    detail = {},
  ) {
    return this.#sessions.audit(brandId, memberId, action, origin, detail);
  }

  /**
   * 429 before anything else once an IP has too many failed logins; otherwise reserves this attempt on the
   * IP's counter (lib/attempt-gate.ts), which the caller gives back unless the attempt ends as a failure.
   */
  async #reserveIp(brandId: bigint, origin: RequestOrigin, detail: Record<string, unknown>) {
    const reservation = await this.#gates.reserve(
      ATTEMPT_GATES.loginIp,
      origin.ip,
      this.#options.clock.now(),
    );
    if (!isGranted(reservation)) {
      await this.#audit(brandId, null, 'login.throttled', origin, detail);
      throw new AppError('too_many_requests', { message: 'too many failed logins from this IP' });
    }
    return reservation;
  }

  /**
   * Order of checks (docs/accounts-contract.md "Login"): IP throttle → human check → captcha when needed →
   * account lock → credentials → disabled → agent side → new IP → session. Unknown username and wrong
   * password do the same work and give the same `login_failed` (with the same captcha hint).
   *
   * Every counter is reserved before the password is compared (docs/api.md "Attempt limits"): the IP's,
   * the username's (which decides the captcha) and the account's. A refusal for another reason than the
   * password (human check, captcha, lock) gives the IP and username attempts back, as those counters only
   * count failed passwords; a right password gives them back and starts the account's count over.
   */
  async #usernameLogin(
    payload: UsernameLoginPayload,
    brand: LoginBrand,
    context: LoginContext,
  ): Promise<MemberRow> {
    const { origin } = context;
    const username = payload.username.toLowerCase();
    const ipSlot = await this.#reserveIp(brand.id, origin, { username });
    const nameSubject = `${brand.id}:${username}`;
    let nameSlot: AttemptReservation | null = null;
    const giveBack = async () => {
      await this.#gates.release(ATTEMPT_GATES.loginIp, origin.ip, ipSlot);
      if (nameSlot) await this.#gates.release(ATTEMPT_GATES.loginUsername, nameSubject, nameSlot);
    };

    try {
      await this.#verification.human.verify(payload.humanVerification);
    } catch (error) {
      await giveBack();
      if (isAppError(error))
        await this.#audit(brand.id, null, 'login.human_check_failed', origin, { username });
      throw error;
    }

    // Only counted for the captcha rule; the username counter never refuses by itself.
    const reservedName = await this.#gates.reserve(
      ATTEMPT_GATES.loginUsername,
      nameSubject,
      this.#options.clock.now(),
    );
    nameSlot = reservedName;
    // The username's failures and attempts in flight before this one (parallel guesses at one name meet
    // the captcha after two), or the IP's decided failures: attempts in flight from one IP are not counted
    // here, since many players share an address (mobile carriers' NAT) and log in at the same moment.
    const ipFailures = await this.#gates.count(
      ATTEMPT_GATES.loginIpFailures,
      origin.ip,
      this.#options.clock.now(),
    );
    const before = Math.max(ipFailures, isGranted(reservedName) ? reservedName.attempt - 1 : 0);
    const needsCaptcha = (extra: number) =>
      brand.loginCaptcha === 'always' ||
      (brand.loginCaptcha === 'after_failures' && before + extra >= LOGIN_LIMITS.captchaAfterFailures);
    if (needsCaptcha(0)) {
      const answer = payload.captcha?.trim() ?? '';
      if (answer === '') {
        await giveBack();
        await this.#audit(brand.id, null, 'login.captcha_failed', origin, { username, reason: 'missing' });
        throw new AppError('captcha_required', { details: { captcha: true } });
      }
      if (!(await this.#verification.captcha.verify(context.captchaId ?? undefined, answer))) {
        await giveBack();
        await this.#audit(brand.id, null, 'login.captcha_failed', origin, { username, reason: 'wrong' });
        throw new AppError('captcha_error', { details: { captcha: true } });
      }
    }

    const member = await this.#members.findByUsername(brand.id, username);
    // Tells the browser to show a captcha on the next try; computed the same way for unknown and real names.
    const failed = () => new AppError('login_failed', needsCaptcha(1) ? { details: { captcha: true } } : {});
    const now = this.#options.clock.now();
    // A locked account (or one whose last attempts are still being checked) answers 423 before its
    // password is looked at, so guessing during a lock learns nothing and parallel guesses cannot pass 5.
    const accountSlot = member
      ? await this.#members.reserveLoginAttempt(
          member.id,
          now,
          LOGIN_LIMITS.windowMs,
          LOGIN_LIMITS.maxAccountFailures,
        )
      : null;
    if (member && accountSlot && !isGranted(accountSlot)) {
      await giveBack();
      await this.#audit(brand.id, member.id, 'login.refused_locked', origin, { username });
      throw new AppError('account_locked');
    }

    const passwordOk = await verifyPassword(payload.password, member?.password_hash ?? (await this.#dummy()));
    if (!member || !passwordOk) await this.#gates.reserve(ATTEMPT_GATES.loginIpFailures, origin.ip, now);
    if (!member) {
      await this.#audit(brand.id, null, 'login.failure', origin, { username, reason: 'unknown_user' });
      throw failed();
    }
    if (!passwordOk) {
      const locked = await this.#members.lockIfSpent(
        member.id,
        LOGIN_LIMITS.maxAccountFailures,
        new Date(now.getTime() + LOGIN_LIMITS.lockMs),
      );
      await this.#audit(brand.id, member.id, 'login.failure', origin, {
        username,
        reason: 'wrong_password',
        failures: accountSlot && isGranted(accountSlot) ? accountSlot.attempt : null,
      });
      if (locked) {
        await this.#audit(brand.id, member.id, 'account.locked', origin, {
          minutes: LOGIN_LIMITS.lockMs / 60_000,
        });
      }
      throw failed();
    }
    await this.#members.clearLoginFailures(member.id);
    await giveBack();
    return member;
  }

  async #smsLogin(payload: SmsLoginPayload, brand: LoginBrand, context: LoginContext): Promise<MemberRow> {
    const { origin } = context;
    if (!brand.flags('MOBILEVERCODELOGIN3')) {
      await this.#audit(brand.id, null, 'login.refused', origin, { method: 'sms', reason: 'sms_login_off' });
      throw new AppError('forbidden', { message: 'SMS login is switched off for this brand' });
    }
    const { countryDialingCode, mobileNum } = payload;
    if (countryDialingCode === '' || mobileNum === '') throw new AppError('mobile_required');
    if (!DIALING_CODE.test(countryDialingCode) || !MOBILE_NUM.test(mobileNum)) {
      throw new AppError('mobile_format_error');
    }
    const destination = `${countryDialingCode}${mobileNum}`;
    const mobile = maskPhone(destination, countryDialingCode);
    const ipSlot = await this.#reserveIp(brand.id, origin, { method: 'sms', mobile });

    try {
      // The code's own tries are reserved atomically by the codes service (docs/api.md "Attempt limits").
      await this.#verification.codes.consume({
        brandId: brand.id,
        purpose: 'login',
        destination,
        code: payload.verificationCode,
      });
    } catch (error) {
      if (isAppError(error)) {
        await this.#audit(brand.id, null, 'login.failure', origin, {
          method: 'sms',
          mobile,
          reason: error.code,
        });
      }
      throw error;
    }
    const member = await this.#members.findByMobile(brand.id, countryDialingCode, mobileNum);
    if (!member) {
      // Codes go only to numbers of members, so this is a member removed since the code was sent.
      await this.#audit(brand.id, null, 'login.failure', origin, {
        method: 'sms',
        mobile,
        reason: 'unknown_mobile',
      });
      throw new AppError('login_failed');
    }
    await this.#gates.release(ATTEMPT_GATES.loginIp, origin.ip, ipSlot);
    return member;
  }

  /**
   * Lock, disabled, agent-side and exclusion rules, shared by every way in after the member is known (the
   * exclusion here, before a new-IP challenge sends a code; SessionsService.open checks it again for the
   * ways in that do not pass here).
   */
  async #admit(
    member: MemberRow,
    side: LoginSide,
    origin: RequestOrigin,
    checkLock: boolean,
    method: string,
  ): Promise<void> {
    const now = this.#options.clock.now();
    if (
      checkLock &&
      (member.status === 'locked' || (member.locked_until !== null && member.locked_until > now))
    ) {
      await this.#audit(member.brand_id, member.id, 'login.refused_locked', origin);
      throw new AppError('account_locked');
    }
    if (member.status === 'disabled') {
      await this.#audit(member.brand_id, member.id, 'login.refused', origin, { reason: 'disabled' });
      throw new AppError('member_no_enter');
    }
    if (side === 'agent' && !AGENT_TYPES.includes(member.member_type)) {
      await this.#audit(member.brand_id, member.id, 'login.refused', origin, { reason: 'not_agent' });
      throw new AppError('error_not_agent');
    }
    await this.#sessions.refuseExcluded(member, origin, method);
  }

  /** Opens the session, records the IP as known and, when asked, issues a remember-me token. */
  async #complete(
    member: MemberRow,
    origin: RequestOrigin,
    method: string,
    rememberAs: 'username' | 'sms' | null,
  ): Promise<LoginOutcome> {
    await this.#recordKnownIp(member.id, origin.ip);
    const result = await this.#sessions.open(member, origin, method);
    const rememberToken = rememberAs === null ? null : await this.#remember.issue(member, rememberAs, origin);
    return { result, rememberToken };
  }

  #recordKnownIp(memberId: bigint, ip: string): Promise<void> {
    const now = this.#options.clock.now();
    return this.#uow.run(({ auth }) => auth.recordKnownIp(memberId, ip, now));
  }

  /** `POST /wps/session/login/remembered`: a login from the remember-me cookie, which it rotates. */
  async loginRemembered(side: LoginSide, context: LoginContext): Promise<LoginOutcome> {
    const used = await this.#remember.redeem(context.rememberToken, context.origin);
    await this.#admit(used.member, side, context.origin, true, 'remembered');
    await this.#challenges.requireKnownIp(used.member, context.origin, 'remembered', true);
    const rememberToken = await this.#remember.rotate(used, context.origin);
    await this.#recordKnownIp(used.member.id, context.origin.ip);
    const result = await this.#sessions.open(used.member, context.origin, 'remembered');
    return { result, rememberToken };
  }

  /** `POST /wps/session/login/verification`: finishes a login held up by the new-IP step. */
  async verifyLogin(
    input: {
      challengeId: string;
      method: 'sms' | 'email' | 'payee_name';
      code?: string | undefined;
      payeeName?: string | undefined;
    },
    context: LoginContext,
  ): Promise<LoginOutcome> {
    const { member, challenge } = await this.#challenges.verify(input, context.origin);
    // The account may have been locked or disabled while the code travelled; the side was checked before.
    await this.#admit(member, 'member', context.origin, true, challenge.loginType);
    if (challenge.loginType !== 'remembered') {
      return this.#complete(
        member,
        context.origin,
        challenge.loginType,
        challenge.remember ? challenge.loginType : null,
      );
    }
    // A remembered login rotates the cookie that started it, if that cookie is still live and the member's.
    const used = await this.#remember.find(context.rememberToken);
    const rememberToken =
      used && used.member.id === member.id ? await this.#remember.rotate(used, context.origin) : null;
    const outcome = await this.#complete(member, context.origin, 'remembered', null);
    return { ...outcome, rememberToken };
  }

  /**
   * The live session a bearer token names, renewing its idle timer; `not_logged_in` otherwise (also when the
   * member is no longer active: an operator's lock or disable revokes the sessions, and this refuses any
   * that a status change made outside that path left behind). A session that must change its password
   * gets `password_change_required` unless the route allows it.
   *
   * Served from the process's session cache (issue 15 "Reads from memory"): a session row and its member's
   * fields are read once, then dropped by the `lotus_access` announcement of any change to them (migration
   * 0020), in every process; expiry and idleness are still judged against the clock on each request.
   */
  async authenticate(token: string, options: AuthenticateOptions = {}): Promise<Actor> {
    if (token === '') throw new AppError('not_logged_in');
    const tokenHash = hashToken(token);
    const now = this.#options.clock.now();
    let found = await this.#cache.read(tokenHash, () => this.#repository.findSession(tokenHash), tagsOf);
    // The cached idle timer may be older than the row's: another process renews it for requests that land
    // there. A session that looks idle here is read again before it is refused.
    if (found && found.session.revoked_at === null && isIdle(found, now, this.#options.idleMs)) {
      found = await this.#cache.reload(tokenHash, () => this.#repository.findSession(tokenHash), tagsOf);
    }
    if (
      !found ||
      found.session.revoked_at !== null ||
      found.session.expires_at <= now ||
      isIdle(found, now, this.#options.idleMs) ||
      found.member.status !== 'active'
    ) {
      const limitEnded =
        found !== undefined && found.member.status === 'active' && playLimitPassed(found, now);
      throw new AppError(limitEnded ? 'play_session_limit_reached' : 'not_logged_in');
    }
    // The session time limit (issue 17) ends the session at once, before the job revokes it: the row's
    // `play_ends_at` never moves, so the cached copy is as good as the row.
    if (playLimitPassed(found, now)) throw new AppError('play_session_limit_reached');
    // The idle timer only needs renewing now and then: writing the session row on every request made each
    // read (a balance poll) a write too. Renewed at most once per TOUCH_INTERVAL, so a session may end up to
    // that much earlier than a request-exact timer would end it. The cached copy is renewed first, so the
    // requests that follow do not write too.
    const sinceTouch = now.getTime() - found.session.last_seen_at.getTime();
    if (sinceTouch >= Math.min(SESSION_TOUCH_INTERVAL_MS, this.#options.idleMs / 10)) {
      const sessionId = found.session.id;
      this.#cache.update(tokenHash, (entry) => ({
        ...entry,
        session: { ...entry.session, last_seen_at: now },
      }));
      await this.#uow.run(({ auth }) => auth.touchSession(sessionId, now));
    }
    if (found.session.password_change_required && options.allowPasswordChangeRequired !== true) {
      throw new AppError('password_change_required');
    }
    // The rows stay here: the rest of the app sees the caller as an Actor (no hashes, no row types).
    return actorFrom(found);
  }

  /** `DELETE /wps/session/logout`: ends this session and the member's games (docs/api.md). */
  async logout(actor: Actor, origin: RequestOrigin, rememberToken: string | null = null): Promise<void> {
    const revoked = await this.#revocation.revokeMemberAccess(actor.memberId, 'logout', {
      sessionId: actor.sessionId,
      rememberToken,
    });
    await this.#repository.audit({
      brandId: actor.brandId,
      memberId: actor.memberId,
      action: 'session.revoked',
      ip: origin.ip,
      userAgent: clipUserAgent(origin.userAgent),
      detail: {
        reason: 'logout',
        rememberTokens: revoked.rememberTokens,
        launchSessions: revoked.launchSessions,
        studioSessions: revoked.studioSessions,
      },
      at: this.#options.clock.now(),
    });
  }
}
