import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import { HttpMailProvider, type MailProvider, OutboxMailProvider } from './mail-provider.ts';
import type { NotifyLog } from './notify-log.ts';
import { outboxWriter } from './outbox.repository.ts';
import { HttpSmsProvider, OutboxSmsProvider, type SmsProvider } from './sms-provider.ts';

export type Notifiers = { sms: SmsProvider; mail: MailProvider };

/** The HTTP gateways when `SMS_PROVIDER_URL` / `MAIL_PROVIDER_URL` are set, the outbox otherwise. */
export function createNotifiers(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'smsProvider' | 'mailProvider'>,
  log: NotifyLog,
): Notifiers {
  const outbox = outboxWriter(db);
  return {
    sms: config.smsProvider
      ? new HttpSmsProvider(config.smsProvider, log)
      : new OutboxSmsProvider(outbox, log),
    mail: config.mailProvider
      ? new HttpMailProvider(config.mailProvider, log)
      : new OutboxMailProvider(outbox, log),
  };
}
