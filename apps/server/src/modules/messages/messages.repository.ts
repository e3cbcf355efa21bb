import { sql } from 'kysely';
import { exclusionInForce } from '../../db/exclusion-rule.ts';
import { type Executor, Repository, type Tx } from '../../db/unit-of-work.ts';

/**
 * Platform messages and each member's read / hidden state (migration 0010_messages). A member sees the
 * messages addressed to it plus the brand's broadcasts sent since it registered, minus those it hid, and
 * minus the broadcasts sent while an exclusion kept its account closed (issue 17: marketing stops for an
 * excluded player; a message addressed to the member, such as a service notice, still reaches it).
 */

/** Who is asking: the member's id, brand and registration time (for the broadcast rule). */
export type Reader = { id: bigint; brandId: bigint; createdAt: Date };

export type MessageItem = { id: bigint; title: string; body: string; createdAt: Date; read: boolean };

export type NewMessage = {
  brandId: bigint;
  memberId: bigint | null;
  title: string;
  body: string;
  createdBy: bigint | null;
};

export class MessagesRepository<E extends Executor = Executor> extends Repository<E> {
  /** The messages `reader` may see (not hidden), joined to its read state. */
  #visible(reader: Reader) {
    return this.db
      .selectFrom('platform_messages as m')
      .leftJoin('platform_message_reads as r', (join) =>
        join.onRef('r.message_id', '=', 'm.id').on('r.member_id', '=', reader.id),
      )
      .where('m.brand_id', '=', reader.brandId)
      .where((eb) =>
        eb.or([
          eb('m.member_id', '=', reader.id),
          eb.and([
            eb('m.member_id', 'is', null),
            eb('m.created_at', '>=', reader.createdAt),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('play_exclusions as x')
                  .select('x.id')
                  .where('x.member_id', '=', reader.id)
                  .where(exclusionInForce('x', sql<Date>`m.created_at`)),
              ),
            ),
          ]),
        ]),
      )
      .where('r.deleted_at', 'is', null);
  }

  async countVisible(reader: Reader): Promise<number> {
    const row = await this.#visible(reader)
      .select((eb) => eb.fn.countAll<string | number | bigint>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async countUnread(reader: Reader): Promise<number> {
    const row = await this.#visible(reader)
      .where('r.read_at', 'is', null)
      .select((eb) => eb.fn.countAll<string | number | bigint>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** One page, newest first (id breaks ties of one instant). */
  async page(reader: Reader, offset: number, limit: number): Promise<MessageItem[]> {
    const rows = await this.#visible(reader)
      .select(['m.id', 'm.title', 'm.body', 'm.created_at', 'r.read_at'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      createdAt: row.created_at,
      read: row.read_at !== null,
    }));
  }

  async isVisible(reader: Reader, messageId: bigint): Promise<boolean> {
    const row = await this.#visible(reader).select('m.id').where('m.id', '=', messageId).executeTakeFirst();
    return row !== undefined;
  }

  /** Marks one message read; a second call keeps the first read time. */
  async markRead(this: MessagesRepository<Tx>, messageId: bigint, memberId: bigint): Promise<void> {
    await this.db
      .insertInto('platform_message_reads')
      .values({ message_id: messageId, member_id: memberId })
      .onConflict((conflict) => conflict.columns(['message_id', 'member_id']).doNothing())
      .execute();
  }

  /** Marks every visible unread message read in one statement. */
  async markAllRead(this: MessagesRepository<Tx>, reader: Reader): Promise<void> {
    await this.db
      .insertInto('platform_message_reads')
      .columns(['message_id', 'member_id'])
      .expression(
        this.#visible(reader)
          .where('r.read_at', 'is', null)
          .select(['m.id', sql<bigint>`${reader.id}::bigint`.as('member_id')]),
      )
      .onConflict((conflict) => conflict.columns(['message_id', 'member_id']).doNothing())
      .execute();
  }

  /** Hides a message for this member (counts as read too). */
  async hide(this: MessagesRepository<Tx>, messageId: bigint, memberId: bigint): Promise<void> {
    await this.db
      .insertInto('platform_message_reads')
      .values({ message_id: messageId, member_id: memberId, deleted_at: sql<Date>`now()` })
      .onConflict((conflict) =>
        conflict
          .columns(['message_id', 'member_id'])
          .doUpdateSet({ deleted_at: sql<Date>`coalesce(platform_message_reads.deleted_at, now())` }),
      )
      .execute();
  }

  async insertMessage(
    this: MessagesRepository<Tx>,
    message: NewMessage,
  ): Promise<{ id: bigint; createdAt: Date }> {
    const row = await this.db
      .insertInto('platform_messages')
      .values({
        brand_id: message.brandId,
        member_id: message.memberId,
        title: message.title,
        body: message.body,
        created_by: message.createdBy,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, createdAt: row.created_at };
  }

  /** A member of the brand by username, case-insensitively (as operators type it). */
  async findMember(
    brandId: bigint,
    username: string,
  ): Promise<{ id: bigint; username: string; isTrial: boolean; memberType: number } | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select(['id', 'username', 'is_trial', 'member_type'])
      .where('brand_id', '=', brandId)
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    return row && { id: row.id, username: row.username, isTrial: row.is_trial, memberType: row.member_type };
  }

  /** The brand the CLI acts in: `code`, or the default brand. */
  async brandIdOf(code: string | undefined): Promise<bigint | null> {
    let query = this.db.selectFrom('brands').select('id');
    query = code === undefined ? query.where('is_default', '=', true) : query.where('code', '=', code);
    return (await query.executeTakeFirst())?.id ?? null;
  }
}
