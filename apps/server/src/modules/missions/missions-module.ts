import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobSpec } from '../jobs/jobs-api.ts';
import type { PromotionsApi } from '../promotions/promotions-module.ts';
import { missionsRoutes } from './missions.routes.ts';
import { GRANT_EVERY_MS, GRANT_JOB, MissionsService } from './missions.service.ts';
import {
  REFERRAL_EVERY_MS,
  REFERRAL_JOB,
  type ReferralEnabled,
  ReferralService,
} from './referral.service.ts';

export type MissionsModuleDeps = {
  db: Db;
  clock: Clock;
  /** The reward centre: missions and referral pay through `grantIn`, once per source key. */
  rewards: PromotionsApi;
  /** Whether the brand runs referral (its whitelabel flag REFERRAL3). */
  referralEnabled: ReferralEnabled;
};

/** What other modules use: the member-centre badge count (CSP_unreadCount `missionCount`). */
export type MissionsApi = {
  completeCount: (member: Pick<Actor, 'memberId' | 'brandId' | 'kind'>) => Promise<number>;
};

/**
 * Missions and referral (issue 19; docs/missions-referral.md): the two mission relay calls and the claim,
 * the referral page, and two jobs on the one queue — granting complete missions nobody claimed after their
 * period, and paying referrers their share of friends' first deposits.
 */
export function createMissionsModule(deps: MissionsModuleDeps): {
  routes: FastifyPluginAsyncZod;
  api: MissionsApi;
  jobs: JobSpec[];
} {
  const missions = new MissionsService({ db: deps.db, clock: deps.clock, rewards: deps.rewards });
  const referral = new ReferralService({
    db: deps.db,
    clock: deps.clock,
    rewards: deps.rewards,
    enabled: deps.referralEnabled,
  });
  return {
    routes: missionsRoutes({ missions, referral }),
    api: { completeCount: (member) => missions.completeCount(member) },
    jobs: [
      { name: GRANT_JOB, everyMs: GRANT_EVERY_MS, run: ({ now }) => missions.grantEnded(now) },
      { name: REFERRAL_JOB, everyMs: REFERRAL_EVERY_MS, run: () => referral.payEarnings() },
    ],
  };
}
