import type { CodeChannel } from '../../db/tables/account-flows.ts';
import { type Db, type Executor, Repository, type Tx, transact } from '../../db/unit-of-work.ts';

export type OutboxMessage = {
  id: string;
  channel: CodeChannel;
  destination: string;
  subject: string | null;
  body: string;
  createdAt: string;
};

export type NewOutboxMessage = {
  brandId: bigint | null;
  channel: CodeChannel;
  destination: string;
  subject: string | null;
  body: string;
};

/**
 * `outbox_messages`: what the default providers "send". The developer inbox (`GET /dev/outbox`) and the
 * ops CLI (`outbox:list`) read it; nothing else does, because bodies hold live codes.
 */
export class OutboxRepository<E extends Executor = Executor> extends Repository<E> {
  async insert(this: OutboxRepository<Tx>, message: NewOutboxMessage): Promise<bigint> {
    const row = await this.db
      .insertInto('outbox_messages')
      .values({
        brand_id: message.brandId,
        channel: message.channel,
        destination: message.destination,
        subject: message.subject,
        body: message.body,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Newest first; `destination` narrows to one number or address. */
  async list(options: { destination?: string | undefined; limit: number }): Promise<OutboxMessage[]> {
    let query = this.db
      .selectFrom('outbox_messages')
      .select(['id', 'channel', 'destination', 'subject', 'body', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit);
    if (options.destination !== undefined) query = query.where('destination', '=', options.destination);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: String(row.id),
      channel: row.channel,
      destination: row.destination,
      subject: row.subject,
      body: row.body,
      createdAt: row.created_at.toISOString(),
    }));
  }
}

/** What the outbox providers write with: one message, in a transaction of its own. */
export type OutboxWriter = { insert(message: NewOutboxMessage): Promise<bigint> };

export function outboxWriter(db: Db): OutboxWriter {
  return { insert: (message) => transact(db, (trx) => new OutboxRepository(trx).insert(message)) };
}
