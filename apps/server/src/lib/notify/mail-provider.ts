import type { HttpProviderConfig } from '../../config/env.ts';
import { postJson } from './http-post.ts';
import { maskEmail } from './mask.ts';
import type { NotifyLog } from './notify-log.ts';
import type { OutboxWriter } from './outbox.repository.ts';

export type MailMessage = { brandId: bigint | null; to: string; subject: string; text: string };

/** Sends one plain-text e-mail; throws `AppError('sms_send_failed')` when the gateway refuses it. */
export interface MailProvider {
  send(message: MailMessage): Promise<void>;
}

/** The default provider: the e-mail lands in `outbox_messages`; the log line never holds the body. */
export class OutboxMailProvider implements MailProvider {
  readonly #outbox: OutboxWriter;
  readonly #log: NotifyLog;

  constructor(outbox: OutboxWriter, log: NotifyLog) {
    this.#outbox = outbox;
    this.#log = log;
  }

  async send({ brandId, to, subject, text }: MailMessage): Promise<void> {
    const outboxId = await this.#outbox.insert({
      brandId,
      channel: 'email',
      destination: to,
      subject,
      body: text,
    });
    this.#log.info(
      { channel: 'email', to: maskEmail(to), outboxId: String(outboxId) },
      'mail queued in outbox',
    );
  }
}

/** A real gateway: POST `{ to, subject, text }` as JSON with `Authorization: Bearer <MAIL_PROVIDER_TOKEN>`. */
export class HttpMailProvider implements MailProvider {
  readonly #config: HttpProviderConfig;
  readonly #log: NotifyLog;

  constructor(config: HttpProviderConfig, log: NotifyLog) {
    this.#config = config;
    this.#log = log;
  }

  async send({ to, subject, text }: MailMessage): Promise<void> {
    await postJson(this.#config.url, this.#config.token, { to, subject, text });
    this.#log.info({ channel: 'email', to: maskEmail(to) }, 'mail handed to gateway');
  }
}
