import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { messagesRoutes } from './messages.routes.ts';
import { type MessagesDeps, MessagesService } from './messages.service.ts';

export type MessagesModuleDeps = {
  db: Kysely<Database>;
  /** The reward centre's count of a member's unclaimed rewards (CSP_unreadCount `rewardCount`). */
  countUnclaimedRewards: (memberId: bigint) => Promise<number>;
  /** The missions' count of complete, unclaimed missions (CSP_unreadCount `missionCount`, issue 19). */
  countCompleteMissions?: MessagesDeps['countCompleteMissions'];
};

/** Platform messages (docs/api.md "Messages"): the member's inbox, CSP_unreadCount and the operator's send. */
export function createMessagesModule(deps: MessagesModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: Record<string, never>;
} {
  const service = new MessagesService({
    db: deps.db,
    countUnclaimedRewards: deps.countUnclaimedRewards,
    ...(deps.countCompleteMissions ? { countCompleteMissions: deps.countCompleteMissions } : {}),
  });
  return { routes: messagesRoutes(service), api: {} };
}
