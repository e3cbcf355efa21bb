import type { LoginPayload } from '@lotus/shared/auth.schema';
import {
  cancelPendingBody,
  depositPromptBody,
  exclusionBody,
  exclusionResponse,
  limitChangeResponse,
  operatorExclusionBody,
  operatorExclusionResponse,
  operatorLimitBody,
  operatorMemberParams,
  operatorProtectionResponse,
  playSessionResponse,
  protectionStateResponse,
  reopenPayload,
  reopenResponse,
  setMoneyLimitBody,
  setRealityCheckBody,
  setSessionLimitBody,
} from '@lotus/shared/player-protection.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, requireReal } from '../../lib/actor.ts';
import { ok } from '../../lib/envelope.ts';
import { originOf } from '../../lib/request-origin.ts';
import { sealedBody } from '../../lib/sealed-body.ts';
import { actorOf, requireRealActor } from '../../plugins/auth.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { LoginContext } from '../auth/auth-api.ts';
import { loginContextOf } from '../auth/login-context.ts';
import type { ExclusionsService } from './exclusions.service.ts';
import type { LimitsService, ProtectionCaller } from './limits.service.ts';
import type { OperatorProtectionService, ProtectionOperator } from './operator-protection.service.ts';
import type { PlaySessionService } from './play-session.service.ts';

const TAGS = ['player protection'];
const MEMBER_ERRORS = 'Errors: not_logged_in 401, in_need_true_account 403 (trial or type-4 account).';

const reopenBody = sealedBody(
  reopenPayload,
  'the credentials of a login: username ({ type, username, password, humanVerification, … }) or SMS',
);

/** The player as the protection services see them, from the session of the request. */
function callerOf(request: FastifyRequest): ProtectionCaller & { sessionId: bigint } {
  const actor: Actor = actorOf(request);
  const origin = originOf(request);
  return {
    memberId: actor.memberId,
    brandId: actor.brandId,
    sessionId: actor.sessionId,
    ip: origin.ip,
    userAgent: origin.userAgent,
    by: 'member',
  };
}

/** The operator as the back-office services see them. */
function operatorCallerOf(request: FastifyRequest): ProtectionOperator {
  const operator = operatorOf(request);
  return {
    brandId: operator.brandId,
    operatorId: operator.operatorId,
    username: operator.username,
    ip: request.ip,
  };
}

export type PlayerProtectionRouteDeps = {
  limits: LimitsService;
  sessions: PlaySessionService;
  exclusions: ExclusionsService;
  operators: OperatorProtectionService;
  /** The member a sealed login body proves (the auth module: a login's checks, no session). */
  provenMember: (
    payload: LoginPayload,
    context: LoginContext,
  ) => Promise<{ memberId: bigint; brandId: bigint }>;
  /** DEV_INBOX: the browser journeys' hook that makes the reality check due at once. */
  devInbox: boolean;
};

/**
 * Player protection (issue 17, docs/player-protection.md; schemas: packages/shared player-protection.schema):
 * the player's limits, reality check, session, exclusions and reopen request, and the back office's view
 * and exclusion. Thin: each route parses, calls one service, answers.
 */
