import { randomBytes } from 'node:crypto';
import { type LoginResult, loginPayloadSchema } from '@lotus/shared/auth.schema';
import type { MemberRow, SessionRow } from '../../db/tables/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { clipUserAgent, type RequestOrigin } from '../../lib/request-origin.ts';
import type { MembersRepository } from '../members/members.repository.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { SealedPayloadService } from './sealed-payload.service.ts';
import { hashToken, type SessionOptions, type SessionsService } from './sessions.service.ts';

/** Abuse limits (docs/api.md "Accounts and sessions"). */
export const LOGIN_LIMITS = {
  /** Failures of one account within `windowMs` that lock it. */
  maxAccountFailures: 5,
  /** Failures from one IP within `windowMs` after which its logins are refused with 429. */
  maxIpFailures: 20,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

export type AuthOptions = SessionOptions;

export type BrandResolver = (host: string | null) => Promise<{ id: bigint }>;

export type AuthenticatedSession = { session: SessionRow; member: MemberRow };

export class AuthService {
  readonly #members: MembersRepository;
  readonly #repository: AuthRepository;
  readonly #sealed: SealedPayloadService;
  readonly #sessions: SessionsService;
  readonly #options: AuthOptions;
  readonly #resolveBrand: BrandResolver;
  /** Verified for unknown usernames so they cost the same scrypt work as a wrong password. */
  #dummyHash: Promise<string> | null = null;

  constructor(
    members: MembersRepository,
    repository: AuthRepository,
    sealed: SealedPayloadService,
    sessions: SessionsService,
    resolveBrand: BrandResolver,
    options: AuthOptions,
  ) {
    this.#sessions = sessions;
    this.#resolveBrand = resolveBrand;
    this.#members = members;
    this.#repository = repository;
    this.#sealed = sealed;
    this.#options = options;
  }

  #dummy(): Promise<string> {
    this.#dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
    return this.#dummyHash;
  }

  /**
   * Username login from a sealed body. Unknown username and wrong password do the same work and give the
   * same `login_failed`; a locked account gets `account_locked` (423); an IP with too many recent failures
   * gets `too_many_requests` (429) before any password is checked.
   */
  async login(body: unknown, origin: RequestOrigin): Promise<LoginResult> {
    const opened = await this.#sealed.openSealed(body);
    const parsed = loginPayloadSchema.safeParse(opened);
    if (!parsed.success) {
      throw new AppError('invalid_request', {
        message: 'login payload failed its schema',
        details: {
          issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })),
        },
      });
    }
    const { username, password } = parsed.data;
    const brand = await this.#resolveBrand(origin.host);
    const now = this.#options.clock.now();
    const userAgent = clipUserAgent(origin.userAgent);
    const audit = (action: string, memberId: bigint | null, detail: Record<string, unknown> = {}) =>
      this.#repository.audit({
        brandId: brand.id,
        memberId,
        action,
        ip: origin.ip,
        userAgent,
        detail,
        at: now,
      });

    const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
    if ((await this.#repository.countFailuresFromIp(origin.ip, since)) >= LOGIN_LIMITS.maxIpFailures) {
      await audit('login.throttled', null, { username });
      throw new AppError('too_many_requests', { message: 'too many failed logins from this IP' });
    }

    const member = await this.#members.findByUsername(brand.id, username);
    const passwordOk = await verifyPassword(password, member?.password_hash ?? (await this.#dummy()));

    if (!member) {
      await audit('login.failure', null, { username, reason: 'unknown_user' });
      throw new AppError('login_failed');
    }
    if (member.status === 'locked' || (member.locked_until !== null && member.locked_until > now)) {
      await audit('login.refused_locked', member.id);
      throw new AppError('account_locked');
    }
    if (!passwordOk) {
      const { failures, locked } = await this.#members.recordFailure(
        member.id,
        now,
        LOGIN_LIMITS.windowMs,
        LOGIN_LIMITS.maxAccountFailures,
        new Date(now.getTime() + LOGIN_LIMITS.lockMs),
      );
      await audit('login.failure', member.id, { reason: 'wrong_password', failures });
      if (locked) await audit('account.locked', member.id, { minutes: LOGIN_LIMITS.lockMs / 60_000 });
      throw new AppError('login_failed');
    }

    return this.#sessions.open(member, origin, 'username');
  }

  /** The live session a bearer token names, renewing its idle timer; `not_logged_in` otherwise. */
  async authenticate(token: string): Promise<AuthenticatedSession> {
    const found = token === '' ? undefined : await this.#repository.findSession(hashToken(token));
    const now = this.#options.clock.now();
    if (
      !found ||
      found.session.revoked_at !== null ||
      found.session.expires_at <= now ||
      found.session.last_seen_at.getTime() + this.#options.idleMs <= now.getTime() ||
      found.member.status !== 'active'
    ) {
      throw new AppError('not_logged_in');
    }
    await this.#repository.touchSession(found.session.id, now);
    return found;
  }

  async logout(current: AuthenticatedSession, origin: RequestOrigin): Promise<void> {
    const now = this.#options.clock.now();
    await this.#repository.revokeSession(current.session.id, now);
    await this.#repository.audit({
      brandId: current.member.brand_id,
      memberId: current.member.id,
      action: 'session.revoked',
      ip: origin.ip,
      userAgent: clipUserAgent(origin.userAgent),
      detail: { reason: 'logout' },
      at: now,
    });
  }
}
