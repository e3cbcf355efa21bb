import { randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeChannel, CodePurpose } from '../../db/tables/account-flows.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type AttemptCounter,
  type AttemptGate,
  type GateClaim,
  reserveEach,
} from '../../lib/attempt-gate.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Notifiers } from '../../lib/notify/notifiers.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { VerificationRepository } from './verification.repository.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_GUESSES = 5;
/** The resend countdown the browser shows is `expiredMinutes` × 60 s; the server enforces the same. */
export const RESEND_MINUTES = 1;
const HOUR_MS = 3_600_000;
const MAX_PER_DESTINATION_PER_HOUR = 5;
const MAX_PER_IP_PER_HOUR = 10;
export const DEFAULT_DAILY_SMS_QUOTA = 5000;

/**
 * The send limits, counted in `attempt_gates` (docs/api.md "Limits"). They used to count the stored codes
 * before inserting one, so 50 sends at once all read the same count and all went out (SMS pumping bills
 * per message). Each send now reserves its slot on every gate first, in one statement per gate.
 */
export const CODE_SEND_GATES = {
  /** One send a minute per destination and purpose (the resend countdown the browser shows). */
  cooldown: { name: 'code_cooldown', limit: 1, windowMs: RESEND_MINUTES * 60_000 },
  /** 5 sends an hour per destination, any purpose. */
  destination: { name: 'code_destination', limit: MAX_PER_DESTINATION_PER_HOUR, windowMs: HOUR_MS },
  /** 10 sends an hour per IP, any destination. */
  ip: { name: 'code_ip', limit: MAX_PER_IP_PER_HOUR, windowMs: HOUR_MS },
} as const satisfies Record<string, AttemptGate>;

/** The brand's daily SMS quota; its limit is the configured `SMS_DAILY_QUOTA`. */
const SMS_QUOTA_GATE = { name: 'sms_brand_day', windowMs: 24 * HOUR_MS } as const;

export type SendCodeInput = {
  brandId: bigint;
  purpose: CodePurpose;
  channel: CodeChannel;
  /** '+919000000001' for SMS, the address for e-mail. */
  destination: string;
  ip: string;
  /** 'EN', 'HI', ...; anything without a text falls back to English. */
  language: string | null | undefined;
  /**
   * false → everything but the delivery (the code is stored and counted, nobody receives it). The SMS send
   * for a number with no account uses it, so neither the answer nor the limits tell whether it exists.
   */
  deliver?: boolean;
};

export type ConsumeCodeInput = {
  brandId: bigint;
  purpose: CodePurpose;
  destination: string;
  code: string | null | undefined;
};

type Texts = {
  sms: (brand: string, code: string) => string;
  subject: (brand: string) => string;
  mail: (brand: string, code: string) => string;
};

const TEXTS: Record<'EN' | 'HI', Texts> = {
  EN: {
    sms: (brand, code) =>
      `${brand}: your verification code is ${code}. It is valid for 10 minutes. Never share it with anyone.`,
    subject: (brand) => `${brand} verification code`,
    mail: (brand, code) =>
      `Your ${brand} verification code is ${code}.\n\nIt is valid for 10 minutes and works once. If you did not ask for it, ignore this e-mail; never share the code with anyone.`,
  },
  HI: {
    sms: (brand, code) =>
      `${brand}: आपका सत्यापन कोड ${code} है। यह 10 मिनट तक मान्य है। इसे कभी किसी के साथ साझा न करें।`,
    subject: (brand) => `${brand} सत्यापन कोड`,
    mail: (brand, code) =>
      `आपका ${brand} सत्यापन कोड ${code} है।\n\nयह 10 मिनट तक मान्य है और एक बार ही काम करता है। अगर आपने इसे नहीं माँगा, तो इस ई-मेल को अनदेखा करें; कोड कभी किसी के साथ साझा न करें।`,
  },
};

function textsOf(language: string | null | undefined): Texts {
  return language?.toUpperCase() === 'HI' ? TEXTS.HI : TEXTS.EN;
}