export function playerProtectionRoutes(deps: PlayerProtectionRouteDeps): FastifyPluginAsyncZod {
  const { limits, sessions, exclusions, operators } = deps;
  const member = { config: { auth: 'required' as const }, preHandler: [requireRealActor] };
  return async (app) => {
    app.get(
      '/wps/member/protection',
      {
        ...member,
        schema: {
          tags: TAGS,
          summary: "The player's limits, session limit, reality check interval and help links",
          description: MEMBER_ERRORS,
          response: { 200: protectionStateResponse },
        },
      },
      async (request) => ok(await limits.state(callerOf(request))),
    );

    app.put(
      '/wps/member/protection/limits',
      {
        ...member,
        schema: {
          tags: TAGS,
          summary: 'Sets, lowers (now), raises or removes (after 24 hours) a deposit, loss or wager limit',
          description: `Errors: amount_invalid 400. ${MEMBER_ERRORS}`,
          body: setMoneyLimitBody,
          response: { 200: limitChangeResponse },
        },
      },
      async (request) => ok(await limits.setMoneyLimit(callerOf(request), request.body)),
    );

    app.put(
      '/wps/member/protection/session-limit',
      {
        ...member,
        schema: {
          tags: TAGS,
          summary: 'Sets, lowers (now), raises or removes (after 24 hours) the session time limit',
          description: MEMBER_ERRORS,
          body: setSessionLimitBody,
          response: { 200: limitChangeResponse },
        },
      },
      async (request) => ok(await limits.setSessionLimit(callerOf(request), request.body.minutes)),
    );

    app.delete(
      '/wps/member/protection/limits/pending',
      {
        ...member,
        schema: {
          tags: TAGS,
          summary: 'Cancels a waiting raise or removal; the limit in force stays',
          description: `Errors: limit_pending_none 404. ${MEMBER_ERRORS}`,
          body: cancelPendingBody,
          response: { 200: protectionStateResponse },
        },
      },
      async (request) => ok(await limits.cancelPending(callerOf(request), request.body)),
    );

    app.put(
      '/wps/member/protection/reality-check',
      {
        ...member,
        schema: {
          tags: TAGS,
          summary: "Sets the reality check interval (15, 30 or 60 minutes); moves this session's next check",
          description: MEMBER_ERRORS,
          body: setRealityCheckBody,
          response: { 200: protectionStateResponse },
        },
      },
      async (request) => ok(await limits.setRealityCheck(callerOf(request), request.body.minutes)),
    );

    app.post(
      '/wps/member/protection/deposit-prompt',
      {
        ...member,
        schema: {
          tags: TAGS,
          summary: "Records the answer to the first deposit's prompt to set a deposit limit",
          description: MEMBER_ERRORS,
          body: depositPromptBody,
          response: { 200: protectionStateResponse },
        },
      },
      async (request) => ok(await limits.answerDepositPrompt(callerOf(request), request.body.answer)),
    );

    app.get(
      '/wps/member/protection/session',
      {
        ...member,
        schema: {
          tags: TAGS,
          summary: "This login session's play: time, stakes, wins, the next reality check and its end",
          description: MEMBER_ERRORS,
          response: { 200: playSessionResponse },
        },
      },
      async (request) => ok(await sessions.playSession(callerOf(request))),
    );

    app.post(
      '/wps/member/protection/reality-check/ack',
      {
        ...member,
        schema: {
          tags: TAGS,
          summary: 'Keep playing: the reality check was seen; the next one is one interval away',
          description: MEMBER_ERRORS,
          response: { 200: playSessionResponse },
        },
      },
      async (request) => ok(await sessions.acknowledge(callerOf(request))),
    );

    app.post(
      '/wps/member/protection/exclusions',
      {
        ...member,
        schema: {
          tags: TAGS,
          summary: 'Take a break or self-exclude: from now, cannot be undone early; every session ends',
          description: `Errors: account_excluded 403 (one is already in force). ${MEMBER_ERRORS}`,
          body: exclusionBody,
          response: { 200: exclusionResponse },
        },
      },
      async (request) => ok(await exclusions.exclude(callerOf(request), request.body)),
    );

    app.post(
      '/wps/member/protection/reopen',
      {
        schema: {
          tags: TAGS,
          summary: 'After a self-exclusion ended: asks to reopen the account (it reopens 24 hours later)',
          description:
            'The body is a sealed login body. Errors: the login errors (login_failed 401, …), account_excluded 403 (still in force), conflict 409 (nothing to reopen).',
          body: reopenBody.schema,
          response: { 200: reopenResponse },
        },
        preHandler: [reopenBody.open],
      },
      async (request) => {
        const context = loginContextOf(request);
        const proven = await deps.provenMember(reopenBody.of(request), context);
        return ok(
          await exclusions.requestReopen({
            ...proven,
            sessionId: null,
            ip: context.origin.ip,
            userAgent: context.origin.userAgent,
            by: 'member',
          }),
        );
      },
    );

    app.get(
      '/wps/ops/members/:username/protection',
      {
        config: { operator: ['support'] },
        schema: {
          tags: ['back office'],
          summary: "A player's limits (with every version), settings and exclusions",
          description:
            'Errors: not_found 404 (no such member in the operator brand), operator_forbidden 403.',
          params: operatorMemberParams,
          response: { 200: operatorProtectionResponse },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        return ok(await operators.view(operator.brandId, request.params.username));
      },
    );

    app.post(
      '/wps/ops/members/:username/exclusions',
      {
        config: { operator: ['support'] },
        schema: {
          tags: ['back office'],
          summary: "An operator's exclusion with a reason (audited); ends every session of the player",
          description:
            'An operator adds protection only: nothing here lowers a limit or shortens an exclusion. Errors: not_found 404, operator_forbidden 403.',
          params: operatorMemberParams,
          body: operatorExclusionBody,
          response: { 200: operatorExclusionResponse },
        },
      },
      async (request) => {
        return ok(await operators.exclude(operatorCallerOf(request), request.params.username, request.body));
      },
    );

    app.put(
      '/wps/ops/members/:username/protection/limits',
      {
        config: { operator: ['support'] },
        schema: {
          tags: ['back office'],
          summary: "Sets a stricter limit for a player (new, or lower than the player's): applies at once",
          description:
            'Errors: protection_operator_loosen 403 (a removal or a higher amount), amount_invalid 400, not_found 404, operator_forbidden 403.',
          params: operatorMemberParams,
          body: operatorLimitBody,
          response: { 200: limitChangeResponse },
        },
      },
      async (request) =>
        ok(await operators.tighten(operatorCallerOf(request), request.params.username, request.body)),
    );

    // Browser journeys only (DEV_INBOX, like /dev/captcha): without it this path is unknown (404).
    if (!deps.devInbox) return;
    app.post(
      '/dev/protection/reality-check-due',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['dev'],
          summary: "DEV_INBOX only: the calling session's reality check is due now",
          response: { 200: playSessionResponse },
        },
      },
      async (request) => {
        requireReal(actorOf(request));
        return ok(await sessions.makeDue(callerOf(request)));
      },
    );
  };
}
