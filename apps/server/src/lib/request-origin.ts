import type { FastifyRequest } from 'fastify';

/** Where a request comes from, for the brand, the audit log and per-IP limits. */
export type RequestOrigin = { ip: string; userAgent: string | null; host: string | null };

export function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: userAgent ?? null, host: request.hostname || null };
}

/** User agents are stored clipped to the column's 512 characters. */
export function clipUserAgent(userAgent: string | null): string | null {
  return userAgent === null ? null : userAgent.slice(0, 512);
}
