import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperatorRole } from '../db/tables/wallet-operations.ts';
import { AppError } from '../lib/app-error.ts';

/** The operator behind a back-office request (docs/wallet-contract.md "Operators"). */
export type OperatorSession = {
  sessionId: bigint;
  operatorId: bigint;
  brandId: bigint;
  username: string;
  role: OperatorRole;
};

/** What the hook needs from the operators module: a bearer token → a live operator session, or throws. */
export type OperatorAuthenticator = { authenticate(token: string): Promise<OperatorSession> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Back-office route: the roles allowed (`admin` is always allowed). No operator token → 401 not_logged_in. */
    operator?: readonly OperatorRole[];
  }
  interface FastifyRequest {
    operator: OperatorSession | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,128})$/;

/**
 * Resolves the operator bearer token of routes declared `config: { operator: [...roles] }` in `onRequest`,
 * before the body is read, and refuses a role that is not listed (`operator_forbidden`). Member tokens are
 * a different table, so a member token never opens a back-office route.
 */
export function registerOperatorAuth(app: FastifyInstance, authenticator: OperatorAuthenticator): void {
  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request) => {
    const roles = request.routeOptions.config.operator;
    if (!roles) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('not_logged_in');
    const operator = await authenticator.authenticate(match[1]);
    if (operator.role !== 'admin' && !roles.includes(operator.role)) throw new AppError('operator_forbidden');
    request.operator = operator;
  });
}

/** The operator of a back-office route (the hook has already refused requests without one). */
export function operatorOf(request: FastifyRequest): OperatorSession {
  if (!request.operator) throw new AppError('not_logged_in');
  return request.operator;
}

/** Who makes a back-office decision, as the services audit it: the operator, in its brand, from this IP. */
export function operatorActorOf(request: FastifyRequest): {
  brandId: bigint;
  operatorId: bigint;
  ip: string;
} {
  const operator = operatorOf(request);
  return { brandId: operator.brandId, operatorId: operator.operatorId, ip: request.ip };
}