function sameHash(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * One-time codes by SMS or e-mail (docs/accounts-contract.md "SMS codes"): 6 digits, 10 minutes, single
 * use, 5 wrong guesses kill a code, a new send retires the older codes of the same purpose. Limits
 * (CODE_SEND_GATES, atomic): one send a minute per destination and purpose, 5 an hour per destination, 10
 * an hour per IP, and the brand's daily SMS quota. Only the code's hash is stored; the code itself exists
 * only in the message handed to the provider.
 */
export class VerificationCodesService {
  readonly #repository: VerificationRepository<Db>;
  readonly #uow: UnitOfWork<{ verification: VerificationRepository<Tx> }>;
  readonly #notifiers: Notifiers;
  readonly #clock: Clock;
  readonly #gates: AttemptCounter;
  readonly #smsQuotaGate: AttemptGate;

  /**
   * `dailySmsQuota`: SMS codes one brand may send in 24 hours (`SMS_DAILY_QUOTA`). Gateways bill per message;
   * a cap turns an SMS-pumping attack that slips past the per-number and per-IP limits into a refusal
   * (`sms_quota_exceeded`, "contact support") instead of an open-ended bill.
   */
  constructor(
    db: Db,
    notifiers: Notifiers,
    options: { clock: Clock; gates: AttemptCounter; dailySmsQuota?: number },
  ) {
    this.#repository = new VerificationRepository(db);
    this.#uow = new UnitOfWork(db, (trx) => ({ verification: new VerificationRepository(trx) }));
    this.#notifiers = notifiers;
    this.#clock = options.clock;
    this.#gates = options.gates;
    this.#smsQuotaGate = { ...SMS_QUOTA_GATE, limit: options.dailySmsQuota ?? DEFAULT_DAILY_SMS_QUOTA };
  }

  async send(input: SendCodeInput): Promise<{ expiredMinutes: number }> {
    const now = this.#clock.now();
    const claims: GateClaim[] = [
      {
        gate: CODE_SEND_GATES.cooldown,
        subject: `${input.brandId}:${input.purpose}:${input.destination}`,
      },
      { gate: CODE_SEND_GATES.destination, subject: `${input.brandId}:${input.destination}` },
      { gate: CODE_SEND_GATES.ip, subject: input.ip },
    ];
    // Undelivered sends (a number without an account) count too, so the quota does not tell them apart.
    if (input.channel === 'sms') claims.push({ gate: this.#smsQuotaGate, subject: String(input.brandId) });
    const slot = await reserveEach(this.#gates, claims, now);
    if (!slot.granted) {
      if (slot.refusedBy === this.#smsQuotaGate) {
        throw new AppError('sms_quota_exceeded', { message: 'brand daily SMS quota reached' });
      }
      throw new AppError('sms_too_many_requests', { message: `${slot.refusedBy.name} limit` });
    }

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    let id: bigint;
    try {
      const fresh = {
        brandId: input.brandId,
        purpose: input.purpose,
        channel: input.channel,
        destination: input.destination,
        codeHash: hashToken(code),
        ip: input.ip,
        now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      };
      id = await this.#uow.run(({ verification }) => verification.replaceCode(fresh));
    } catch (error) {
      // No code was stored, so nothing was sent: the slots go back.
      await slot.release();
      throw error;
    }
    if (input.deliver === false) return { expiredMinutes: RESEND_MINUTES };

    const brand = (await this.#repository.brandName(input.brandId)) ?? 'Lotus';
    const texts = textsOf(input.language);
    try {
      if (input.channel === 'sms') {
        await this.#notifiers.sms.send({
          brandId: input.brandId,
          to: input.destination,
          text: texts.sms(brand, code),
        });
      } else {
        await this.#notifiers.mail.send({
          brandId: input.brandId,
          to: input.destination,
          subject: texts.subject(brand),
          text: texts.mail(brand, code),
        });
      }
    } catch (error) {
      // Nobody received this code: drop it and give its slots back, so the user can ask again at once
      // instead of after the cooldown, and an outage does not use up the limits.
      const stored = id;
      await this.#uow.run(({ verification }) => verification.deleteCode(stored));
      await slot.release();
      throw error;
    }
    return { expiredMinutes: RESEND_MINUTES };
  }

  /** Consumes the newest code of (brand, purpose, destination); throws `sms_code_*` otherwise. */
  async consume(input: ConsumeCodeInput): Promise<void> {
    const code = typeof input.code === 'string' ? input.code.trim() : '';
    if (code.length === 0) throw new AppError('sms_code_required');
    const now = this.#clock.now();
    const row = await this.#repository.latestCode(input.brandId, input.purpose, input.destination);
    if (!row || row.consumed_at !== null || row.attempts >= MAX_WRONG_GUESSES) {
      throw new AppError('sms_code_invalid', { message: 'no live code' });
    }
    if (row.expires_at.getTime() <= now.getTime()) throw new AppError('sms_code_expired');
    // The try is spent before the code is compared, so N guesses at once spend N tries and at most
    // MAX_WRONG_GUESSES of them are ever compared (docs/api.md "Attempt limits").
    const reserved = await this.#uow.run(({ verification }) =>
      verification.reserveCodeTry(row.id, MAX_WRONG_GUESSES, now),
    );
    if (!reserved) throw new AppError('sms_code_invalid', { message: 'no live code' });
    if (!/^[0-9]{6}$/.test(code) || !sameHash(reserved.codeHash, hashToken(code))) {
      throw new AppError('sms_code_invalid', { message: 'wrong code' });
    }
    if (!(await this.#uow.run(({ verification }) => verification.consumeCode(row.id, now)))) {
      throw new AppError('sms_code_invalid', { message: 'code consumed concurrently' });
    }
  }
}
