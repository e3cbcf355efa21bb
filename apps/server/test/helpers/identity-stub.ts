import { createHash, createHmac, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local identity provider for tests and journeys: two OpenID Connect issuers (`/google`, `/facebook`) with
 * discovery, JWKS, an authorization page and a token endpoint that checks PKCE and the client secret, and a
 * Telegram login page that signs its result with the bot token exactly as Telegram does. Nothing here imports
 * server code, so the Playwright global setup (apps/web/e2e/support/identity-stub.ts re-exports this file) and
 * the server's route tests start the same implementation.
 */

export type StubProvider = 'google' | 'facebook';
export const STUB_PROVIDERS: readonly StubProvider[] = ['google', 'facebook'];

export type StubPerson = {
  /** OIDC `sub` (the stub adds the provider name, so each issuer has its own subject). */
  sub: string;
  name: string;
  email: string;
  emailVerified: boolean;
  telegramId: number;
  telegramUsername: string;
};

export const DEFAULT_STUB_PERSON: StubPerson = {
  sub: '1000001',
  name: 'Asha Test',
  email: 'asha.test@example.test',
  emailVerified: true,
  telegramId: 700_000_001,
  telegramUsername: 'asha_test',
};

/** One-shot changes to the next ID token, to test that the server refuses each bad claim. */
export type IdTokenTamper = {
  nonce?: string;
  iss?: string;
  aud?: string;
  /** Seconds from now (negative: already expired). */
  expiresIn?: number;
  /** Sign with a key that is not in the JWKS. */
  foreignKey?: boolean;
};

export type IdentityStubOptions = { port?: number; host?: string; person?: Partial<StubPerson> };

type PendingCode = {
  provider: StubProvider;
  clientId: string;
  redirectUri: string;
  nonce: string;
  challenge: string;
  person: StubPerson;
  expiresAt: number;
  used: boolean;
};

export type IdentityStub = {
  origin: string;
  issuer(provider: StubProvider): string;
  client(provider: StubProvider): { clientId: string; clientSecret: string };
  telegram: { botToken: string; botName: string; authUrl: string };
  /** The person the pages sign in as; tests may switch to another. */
  person: StubPerson;
  setPerson(person: Partial<StubPerson>): void;
  tamperNextIdToken(tamper: IdTokenTamper): void;
  /** Server environment pointing at this stub (docs/configuration.md OIDC_* / TELEGRAM_*). */
  env(): Record<string, string>;
  /** Same, in the server's AppOptions shape. */
  appOptions(): {
    oidc: Record<StubProvider, { issuer: string; clientId: string; clientSecret: string }>;
    telegram: { botToken: string; botName: string; authUrl: string };
  };
  /** What a person pressing the authorization page's button gets: the redirect back (with code and state). */
  approve(authorizeUrl: string): Promise<string>;
  /** The Telegram login page's signed data for the current person (what `#tgAuthResult=` carries). */
  telegramAuthData(authDate?: number): Record<string, string | number>;
  close(): Promise<void>;
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function hiddenInputs(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

function b64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function signJwt(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const head = `${b64urlJson({ alg: 'RS256', typ: 'JWT', kid })}.${b64urlJson(claims)}`;
  return `${head}.${sign('RSA-SHA256', Buffer.from(head), key).toString('base64url')}`;
}

/** Telegram's algorithm: HMAC-SHA256 over sorted `key=value` lines, keyed with SHA-256 of the bot token. */
export function signTelegramData(
  data: Record<string, string | number>,
  botToken: string,
): Record<string, string | number> {
  const checkString = Object.keys(data)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...data, hash: createHmac('sha256', secret).update(checkString).digest('hex') };
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startIdentityStub(options: IdentityStubOptions = {}): Promise<IdentityStub> {
  const host = options.host ?? '127.0.0.1';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = randomBytes(6).toString('hex');
  const clients: Record<StubProvider, { clientId: string; clientSecret: string }> = {
    google: {
      clientId: 'lotus-google-client',
      clientSecret: randomBytes(18).toString('base64url'),
    },
    facebook: {
      clientId: 'lotus-facebook-client',
      clientSecret: randomBytes(18).toString('base64url'),
    },
  };
  const botToken = `${100_000_000 + Math.floor(Math.random() * 800_000_000)}:${randomBytes(27).toString('base64url')}`;
  const botId = botToken.split(':')[0] as string;
  const codes = new Map<string, PendingCode>();
  let person: StubPerson = { ...DEFAULT_STUB_PERSON, ...options.person };
  let tamper: IdTokenTamper | null = null;
  let origin = '';

  const issuerOf = (provider: StubProvider) => `${origin}/${provider}`;
  const send = (response: ServerResponse, status: number, type: string, body: string) => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(body);
  };
  const json = (response: ServerResponse, status: number, body: unknown) =>
    send(response, status, 'application/json', JSON.stringify(body));
  const redirect = (response: ServerResponse, location: string) => {
    response.writeHead(302, { location, 'cache-control': 'no-store' });
    response.end();
  };

  const authorizeParams = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'nonce'];
  const pkceParams = ['code_challenge', 'code_challenge_method'];

  async function oidc(
    provider: StubProvider,
    rest: string,
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ) {
    const client = clients[provider];
    if (rest === '/.well-known/openid-configuration') {
      return json(response, 200, {
        issuer: issuerOf(provider),
        authorization_endpoint: `${issuerOf(provider)}/authorize`,
        token_endpoint: `${issuerOf(provider)}/token`,
        jwks_uri: `${issuerOf(provider)}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      });
    }
    if (rest === '/jwks') {
      return json(response, 200, {
        keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }],
      });
    }
    if (rest === '/authorize' && request.method === 'GET') {
      const params = Object.fromEntries(
        [...authorizeParams, ...pkceParams].map((name) => [name, url.searchParams.get(name) ?? '']),
      );
      const problem =
        params.response_type !== 'code'
          ? 'unsupported_response_type'
          : params.client_id !== client.clientId
            ? 'unauthorized_client'
            : params.code_challenge_method !== 'S256' || !params.code_challenge
              ? 'invalid_request: PKCE S256 required'
              : !params.redirect_uri || !params.state || !params.nonce
                ? 'invalid_request'
                : !params.scope?.split(' ').includes('openid')
                  ? 'invalid_scope'
                  : null;
      if (problem)
        return send(
          response,
          400,
          'text/html; charset=utf-8',
          page('Sign-in error', `<p>${escapeHtml(problem)}</p>`),
        );
      return send(
        response,
        200,
        'text/html; charset=utf-8',
        page(
          `Sign in as ${person.name}`,
          `<p>${escapeHtml(provider)} test identity: ${escapeHtml(person.email)}</p><form method="post" action="/${provider}/authorize">${hiddenInputs(params as Record<string, string>)}<button type="submit">Continue as ${escapeHtml(person.name)}</button></form>`,
        ),
      );
    }
    if (rest === '/authorize' && request.method === 'POST') {
      const form = await readForm(request);
      const redirectUri = form.get('redirect_uri') ?? '';
      if (form.get('client_id') !== client.clientId || !redirectUri)
        return send(response, 400, 'text/plain', 'bad request');
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        provider,
        clientId: client.clientId,
        redirectUri,
        nonce: form.get('nonce') ?? '',
        challenge: form.get('code_challenge') ?? '',
        person,
        expiresAt: Date.now() + 60_000,
        used: false,
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', form.get('state') ?? '');
      return redirect(response, back.toString());
    }
    if (rest === '/token' && request.method === 'POST') {
      const form = await readForm(request);
      let clientId = form.get('client_id');
      let clientSecret = form.get('client_secret');
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
      if (basic?.[1]) {
        const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
        clientId = decodeURIComponent(id ?? '');
        clientSecret = decodeURIComponent(secret ?? '');
      }
      if (clientId !== client.clientId || clientSecret !== client.clientSecret) {
        return json(response, 401, { error: 'invalid_client' });
      }
      if (form.get('grant_type') !== 'authorization_code')
        return json(response, 400, { error: 'unsupported_grant_type' });
      const pending = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (
        !pending ||
        pending.used ||
        pending.expiresAt < Date.now() ||
        pending.provider !== provider ||
        pending.redirectUri !== form.get('redirect_uri') ||
        createHash('sha256').update(verifier).digest('base64url') !== pending.challenge
      ) {
        if (pending) pending.used = true;
        return json(response, 400, { error: 'invalid_grant' });
      }
      pending.used = true;
      const change = tamper ?? {};
      tamper = null;
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: change.iss ?? issuerOf(provider),
        sub: `${provider}-${pending.person.sub}`,
        aud: change.aud ?? client.clientId,
        iat: now,
        exp: now + (change.expiresIn ?? 300),
        nonce: change.nonce ?? pending.nonce,
        email: pending.person.email,
        email_verified: pending.person.emailVerified,
        name: pending.person.name,
      };
      const idToken = signJwt(claims, change.foreignKey ? foreign : privateKey, kid);
      return json(response, 200, {
        access_token: randomBytes(24).toString('base64url'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    }
    return json(response, 404, { error: 'not_found' });
  }

  function telegramAuthData(authDate = Math.floor(Date.now() / 1000)): Record<string, string | number> {
    const [first, ...last] = person.name.split(' ');
    return signTelegramData(
      {
        id: person.telegramId,
        first_name: first ?? person.name,
        ...(last.length > 0 ? { last_name: last.join(' ') } : {}),
        username: person.telegramUsername,
        auth_date: authDate,
      },
      botToken,
    );
  }

  async function telegram(rest: string, request: IncomingMessage, response: ServerResponse, url: URL) {
    if (rest !== '/auth') return json(response, 404, { error: 'not_found' });
    const params = request.method === 'POST' ? await readForm(request) : url.searchParams;
    const returnTo = params.get('return_to') ?? '';
    const siteOrigin = params.get('origin') ?? '';
    if (params.get('bot_id') !== botId || !siteOrigin || !returnTo.startsWith(`${siteOrigin}/`)) {
      return send(
        response,
        400,
        'text/html; charset=utf-8',
        page('Telegram login error', '<p>Bot domain invalid</p>'),
      );
    }
    if (request.method === 'POST') {
      return redirect(response, `${returnTo}#tgAuthResult=${b64urlJson(telegramAuthData())}`);
    }
    return send(
      response,
      200,
      'text/html; charset=utf-8',
      page(
        `Log in as ${person.name}`,
        `<p>Telegram test login for ${escapeHtml(siteOrigin)}</p><form method="post" action="/telegram/auth">${hiddenInputs({ bot_id: botId, origin: siteOrigin, return_to: returnTo })}<button type="submit">Log in as ${escapeHtml(person.name)}</button></form>`,
      ),
    );
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub.invalid');
    const match = /^\/(google|facebook|telegram)(\/.*)$/.exec(url.pathname);
    const handle = async () => {
      if (!match) return json(response, 404, { error: 'not_found' });
      const [, scope, rest] = match as unknown as [string, string, string];
      if (scope === 'telegram') return telegram(rest, request, response, url);
      return oidc(scope as StubProvider, rest, request, response, url);
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: String(error) });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  origin = `http://${host}:${address.port}`;

  const stub: IdentityStub = {
    origin,
    issuer: issuerOf,
    client: (provider) => clients[provider],
    telegram: { botToken, botName: 'lotus_stub_bot', authUrl: `${origin}/telegram` },
    get person() {
      return person;
    },
    setPerson(next) {
      person = { ...person, ...next };
    },
    tamperNextIdToken(next) {
      tamper = next;
    },
    env() {
      return {
        OIDC_GOOGLE_ISSUER: issuerOf('google'),
        OIDC_GOOGLE_CLIENT_ID: clients.google.clientId,
        OIDC_GOOGLE_CLIENT_SECRET: clients.google.clientSecret,
        OIDC_FACEBOOK_ISSUER: issuerOf('facebook'),
        OIDC_FACEBOOK_CLIENT_ID: clients.facebook.clientId,
        OIDC_FACEBOOK_CLIENT_SECRET: clients.facebook.clientSecret,
        TELEGRAM_BOT_TOKEN: botToken,
        TELEGRAM_BOT_NAME: stub.telegram.botName,
        TELEGRAM_AUTH_URL: stub.telegram.authUrl,
      };
    },
    appOptions() {
      return {
        oidc: {
          google: { issuer: issuerOf('google'), ...clients.google },
          facebook: { issuer: issuerOf('facebook'), ...clients.facebook },
        },
        telegram: { ...stub.telegram },
      };
    },
    async approve(authorizeUrl) {
      const url = new URL(authorizeUrl);
      const shown = await fetch(url);
      const html = await shown.text();
      if (shown.status !== 200) throw new Error(`authorization page answered ${shown.status}: ${html}`);
      const form = new URLSearchParams(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
          ([, name, value]) =>
            [
              name as string,
              (value as string).replace(
                /&quot;|&#39;|&lt;|&gt;|&amp;/g,
                (entity) =>
                  ({ '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' })[entity] ?? entity,
              ),
            ] as [string, string],
        ),
      );
      const approved = await fetch(new URL(url.pathname, origin), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        redirect: 'manual',
      });
      const location = approved.headers.get('location');
      if (approved.status !== 302 || !location) throw new Error(`approval answered ${approved.status}`);
      return location;
    },
    telegramAuthData,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return stub;
}
