import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AuthenticatedSession, AuthService } from '../modules/auth/auth.service.ts';

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
    /** The session of a route declared `config: { auth: 'required' }`; null elsewhere. */
    session: AuthenticatedSession | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,128})$/;

/**
 * Resolves the bearer token of routes that ask for it (`config: { auth: 'required' }`) to the member, in
 * `onRequest` so an anonymous caller is refused before its body is read or validated. Registered on the
 * root instance (not encapsulated) so every module's routes see the hook. The forced password change is
 * enforced here, in one place, for every route (allow-list: `allowPasswordChangeRequired`).
 */
export function registerAuth(app: FastifyInstance, service: AuthService): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.auth !== 'required') return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('not_logged_in');
    request.session = await service.authenticate(match[1], {
      allowPasswordChangeRequired: request.routeOptions.config.allowPasswordChangeRequired === true,
    });
  });
}

/** The session of an authenticated route (the hook has already refused requests without one). */
export function sessionOf(request: FastifyRequest): AuthenticatedSession {
  if (!request.session) throw new AppError('not_logged_in');
  return request.session;
}
