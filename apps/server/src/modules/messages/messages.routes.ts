import {
  messagePageResponse,
  messageParamsSchema,
  messagesQuerySchema,
  messageUnreadResponse,
  sendMessageBodySchema,
  sentMessageResponse,
  unreadCountsResponse,
} from '@lotus/shared/messages.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../../plugins/auth.ts';
import { operatorActorOf } from '../../plugins/operator-auth.ts';
import type { MessagesService } from './messages.service.ts';

const MEMBER_ERRORS = 'Errors: not_logged_in 401.';
const ONE_MESSAGE_ERRORS =
  'Errors: not_logged_in 401, message_not_found 404 (unknown id, another member’s, or hidden).';

/** Platform messages (docs/api.md "Messages"): the member's inbox, the menu counts and the operator's send. */
export function messagesRoutes(service: MessagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/member/messages',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['messages'],
          summary: "The member's platform messages, newest first (10 a page by default)",
          description: `Trial and type-4 accounts get an empty list. ${MEMBER_ERRORS}`,
          querystring: messagesQuerySchema,
          response: { 200: messagePageResponse },
        },
      },
      async (request) => ok(await service.list(actorOf(request), request.query)),
    );

    app.post(
      '/wps/member/messages/read-all',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['messages'],
          summary: 'Marks every message of the member read; answers the unread count (0)',
          description: MEMBER_ERRORS,
          response: { 200: messageUnreadResponse },
        },
      },
      async (request) => ok(await service.markAllRead(actorOf(request))),
    );

    app.post(
      '/wps/member/messages/:id/read',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['messages'],
          summary: 'Marks one message read (idempotent); answers the unread count',
          description: ONE_MESSAGE_ERRORS,
          params: messageParamsSchema,
          response: { 200: messageUnreadResponse },
        },
      },
      async (request) => ok(await service.markRead(actorOf(request), BigInt(request.params.id))),
    );

    app.delete(
      '/wps/member/messages/:id',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['messages'],
          summary: 'Hides one message for this member; answers the unread count',
          description: ONE_MESSAGE_ERRORS,
          params: messageParamsSchema,
          response: { 200: messageUnreadResponse },
        },
      },
      async (request) => ok(await service.hide(actorOf(request), BigInt(request.params.id))),
    );

    app.post(
      '/wps/relay/CSP_unreadCount',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['messages'],
          summary: 'Menu counts (SPEC §3): unread messages and unclaimed rewards',
          description: MEMBER_ERRORS,
          response: { 200: unreadCountsResponse },
        },
      },
      async (request) => ok(await service.counts(actorOf(request))),
    );

    app.post(
      '/wps/ops/messages',
      {
        config: { operator: ['support'] },
        schema: {
          tags: ['back office'],
          summary: 'Sends a platform message to one member (`username`) or to every member of the brand',
          description:
            'The body is rich text, sanitised before it is stored. A broadcast reaches members registered ' +
            'before it was sent only. Errors: not_logged_in 401, operator_forbidden 403, invalid_request 400, ' +
            'field_invalid 400 (nothing left of the body after sanitising), not_found 404 (no such member), ' +
            'in_need_true_account 403 (a trial or type-4 account).',
          body: sendMessageBodySchema,
          response: { 200: sentMessageResponse },
        },
      },
      async (request) => ok(await service.send(operatorActorOf(request), request.body)),
    );
  };
}
