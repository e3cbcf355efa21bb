import type { HttpProviderConfig } from '../../config/env.ts';
import { postJson } from './http-post.ts';
import { maskPhone } from './mask.ts';
import type { NotifyLog } from './notify-log.ts';
import type { OutboxWriter } from './outbox.repository.ts';

export type SmsMessage = { brandId: bigint | null; to: string; text: string };

/** Sends one text message; throws `AppError('sms_send_failed')` when the gateway refuses it. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default provider: the message lands in `outbox_messages` (read by the developer inbox and the ops
 * CLI), so every flow works without a paid gateway. The log line names the row, never the body.
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly #outbox: OutboxWriter;
  readonly #log: NotifyLog;

  constructor(outbox: OutboxWriter, log: NotifyLog) {
    this.#outbox = outbox;
    this.#log = log;
  }

  async send({ brandId, to, text }: SmsMessage): Promise<void> {
    const outboxId = await this.#outbox.insert({
      brandId,
      channel: 'sms',
      destination: to,
      subject: null,
      body: text,
    });
    this.#log.info({ channel: 'sms', to: maskPhone(to), outboxId: String(outboxId) }, 'sms queued in outbox');
  }
}

/** A real gateway: POST `{ to, text }` as JSON with `Authorization: Bearer <SMS_PROVIDER_TOKEN>`. */
export class HttpSmsProvider implements SmsProvider {
  readonly #config: HttpProviderConfig;
  readonly #log: NotifyLog;

  constructor(config: HttpProviderConfig, log: NotifyLog) {
    this.#config = config;
    this.#log = log;
  }

  async send({ to, text }: SmsMessage): Promise<void> {
    await postJson(this.#config.url, this.#config.token, { to, text });
    this.#log.info({ channel: 'sms', to: maskPhone(to) }, 'sms handed to gateway');
  }
}
