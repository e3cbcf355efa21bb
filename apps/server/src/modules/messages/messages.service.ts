import type {
  MessagePage,
  MessagesQuery,
  MessageUnread,
  SendMessageBody,
  SentMessage,
  UnreadCounts,
} from '@lotus/shared/messages.schema';
import { MESSAGE_BODY_MAX } from '@lotus/shared/messages.schema';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { sanitiseHtml } from '../content/sanitise-html.ts';
import { isRealAccount } from '../wallet/wallet-rules.ts';
import { type MessageItem, MessagesRepository, type Reader } from './messages.repository.ts';

/** What the service reads of the member who reads messages. */
export type MessageMember = Pick<Actor, 'memberId' | 'brandId' | 'joinedAt' | 'kind'>;

/** Who sends: an operator of a brand (the CLI: `operatorId` null, `ip` 'cli'). */
export type MessageActor = { brandId: bigint; operatorId: bigint | null; ip: string };

export type MessagesDeps = {
  db: Db;
  /** The reward centre's count of unclaimed rewards (SPEC §3 rewardCount); wired in app.ts. */
  countUnclaimedRewards: (memberId: bigint) => Promise<number>;
  /** Missions complete and not yet claimed (SPEC §3 missionCount, issue 19); none when absent. */
  countCompleteMissions?: (member: MessageMember) => Promise<number>;
};

function readerOf(member: MessageMember): Reader {
  return { id: member.memberId, brandId: member.brandId, createdAt: member.joinedAt };
}

function viewOf(item: MessageItem) {
  return {
    id: item.id.toString(),
    title: item.title,
    body: item.body,
    createdAt: item.createdAt.toISOString(),
    read: item.read,
  };
}

/** What a message's transaction works on: the messages and the audit log. */
function messageRepositories(trx: Tx) {
  return { messages: new MessagesRepository(trx), audit: new AuditRepository(trx) };
}

type MessageRepositories = ReturnType<typeof messageRepositories>;

const invalidField = (field: string) => new AppError('field_invalid', { details: { field } });

/**
 * Platform messages (docs/api.md "Messages"). Trial and type-4 accounts are not real accounts (SPEC §6):
 * they have no messages — an empty list, a zero count, and `message_not_found` for any id — rather than a
 * 403, because the header asks for the count on every page and a refusal there would be noise.
 */
export class MessagesService {
  readonly #repository: MessagesRepository<Db>;
  readonly #uow: UnitOfWork<MessageRepositories>;
  readonly #countUnclaimedRewards: (memberId: bigint) => Promise<number>;
  readonly #countCompleteMissions: (member: MessageMember) => Promise<number>;

  constructor(deps: MessagesDeps) {
    this.#repository = new MessagesRepository(deps.db);
    this.#uow = new UnitOfWork(deps.db, messageRepositories);
    this.#countUnclaimedRewards = deps.countUnclaimedRewards;
    this.#countCompleteMissions = deps.countCompleteMissions ?? (async () => 0);
  }

  async list(member: MessageMember, query: MessagesQuery): Promise<MessagePage> {
    const empty = { list: [], page: query.page, pageSize: query.pageSize, total: 0, totalPages: 0 };
    if (member.kind !== 'real') return empty;
    const reader = readerOf(member);
    const total = await this.#repository.countVisible(reader);
    if (total === 0) return empty;
    const items = await this.#repository.page(reader, (query.page - 1) * query.pageSize, query.pageSize);
    return {
      list: items.map(viewOf),
      page: query.page,
      pageSize: query.pageSize,
      total,
      totalPages: Math.ceil(total / query.pageSize),
    };
  }

  /** Idempotent: reading a read message again changes nothing. */
  async markRead(member: MessageMember, messageId: bigint): Promise<MessageUnread> {
    await this.#requireVisible(member, messageId);
    await this.#uow.run(({ messages }) => messages.markRead(messageId, member.memberId));
    return { unread: await this.#repository.countUnread(readerOf(member)) };
  }

  async markAllRead(member: MessageMember): Promise<MessageUnread> {
    if (member.kind !== 'real') return { unread: 0 };
    await this.#uow.run(({ messages }) => messages.markAllRead(readerOf(member)));
    return { unread: await this.#repository.countUnread(readerOf(member)) };
  }

  /** Hides the message from this member only (a broadcast stays for the others). */
  async hide(member: MessageMember, messageId: bigint): Promise<MessageUnread> {
    await this.#requireVisible(member, messageId);
    await this.#uow.run(({ messages }) => messages.hide(messageId, member.memberId));
    return { unread: await this.#repository.countUnread(readerOf(member)) };
  }

  /** SPEC §3 menu counts: unread messages, unclaimed rewards from the reward centre, complete missions. */
  async counts(member: MessageMember): Promise<UnreadCounts> {
    const [messageCount, rewardCount, missionCount] = await Promise.all([
      member.kind === 'real' ? this.#repository.countUnread(readerOf(member)) : Promise.resolve(0),
      this.#countUnclaimedRewards(member.memberId),
      this.#countCompleteMissions(member),
    ]);
    return { messageCount, rewardCount, missionCount };
  }

  /**
   * Sends a message to one member of the actor's brand, or to all of them (`username` absent). The body is
   * sanitised here, before it is stored; a body with nothing left after sanitising is refused. Audited in
   * the same transaction (`message.sent`).
   */
  async send(actor: MessageActor, input: SendMessageBody): Promise<SentMessage> {
    const title = input.title.trim();
    if (title === '' || title.includes('\u0000')) throw invalidField('title');
    // PostgreSQL text cannot hold U+0000; sanitising may also lengthen the text (entities).
    const body = sanitiseHtml(input.body.replaceAll('\u0000', '')).trim();
    if (body === '' || body.length > MESSAGE_BODY_MAX) throw invalidField('body');

    return this.#uow.run(async ({ messages, audit }) => {
      let recipient: { id: bigint; username: string } | null = null;
      if (input.username !== undefined) {
        const member = await messages.findMember(actor.brandId, input.username);
        if (!member) throw new AppError('not_found', { message: `no member "${input.username}"` });
        if (!isRealAccount({ is_trial: member.isTrial, member_type: member.memberType })) {
          throw new AppError('in_need_true_account', {
            message: `"${member.username}" is a trial or type-4 account and sees no messages`,
          });
        }
        recipient = { id: member.id, username: member.username };
      }
      const created = await messages.insertMessage({
        brandId: actor.brandId,
        memberId: recipient?.id ?? null,
        title,
        body,
        createdBy: actor.operatorId,
      });
      await audit.record({
        brandId: actor.brandId,
        operatorId: actor.operatorId,
        memberId: recipient?.id ?? null,
        action: 'message.sent',
        ip: actor.ip,
        detail: {
          ...(actor.operatorId === null ? { via: 'cli' } : {}),
          messageId: created.id,
          broadcast: recipient === null,
          title,
        },
      });
      return {
        id: created.id.toString(),
        username: recipient?.username ?? null,
        title,
        createdAt: created.createdAt.toISOString(),
      };
    });
  }

  /** The brand the CLI acts in (`--brand`, or the default brand). */
  async cliBrandId(code: string | undefined): Promise<bigint> {
    const id = await this.#repository.brandIdOf(code);
    if (id === null) throw new AppError('brand_not_found', { message: `no brand ${code ?? '(default)'}` });
    return id;
  }

  async #requireVisible(member: MessageMember, messageId: bigint): Promise<void> {
    if (member.kind !== 'real' || !(await this.#repository.isVisible(readerOf(member), messageId))) {
      throw new AppError('message_not_found');
    }
  }
}
