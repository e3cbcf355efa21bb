import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * Platform messages (SPEC §2 member centre "platform messages (messageV2)", SPEC §5 CSP_unreadCount;
 * docs/api.md "Messages"). `body` is sanitised HTML (the content allow-list on the server, DOMPurify again
 * in the browser); `title` is plain text.
 */

export const MESSAGE_TITLE_MAX = 120;
export const MESSAGE_BODY_MAX = 20_000;
export const MESSAGES_PAGE_SIZE = 10;
export const MESSAGES_PAGE_SIZE_MAX = 50;

const idString = z.string().regex(/^[0-9]{1,18}$/);

/** `GET /wps/member/messages?page=&pageSize=`. */
export const messagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE_MAX).default(MESSAGES_PAGE_SIZE),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/** `:id` of the per-message routes: a positive integer that fits a bigint column. */
export const messageParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

export const platformMessage = z.object({
  id: idString,
  title: z.string(),
  body: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  read: z.boolean(),
});
export type PlatformMessage = z.infer<typeof platformMessage>;

export const messagePage = z.object({
  list: z.array(platformMessage),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** ceil(total / pageSize); 0 when there are none. */
  totalPages: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePage>;
export const messagePageResponse = envelopeOf(messagePage);

/** Answer of read, read-all and delete: the member's unread count after the change. */
export const messageUnread = z.object({ unread: z.number().int() });
export type MessageUnread = z.infer<typeof messageUnread>;
export const messageUnreadResponse = envelopeOf(messageUnread);

/** `POST /wps/relay/CSP_unreadCount` (SPEC §3 menu counts). */
export const unreadCounts = z.object({
  messageCount: z.number().int(),
  rewardCount: z.number().int(),
  /** Missions complete and not yet claimed (issue 19; the mission entry's badge); the server always sends it. */
  missionCount: z.number().int().optional(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;
export const unreadCountsResponse = envelopeOf(unreadCounts);

/** `POST /wps/ops/messages`: `username` absent = a broadcast to every member of the operator's brand. */
export const sendMessageBodySchema = z.strictObject({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{3,32}$/)
    .optional(),
  title: singleLineText().trim().min(1).max(MESSAGE_TITLE_MAX),
  body: multiLineText().trim().min(1).max(MESSAGE_BODY_MAX),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const sentMessage = z.object({
  id: idString,
  /** The recipient's username; null for a broadcast. */
  username: z.string().nullable(),
  title: z.string(),
  createdAt: z.string(),
});
export type SentMessage = z.infer<typeof sentMessage>;
export const sentMessageResponse = envelopeOf(sentMessage);
