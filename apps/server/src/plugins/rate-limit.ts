import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { isApiPath, pathOf } from '../lib/api-paths.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * A global per-IP budget on the API (pages and hashed assets are cheap and cached, so they are exempt).
 * Keys are `request.ip`, which honours only trusted proxies, so a client cannot dodge the limit by sending
 * its own X-Forwarded-For. The in-memory store is per process; several processes share limits through
 * Redis later (ARCHITECTURE §6). Sensitive calls (login, SMS) add tighter per-route limits.
 */
export async function registerRateLimit(app: FastifyInstance, options: { max: number }): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip ?? 'local',
    allowList: (request) => !isApiPath(pathOf(request.url)),
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', { message: `rate limit ${context.max}/min exceeded` }),
  });
}
