import type { LoginChallenge, LoginVerificationMethod } from '@lotus/shared/auth.schema';
import type { MemberRow } from '../../db/tables/accounts.ts';
import type { Db } from '../../db/unit-of-work.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { maskEmail, maskMobile, maskPhone } from '../../lib/notify/mask.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { hashToken, newSecret } from '../../lib/secret-token.ts';
import type { MembersApi } from '../members/members-api.ts';
import { AuthRepository, type ChallengedLoginType, type LoginChallengeRecord } from './auth.repository.ts';
import { type AuthUnitOfWork, authUnitOfWork } from './auth-unit.ts';
import type { LoginCodes } from './login-dependencies.ts';
import type { SessionsService } from './sessions.service.ts';

/** docs/accounts-contract.md "Login": a challenge lives 10 minutes and dies after 5 wrong tries. */
export const CHALLENGE_LIMITS = { ttlMs: 10 * 60_000, maxTries: 5 } as const;

/** Payee names compare without regard to case or spacing ("asha  VERMA" is "Asha Verma"). */
export function normalizePayeeName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

function methodsOf(member: MemberRow): LoginChallenge['methods'] {
  const methods: LoginChallenge['methods'] = [];
  if (member.country_dialing_code && member.mobile_num) {
    methods.push({ method: 'sms', hint: `${member.country_dialing_code} ${maskMobile(member.mobile_num)}` });
  }
  if (member.email) methods.push({ method: 'email', hint: maskEmail(member.email) });
  if (member.payee_name && normalizePayeeName(member.payee_name) !== '')
    methods.push({ method: 'payee_name' });
  return methods;
}

/** Where a code for `method` goes (null when the account lost that data since the challenge). */
function destinationOf(member: MemberRow, method: 'sms' | 'email'): string | null {
  if (method === 'email') return member.email;
  return member.country_dialing_code && member.mobile_num
    ? `${member.country_dialing_code}${member.mobile_num}`
    : null;
}

export type VerifiedChallenge = { member: MemberRow; challenge: LoginChallengeRecord };

/**
 * The new-IP step-up: a login from an IP the member has never logged in from (once it has any) must be
 * confirmed by an SMS or e-mail code or the payee name before a session opens.
 */
export class LoginChallengeService {
  readonly #repository: AuthRepository<Db>;
  readonly #uow: AuthUnitOfWork;
  readonly #members: MembersApi;
  readonly #sessions: SessionsService;
  readonly #codes: LoginCodes;
  readonly #clock: Clock;

  constructor(db: Db, members: MembersApi, sessions: SessionsService, codes: LoginCodes, clock: Clock) {
    this.#repository = new AuthRepository(db);
    this.#uow = authUnitOfWork(db);
    this.#members = members;
    this.#sessions = sessions;
    this.#codes = codes;
    this.#clock = clock;
  }

