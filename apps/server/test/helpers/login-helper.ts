import { loginResponse, publicKeyResponse } from '@lotus/shared/auth.schema';
import { type SealedPayload, sealPayload } from '@lotus/shared/sealed-payload';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { solvedHumanCheck } from './human-check.ts';

/**
 * Logging in from tests the way the browser does (docs/accounts-contract.md "Login"): fetch the public
 * key, solve a human-check challenge, seal the payload, post it.
 */

export type LoginAsOptions = {
  /** Sent as X-Forwarded-For (tests trust 127.0.0.1 as the proxy); without it the login comes from 127.0.0.1. */
  ip?: string;
  side?: 'member' | 'agent';
  remember?: boolean;
  captcha?: string;
  /** Extra headers (e.g. a `cookie` with the captcha id). */
  headers?: Record<string, string>;
};

const keys = new WeakMap<FastifyInstance, string>();

async function spkiOf(app: FastifyInstance): Promise<string> {
  const known = keys.get(app);
  if (known) return known;
  const response = await app.inject({ method: 'GET', url: '/wps/system/publicKey' });
  if (response.statusCode !== 200) throw new Error(`public key: ${response.statusCode} ${response.body}`);
  const { spki } = publicKeyResponse.parse(response.json()).value;
  keys.set(app, spki);
  return spki;
}

/** `payload` sealed with the app's public key: the body of `POST /wps/session/login` (or any sealed route). */
export async function sealFor(app: FastifyInstance, payload: unknown): Promise<SealedPayload> {
  return sealPayload(await spkiOf(app), payload);
}

/** The sealed body of a username login with a freshly solved human check. */
export async function usernameLoginBody(
  app: FastifyInstance,
  username: string,
  password: string,
  options: LoginAsOptions = {},
): Promise<SealedPayload> {
  return sealFor(app, {
    type: 'username',
    username,
    password,
    humanVerification: await solvedHumanCheck(app, ipHeaders(options)),
    ...(options.captcha === undefined ? {} : { captcha: options.captcha }),
    ...(options.remember === undefined ? {} : { remember: options.remember }),
    ...(options.side === undefined ? {} : { side: options.side }),
  });
}

function ipHeaders(options: LoginAsOptions): Record<string, string> {
  return options.ip === undefined ? {} : { 'x-forwarded-for': options.ip };
}

/** Posts a username login and returns the raw response (for tests of the failures). */
export async function postUsernameLogin(
  app: FastifyInstance,
  username: string,
  password: string,
  options: LoginAsOptions = {},
) {
  return app.inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: { 'user-agent': 'vitest', ...ipHeaders(options), ...options.headers },
    payload: await usernameLoginBody(app, username, password, options),
  });
}

/** Logs in and returns the session token; throws with the answer when the login does not succeed. */
export async function loginAs(
  app: FastifyInstance,
  username: string,
  password: string,
  options: LoginAsOptions = {},
): Promise<string> {
  const response = await postUsernameLogin(app, username, password, options);
  if (response.statusCode !== 200)
    throw new Error(`login of ${username}: ${response.statusCode} ${response.body}`);
  return loginResponse.parse(response.json()).value.token;
}

/** The newest code the outbox providers sent to `destination` (a number like '+919000000001' or an address). */
export async function lastCodeSentTo(db: Kysely<Database>, destination: string): Promise<string> {
  const message = await db
    .selectFrom('outbox_messages')
    .select('body')
    .where('destination', '=', destination)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const code = message ? /\b([0-9]{6})\b/.exec(message.body)?.[1] : undefined;
  if (!code) throw new Error(`no code sent to ${destination}`);
  return code;
}

/**
 * A captcha and its answer, read from `/dev/captcha` (the app must run with `devInbox: true`). `cookie` is
 * the header value to send with the login. Captchas are limited to one a second per IP: with a manual
 * clock, advance it between calls from one IP.
 */
export async function solvedCaptcha(
  app: FastifyInstance,
  ip?: string,
): Promise<{ cookie: string; answer: string }> {
  const headers = ip === undefined ? {} : { 'x-forwarded-for': ip };
  const issued = await app.inject({ method: 'GET', url: '/wps/captcha', headers });
  if (issued.statusCode !== 200) throw new Error(`captcha: ${issued.statusCode} ${issued.body}`);
  const set = issued.cookies.find((entry) => entry.name === 'lotus_captcha');
  if (!set) throw new Error('captcha: no cookie');
  const cookie = `lotus_captcha=${set.value}`;
  const dev = await app.inject({ method: 'GET', url: '/dev/captcha', headers: { ...headers, cookie } });
  const answer = dev.json()?.value?.answer;
  if (typeof answer !== 'string') throw new Error(`captcha answer: ${dev.statusCode} ${dev.body}`);
  return { cookie, answer };
}

/**
 * Whether `text` holds `secret` (for the "never logs" tests). A numeric code only counts as a number of
 * its own, not as digits inside a timestamp or a duration of a log line.
 */
export function containsSecret(text: string, secret: string): boolean {
  if (secret === '') throw new Error('empty secret');
  if (!/^[0-9]+$/.test(secret)) return text.includes(secret);
  return new RegExp(`(?<![0-9.])${secret}(?![0-9.])`).test(text);
}
