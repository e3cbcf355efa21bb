import type { FastifyRequest } from 'fastify';
import { originOf } from '../../lib/request-origin.ts';
import { captchaIdOf } from '../verification/captcha.service.ts';
import type { LoginContext } from './login-dependencies.ts';
import { REMEMBER_COOKIE } from './remember.service.ts';

/** The `lotus_remember` cookie, if any. */
export function rememberCookieOf(request: FastifyRequest): string | null {
  const value = request.cookies?.[REMEMBER_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * What a login route hands the service besides the body; also the reopen route's (player protection),
 * which asks with the credentials a login takes.
 */
export function loginContextOf(request: FastifyRequest): LoginContext {
  return {
    origin: originOf(request),
    captchaId: captchaIdOf(request) ?? null,
    rememberToken: rememberCookieOf(request),
  };
}
