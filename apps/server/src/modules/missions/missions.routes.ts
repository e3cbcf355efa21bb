import {
  MISSIONS_LEADERBOARD_PATH,
  MISSIONS_SUMMARY_PATH,
  missionClaimResponse,
  missionIdParams,
  missionLeaderboardResponse,
  missionSummaryBody,
  missionSummaryResponse,
  referralSummaryResponse,
} from '@lotus/shared/missions.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { MissionsService } from './missions.service.ts';
import type { ReferralService } from './referral.service.ts';

const MEMBER_ERRORS = 'Errors: not_logged_in 401, in_need_true_account 403 (trial / type-4 accounts).';

/**
 * Missions and referral (issue 19; docs/missions-referral.md; schemas: packages/shared missions.schema):
 * the two relay calls of SPEC §7, the claim, and the member's referral page.
 */
export function missionsRoutes(deps: {
  missions: MissionsService;
  referral: ReferralService;
}): FastifyPluginAsyncZod {
  const { missions, referral } = deps;
  return async (app) => {
    app.post(
      MISSIONS_SUMMARY_PATH,
      {
        config: { auth: 'required' },
        schema: {
          tags: ['missions'],
          summary: "The brand's daily and weekly missions with the caller's progress, status and period end",
          description: `Body (optional): \`{ language? }\`. ${MEMBER_ERRORS}`,
          body: missionSummaryBody,
          response: { 200: missionSummaryResponse },
        },
      },
      async (request) => ok(await missions.summary(actorOf(request), request.body?.language)),
    );

    app.post(
      MISSIONS_LEADERBOARD_PATH,
      {
        config: { auth: 'required' },
        schema: {
          tags: ['missions'],
          summary: "This ISO week's ranking by mission points (names masked) and the caller's own rank",
          description: MEMBER_ERRORS,
          response: { 200: missionLeaderboardResponse },
        },
      },
      async (request) => ok(await missions.leaderboard(actorOf(request))),
    );

    app.post(
      '/wps/member/missions/:id/claim',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['missions'],
          summary: 'Claims a complete mission of the current period: its reward goes to the reward centre',
          description:
            'Once per (member, mission, period): racing claims queue on the claim key and all but one answer ' +
            `409 mission_already_claimed. Errors: mission_not_found 404, mission_not_complete 409. ${MEMBER_ERRORS}`,
          params: missionIdParams,
          response: { 200: missionClaimResponse },
        },
      },
      async (request) => ok(await missions.claim(actorOf(request), BigInt(request.params.id))),
    );

    app.get(
      '/wps/member/referral',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['missions'],
          summary:
            "The caller's referral code and link, the brand's rule, the friends who joined and the earnings",
          description: `Errors: activity_coming 403 (the brand does not run referral: flag REFERRAL3). ${MEMBER_ERRORS}`,
          response: { 200: referralSummaryResponse },
        },
      },
      async (request) => ok(await referral.summary(actorOf(request))),
    );
  };
}
