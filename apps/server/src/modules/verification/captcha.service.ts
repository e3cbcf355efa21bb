import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AttemptCounter, type AttemptGate, reserveEach } from '../../lib/attempt-gate.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken, newSecret } from '../../lib/secret-token.ts';
import { CAPTCHA_ALPHABET, renderCaptcha } from './captcha-image.ts';
import { VerificationRepository } from './verification.repository.ts';

/** The HttpOnly cookie that carries the captcha id (docs/accounts-contract.md "Captcha"). */
export const CAPTCHA_COOKIE = 'lotus_captcha';
export const CAPTCHA_TTL_MS = 5 * 60_000;
const ANSWER_LENGTH = 4;
/**
 * Per IP: at most one captcha a second and 30 per 10 minutes, counted in `attempt_gates` before the captcha
 * is made (docs/api.md "Limits"). Counting the rows issued so far let 50 requests at once all read "0".
 */
export const CAPTCHA_GATES = {
  perSecond: { name: 'captcha_second', limit: 1, windowMs: 1_000 },
  perWindow: { name: 'captcha_ip', limit: 30, windowMs: 10 * 60_000 },
} as const satisfies Record<string, AttemptGate>;
/** Captchas live 5 minutes; a day later their rows are only clutter (the limits count in attempt_gates). */
const KEEP_MS = 24 * 3_600_000;
/** Bound of the developer-inbox answer map (a dev server, but still a long-lived process). */
const MAX_DEV_ANSWERS = 1_000;

/** The captcha id of the request's cookie, if any. */
export function captchaIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[CAPTCHA_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The answer is bound to its id, so one answer hash cannot be matched against another captcha's. */
function answerHash(id: string, answer: string): string {
  return hashToken(`${id}:${answer.toUpperCase()}`);
}

/**
 * Image captchas: 4 characters, case-insensitive, single-use (a wrong answer burns it), 5 minutes. Only
 * hashes of the id and answer are stored. With the developer inbox on, answers are also kept in memory
 * (never in the database or a response other than `/dev/captcha`) so journeys can read them.
 */
export class CaptchaService {
  readonly #uow: UnitOfWork<{ verification: VerificationRepository<Tx> }>;
  readonly #clock: Clock;
  readonly #gates: AttemptCounter;
  readonly #devAnswers: Map<string, { answer: string; expiresAt: number }> | null;

  constructor(db: Db, options: { clock: Clock; gates: AttemptCounter; devInbox: boolean }) {
    this.#uow = new UnitOfWork(db, (trx) => ({ verification: new VerificationRepository(trx) }));
    this.#clock = options.clock;
    this.#gates = options.gates;
    this.#devAnswers = options.devInbox ? new Map() : null;
  }

  /** A new captcha for `ip`: its id (for the cookie) and the PNG (base64, no `data:` prefix). */
  async issue(ip: string): Promise<{ id: string; pngBase64: string }> {
    const now = this.#clock.now();
    const slot = await reserveEach(
      this.#gates,
      [
        { gate: CAPTCHA_GATES.perSecond, subject: ip },
        { gate: CAPTCHA_GATES.perWindow, subject: ip },
      ],
      now,
    );
    if (!slot.granted) throw new AppError('too_many_requests', { message: 'captcha rate limit' });
    const answer = Array.from(
      { length: ANSWER_LENGTH },
      () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)],
    ).join('');
    const id = newSecret();
    const captcha = {
      idHash: hashToken(id),
      answerHash: answerHash(id, answer),
      ip,
      now,
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    };
    await this.#uow.run(({ verification }) => verification.insertCaptcha(captcha));
    // Housekeeping rides on an IP's first captcha in a window (cheap, indexed) instead of a scheduler.
    if (slot.attempts[1] === 1) {
      const before = new Date(now.getTime() - KEEP_MS);
      await this.#uow.run(({ verification }) => verification.deleteCaptchasBefore(before));
    }
    this.#rememberDevAnswer(id, answer, now.getTime() + CAPTCHA_TTL_MS);
    return { id, pngBase64: renderCaptcha(answer).toString('base64') };
  }

  /** Whether `answer` solves captcha `id`; consumes the captcha either way. */
  async verify(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || id.length > 128) return false;
    this.#devAnswers?.delete(id);
    const idHash = hashToken(id);
    const now = this.#clock.now();
    const stored = await this.#uow.run(({ verification }) => verification.consumeCaptcha(idHash, now));
    if (stored === undefined || typeof answer !== 'string') return false;
    const trimmed = answer.trim();
    if (trimmed.length !== ANSWER_LENGTH) return false;
    return stored === answerHash(id, trimmed);
  }

  /**
   * Developer inbox only: the answer of an unexpired captcha issued by this process, else null. A captcha
   * used through another process stays listed until it expires; it fails verification anyway.
   */
  devAnswer(id: string | undefined): string | null {
    if (!this.#devAnswers || !id) return null;
    const entry = this.#devAnswers.get(id);
    return entry && entry.expiresAt > this.#clock.now().getTime() ? entry.answer : null;
  }

  #rememberDevAnswer(id: string, answer: string, expiresAt: number): void {
    if (!this.#devAnswers) return;
    if (this.#devAnswers.size >= MAX_DEV_ANSWERS) {
      const oldest = this.#devAnswers.keys().next().value;
      if (oldest !== undefined) this.#devAnswers.delete(oldest);
    }
    this.#devAnswers.set(id, { answer, expiresAt });
  }
}