  /**
   * Lets the login through when the IP is known or the account has no known IP yet; otherwise opens a
   * challenge and throws `login_verification_required` with its id and the masked methods. An account with
   * no data to verify against goes through, audited.
   */
  async requireKnownIp(
    member: MemberRow,
    origin: RequestOrigin,
    loginType: ChallengedLoginType,
    remember: boolean,
  ): Promise<void> {
    const { total, known } = await this.#repository.knownIps(member.id, origin.ip);
    if (total === 0 || known) return;
    const methods = methodsOf(member);
    if (methods.length === 0) {
      await this.#sessions.audit(member.brand_id, member.id, 'login.new_ip_unverifiable', origin, {
        loginType,
      });
      return;
    }
    const now = this.#clock.now();
    const challengeId = newSecret();
    const challenge = {
      idHash: hashToken(challengeId),
      memberId: member.id,
      ip: origin.ip,
      loginType,
      remember,
      methods: methods.map((entry) => entry.method),
      now,
      expiresAt: new Date(now.getTime() + CHALLENGE_LIMITS.ttlMs),
    };
    await this.#uow.run(({ auth }) => auth.createChallenge(challenge));
    await this.#sessions.audit(member.brand_id, member.id, 'login.verification_required', origin, {
      loginType,
      methods: methods.map((entry) => entry.method),
    });
    throw new AppError('login_verification_required', { details: { challengeId, methods } });
  }

  /** A live challenge from this IP that offers `method`, with its member; `login_verification_failed` otherwise. */
  async #live(
    challengeId: string,
    method: LoginVerificationMethod,
    origin: RequestOrigin,
  ): Promise<{ challenge: LoginChallengeRecord; member: MemberRow }> {
    const challenge = await this.#repository.findChallenge(hashToken(challengeId));
    const now = this.#clock.now();
    // Bound to the IP it was made for: a challenge id that leaks is no use from anywhere else.
    if (
      !challenge ||
      challenge.consumedAt !== null ||
      challenge.expiresAt <= now ||
      challenge.attempts >= CHALLENGE_LIMITS.maxTries ||
      challenge.ip !== origin.ip
    ) {
      await this.#sessions.audit(null, challenge?.memberId ?? null, 'login.verification_failed', origin, {
        reason: 'no_live_challenge',
      });
      throw new AppError('login_verification_failed', { message: 'no live challenge for this id and IP' });
    }
    if (!challenge.methods.includes(method)) {
      throw new AppError('invalid_request', { message: `method ${method} was not offered` });
    }
    const member = await this.#members.findById(challenge.memberId);
    if (!member) throw new AppError('login_verification_failed', { message: 'member gone' });
    return { challenge, member };
  }

  async send(
    challengeId: string,
    method: 'sms' | 'email',
    origin: RequestOrigin,
  ): Promise<{ expiredMinutes: number }> {
    const { member } = await this.#live(challengeId, method, origin);
    const destination = destinationOf(member, method);
    if (destination === null) throw new AppError('login_verification_failed', { message: 'no destination' });
    const sent = await this.#codes.send({
      brandId: member.brand_id,
      purpose: 'login_verify',
      channel: method,
      destination,
      ip: origin.ip,
      language: member.language,
    });
    await this.#sessions.audit(member.brand_id, member.id, 'login.verification_sent', origin, {
      method,
      to:
        method === 'sms'
          ? maskPhone(destination, member.country_dialing_code ?? undefined)
          : maskEmail(destination),
    });
    return { expiredMinutes: sent.expiredMinutes };
  }

  /**
   * Checks a code or payee name against a challenge; each check spends one of its 5 tries. A wrong SMS or
   * e-mail code answers the code's own error (`sms_code_invalid`, ...) while tries remain; a wrong payee
   * name, and anything once the tries are gone, answers `login_verification_failed`.
   */
  async verify(
    input: {
      challengeId: string;
      method: LoginVerificationMethod;
      code?: string | undefined;
      payeeName?: string | undefined;
    },
    origin: RequestOrigin,
  ): Promise<VerifiedChallenge> {
    const { member } = await this.#live(input.challengeId, input.method, origin);
    const code = input.code ?? '';
    if (input.method !== 'payee_name' && code === '') throw new AppError('sms_code_required');
    const idHash = hashToken(input.challengeId);
    const triedAt = this.#clock.now();
    const spent = await this.#uow.run(({ auth }) =>
      auth.spendChallengeTry(idHash, CHALLENGE_LIMITS.maxTries, triedAt),
    );
    if (!spent) throw new AppError('login_verification_failed', { message: 'challenge used up' });
    const triesLeft = CHALLENGE_LIMITS.maxTries - spent.attempts;
    const fail = async (reason: string, error: AppError): Promise<never> => {
      await this.#sessions.audit(member.brand_id, member.id, 'login.verification_failed', origin, {
        method: input.method,
        reason,
        triesLeft,
      });
      throw triesLeft > 0 ? error : new AppError('login_verification_failed', { message: 'last try spent' });
    };

    if (input.method === 'payee_name') {
      const expected = normalizePayeeName(member.payee_name ?? '');
      const given = normalizePayeeName(input.payeeName ?? '');
      if (expected === '' || given !== expected) {
        await fail('wrong_payee_name', new AppError('login_verification_failed'));
      }
    } else {
      const destination = destinationOf(member, input.method);
      if (destination === null) await fail('no_destination', new AppError('login_verification_failed'));
      try {
        await this.#codes.consume({
          brandId: member.brand_id,
          purpose: 'login_verify',
          destination: destination ?? '',
          code,
        });
      } catch (error) {
        if (!isAppError(error)) throw error;
        await fail(error.code, error);
      }
    }

    const usedAt = this.#clock.now();
    if (!(await this.#uow.run(({ auth }) => auth.consumeChallenge(idHash, usedAt)))) {
      throw new AppError('login_verification_failed', { message: 'challenge consumed concurrently' });
    }
    await this.#sessions.audit(member.brand_id, member.id, 'login.verified', origin, {
      method: input.method,
    });
    return { member, challenge: spent };
  }
}
