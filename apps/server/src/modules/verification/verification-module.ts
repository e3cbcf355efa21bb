import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { createNotifiers, type Notifiers } from '../../lib/notify/notifiers.ts';
import type { NotifyLog } from '../../lib/notify/notify-log.ts';
import { OutboxRepository } from '../../lib/notify/outbox.repository.ts';
import { AttemptGates } from '../attempt-gates/attempt-gates.ts';
import type { MembersRepository } from '../members/members.repository.ts';
import { CaptchaService } from './captcha.service.ts';
import { HumanCheckService } from './human-check.service.ts';
import { type Audit, type BrandLookup, SmsSendService } from './sms-send.service.ts';
import { VerificationRepository } from './verification.repository.ts';
import { verificationRoutesOf } from './verification.routes.ts';
import { VerificationCodesService } from './verification-codes.service.ts';

export type VerificationConfig = Pick<
  AppConfig,
  'devInbox' | 'smsProvider' | 'mailProvider' | 'humanCheckBits' | 'smsDailyQuota'
>;

export type Verification = {
  captcha: CaptchaService;
  human: HumanCheckService;
  codes: VerificationCodesService;
  notifiers: Notifiers;
  repository: VerificationRepository<Db>;
  outbox: OutboxRepository;
  devInbox: boolean;
};

/** The verification services other modules use (login, registration, passwords), wired once in app.ts. */
export function createVerification(
  db: Kysely<Database>,
  config: VerificationConfig,
  clock: Clock,
  log: NotifyLog,
): Verification {
  const repository = new VerificationRepository(db);
  const notifiers = createNotifiers(db, config, log);
  // The send and captcha limits count in attempt_gates (docs/api.md "Limits"), atomically across processes.
  const gates = new AttemptGates(db);
  return {
    captcha: new CaptchaService(db, { clock, gates, devInbox: config.devInbox }),
    human: new HumanCheckService(db, { clock, difficulty: config.humanCheckBits }),
    codes: new VerificationCodesService(db, notifiers, {
      clock,
      gates,
      dailySmsQuota: config.smsDailyQuota,
    }),
    notifiers,
    repository,
    outbox: new OutboxRepository(db),
    devInbox: config.devInbox,
  };
}

/** The routes of the module: `brands` is the SystemService, `audit` SessionsService.audit. */
export function verificationRoutes(
  verification: Verification,
  deps: { members: MembersRepository; brands: BrandLookup; audit: Audit },
) {
  const smsSend = new SmsSendService({
    members: deps.members,
    human: verification.human,
    codes: verification.codes,
    brands: deps.brands,
    audit: deps.audit,
  });
  return verificationRoutesOf({
    captcha: verification.captcha,
    human: verification.human,
    smsSend,
    outbox: verification.outbox,
    devInbox: verification.devInbox,
  });
}
