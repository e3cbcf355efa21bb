import type { LoginPayload } from '@lotus/shared/auth.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccessRevoker, LoginContext, PlayProtectionGate } from '../auth/auth-api.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import { ExclusionsService } from './exclusions.service.ts';
import { LimitsService } from './limits.service.ts';
import { type FindMember, OperatorProtectionService } from './operator-protection.service.ts';
import { PlaySessionService } from './play-session.service.ts';
import { playerProtectionRoutes } from './player-protection.routes.ts';
import type { PlayerProtectionApi } from './player-protection-api.ts';

export type PlayerProtectionModuleDeps = {
  db: Kysely<Database>;
  clock: Clock;
  /** The one revocation path (auth module): exclusions and the session time limit end access through it. */
  revocation: AccessRevoker;
  /** The member a sealed login body proves, without a session (auth module): the reopen request. */
  provenMember: (
    payload: LoginPayload,
    context: LoginContext,
  ) => Promise<{ memberId: bigint; brandId: bigint }>;
  /** Drops this process's cached sessions of a member (auth module), after their time limit changed. */
  sessionsChanged?: (memberId: bigint) => void;
  /** A member of a brand by username (members module): the back office names players so. */
  findMember: FindMember;
  /** DEV_INBOX: registers the browser journeys' `/dev/protection/reality-check-due`. */
  devInbox: boolean;
};

/** How often the session time limit's job looks for sessions past their end (docs/jobs.md). */
export const SESSION_LIMIT_JOB_EVERY_MS = 30_000;

/** The services of the module, without routes: the factory's and the operator CLI's. */
export function playerProtectionServices(
  deps: Pick<PlayerProtectionModuleDeps, 'db' | 'clock' | 'revocation' | 'findMember' | 'sessionsChanged'>,
) {
  const limits = new LimitsService(deps.db, deps.clock, deps.sessionsChanged);
  const sessions = new PlaySessionService(deps.db, deps.clock, deps.revocation);
  const exclusions = new ExclusionsService(deps);
  const operators = new OperatorProtectionService(deps.findMember, limits, exclusions);
  return { limits, sessions, exclusions, operators };
}

/**
 * Player protection (issue 17, docs/player-protection.md): the limits a player sets, the reality check,
 * the session time limit, breaks and self-exclusion, and the back office's view and exclusion. `api` is
 * what the auth module checks logins and opens sessions with (PlayProtectionGate).
 */
export function createPlayerProtectionModule(deps: PlayerProtectionModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: PlayerProtectionApi;
  jobs: JobSpec[];
} {
  const services = playerProtectionServices(deps);
  const gate: PlayProtectionGate = {
    refuseExcluded: (memberId) => services.exclusions.refuseExcluded(memberId),
    sessionStart: (memberId, now) => services.sessions.sessionStart(memberId, now),
  };
  return {
    routes: playerProtectionRoutes({
      ...services,
      provenMember: deps.provenMember,
      devInbox: deps.devInbox,
    }),
    api: { gate },
    jobs: [
      {
        name: 'player-protection.session-limit',
        everyMs: SESSION_LIMIT_JOB_EVERY_MS,
        run: ({ now }) => services.sessions.endSessionsPastLimit(now),
      },
    ],
  };
}
