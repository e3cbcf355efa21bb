import { type ErrorCode, httpStatusOf } from '@lotus/shared/error-codes';
import { INVALID_CHARACTERS, issueCodeOf } from '@lotus/shared/text';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLoss } from '../db/connection-loss.ts';
import { isRefusedText } from '../db/refused-text.ts';
import { isApiPath, pathOf } from '../lib/api-paths.ts';
import { isAppError } from '../lib/app-error.ts';
import { failure } from '../lib/envelope.ts';

/**
 * One place maps every failure to the envelope `{ success: false, message: <ErrorCode>, value }` with the
 * status from the shared code table (ARCHITECTURE §2 rule 4). Client errors say what was wrong without
 * echoing the input back; server errors carry only the request id, and the real error goes to the log.
 */

export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;

type Mapped = { code: ErrorCode; status: number; value: Record<string, unknown> | null };

const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_BAD_URL: 'invalid_request',
  FST_ERR_MAX_PARAM_LENGTH: 'invalid_request',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'not_logged_in',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

function mapped(code: ErrorCode, value: Record<string, unknown> | null = null): Mapped {
  return { code, status: httpStatusOf(code), value };
}

/** `/amount` in the `body` → `body.amount`: where the problem is, never what was sent. */
function issuePath(context: string | undefined, instancePath: string): string {
  const inner = instancePath.split('/').filter(Boolean).join('.');
  return [context, inner].filter(Boolean).join('.');
}

export function mapError(error: unknown): Mapped {
  if (isAppError(error)) return mapped(error.code, error.details ?? null);
  // The database went away under the request (restart, fail-over, terminated connection): a retry will do.
  if (isConnectionLoss(error)) return mapped('service_unavailable');
  // PostgreSQL refused a character of the client's text (NUL): the client's fault, whichever field it was.
  if (isRefusedText(error))
    return mapped('invalid_request', { issues: [{ path: '', code: INVALID_CHARACTERS }] });
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as FastifyError).validationContext;
    return mapped('invalid_request', {
      issues: error.validation.map((issue) => ({
        path: issuePath(context, issue.instancePath),
        code: issueCodeOf({ code: String(issue.keyword), message: issue.message }),
      })),
    });
  }
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError && Array.isArray(fastifyError.validation)) {
    // A route with a plain JSON schema (not zod) still answers in the same shape.
    return mapped('invalid_request', {
      issues: fastifyError.validation.map((issue) => ({
        path: issuePath(fastifyError.validationContext, issue.instancePath),
        code: String(issue.keyword),
      })),
    });
  }
  const frameworkCode = fastifyError?.code ? FRAMEWORK_CODES[fastifyError.code] : undefined;
  if (frameworkCode) return mapped(frameworkCode);
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { code: STATUS_CODES[status] ?? 'invalid_request', status, value: null };
  }
  return mapped('unknown_error');
}

/** Which methods each API path pattern answers, to tell "wrong method" (405) from "no such path" (404). */
class ApiRouteIndex {
  readonly #routes: { pattern: RegExp; methods: Set<string> }[] = [];

  add(route: RouteOptions): void {
    if (!isApiPath(route.url)) return;
    const source = route.url
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) return '[^/]+';
        if (segment === '*') return '.*';
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    this.#routes.push({ pattern: new RegExp(`^${source}/?$`), methods: new Set(methods) });
  }

  methodsFor(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.#routes) {
      if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
    }
    return [...methods].sort();
  }
}

export function sendFailure(reply: FastifyReply, failed: Mapped): FastifyReply {
  return reply
    .code(failed.status)
    .type('application/json; charset=utf-8')
    .send(failure(failed.code, failed.value));
}

/**
 * Installs the error handler and the not-found handler on the root instance; call before registering any
 * route so every child context inherits them. `pageFallback` answers non-API GETs nothing else matched
 * (the SPA's history-mode routes).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { pageFallback?: PageFallback } = {},
): void {
  const apiRoutes = new ApiRouteIndex();
  app.addHook('onRoute', (route) => apiRoutes.add(route));

  app.setErrorHandler((error, request, reply) => {
    const failed = mapError(error);
    if (isAppError(error) && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
    if (failed.status >= 500) {
      // A deliberate AppError (e.g. service_unavailable) is expected operation; anything else is a bug.
      if (isAppError(error)) request.log.warn({ code: failed.code }, 'request refused');
      else if (isConnectionLoss(error)) request.log.warn({ err: error }, 'database connection lost');
      else request.log.error({ err: error }, 'request failed');
      return sendFailure(reply, { ...failed, value: { ...failed.value, requestId: request.id } });
    }
    // Refused by the database rather than at the edge: an input path plugins/input-text.ts does not cover.
    if (isRefusedText(error)) request.log.warn({ err: error }, 'text refused by the database');
    else request.log.info({ code: failed.code, status: failed.status }, 'request rejected');
    return sendFailure(reply, failed);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (isApiPath(path)) {
      const allowed = apiRoutes.methodsFor(path);
      if (allowed.length > 0) {
        return sendFailure(reply.header('allow', allowed.join(', ')), mapped('method_not_allowed'));
      }
      return sendFailure(reply, mapped('not_found'));
    }
    if (options.pageFallback && (request.method === 'GET' || request.method === 'HEAD')) {
      return options.pageFallback(request, reply);
    }
    return sendFailure(reply, mapped('not_found'));
  });
}
