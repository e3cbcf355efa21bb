import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Actor, requireReal } from '../lib/actor.ts';
import { AppError } from '../lib/app-error.ts';
import { idempotencyKeyOf } from '../lib/idempotency.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'required'`: the route needs a live session (`Authorization: Bearer <token>`), else 401. */
    auth?: 'required';
    /**
     * The route stays open to a session that must change its password first (sessions.password_change_required:
     * a password login of a member with `passwordExpired`). Only member info, the password change and logout
     * set it; every other `auth: 'required'` route answers such a session `403 password_change_required`.
     */
    allowPasswordChangeRequired?: true;
  }
  interface FastifyRequest {
    /** The caller of a route declared `config: { auth: 'required' }`; null elsewhere. */
    actor: Actor | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,128})$/;

/**
 * Resolves the bearer token of routes that ask for it (`config: { auth: 'required' }`) to the Actor, in
 * `onRequest` so an anonymous caller is refused before its body is read or validated. Registered on the
 * root instance (not encapsulated) so every module's routes see the hook. The forced password change is
 * enforced here, in one place, for every route (allow-list: `allowPasswordChangeRequired`).
 */
export function registerAuth(app: FastifyInstance, service: AuthService): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.auth !== 'required') return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('not_logged_in');
    request.actor = await service.authenticate(match[1], {
      allowPasswordChangeRequired: request.routeOptions.config.allowPasswordChangeRequired === true,
    });
  });
}

/** The caller of an authenticated route (the hook has already refused requests without one). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('not_logged_in');
  return request.actor;
}

/**
 * Route pre-handler: trial accounts and type-4 guests are refused (`in_need_true_account`) before anything
 * else of the request is looked at (a sealed body is opened after it).
 */
export async function requireRealActor(request: FastifyRequest): Promise<void> {
  requireReal(actorOf(request));
}

/** Route pre-handler: a money call without a usable Idempotency-Key is refused before its body is opened. */
export async function requireIdempotencyKey(request: FastifyRequest): Promise<void> {
  idempotencyKeyOf(request);
}
