import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { messagesRoutes } from './messages.routes.ts';
import { MessagesService } from './messages.service.ts';

export type MessagesModuleDeps = {
  db: Kysely<Database>;
  /** The reward centre's count of a member's unclaimed rewards (CSP_unreadCount `rewardCount`). */
  countUnclaimedRewards: (memberId: bigint) => Promise<number>;
};

/** The messages module's service and routes (app.ts registers `routes`). */
export function createMessages(deps: MessagesModuleDeps): {
  service: MessagesService;
  routes: FastifyPluginAsyncZod;
} {
  const service = new MessagesService({
    db: deps.db,
    countUnclaimedRewards: deps.countUnclaimedRewards,
  });
  return { service, routes: messagesRoutes(service) };
}
