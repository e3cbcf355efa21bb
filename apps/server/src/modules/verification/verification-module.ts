import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/unit-of-work.ts';
import type { AttemptCounter } from '../../lib/attempt-gate.ts';
import type { Clock } from '../../lib/clock.ts';
import { createNotifiers, type Notifiers } from '../../lib/notify/notifiers.ts';
import type { NotifyLog } from '../../lib/notify/notify-log.ts';
import { OutboxRepository } from '../../lib/notify/outbox.repository.ts';
import { createAttemptGatesModule } from '../attempt-gates/attempt-gates-module.ts';
import type { MembersApi } from '../members/members-api.ts';
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
  // The send and captcha limits count in attempt_gates (docs/api.md "Limits"), atomically across processes.
  gates: AttemptCounter = createAttemptGatesModule({ db }).api,
): Verification {
  const repository = new VerificationRepository(db);
  const notifiers = createNotifiers(db, config, log);
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

export type VerificationModuleDeps = {
  db: Kysely<Database>;
  config: VerificationConfig;
  clock: Clock;
  log: NotifyLog;
  gates: AttemptCounter;
  /** Who a mobile number belongs to (members module). */
  members: MembersApi;
  /** The brand of a host and its switches (system module). */
  brands: BrandLookup;
  /** The member audit trail (auth module). */
  audit: Audit;
};

/**
 * Captcha, human check, SMS / e-mail codes and the dev inbox (docs/accounts-contract.md). `api` is what the
 * login, registration and password flows use.
 */
export function createVerificationModule(deps: VerificationModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: Verification;
} {
  const verification = createVerification(deps.db, deps.config, deps.clock, deps.log, deps.gates);
  return { routes: verificationRoutes(verification, deps), api: verification };
}

/** The routes of the module: `brands` is the SystemService, `audit` SessionsService.audit. */
function verificationRoutes(
  verification: Verification,
  deps: { members: MembersApi; brands: BrandLookup; audit: Audit },
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
