import { createHash, createPublicKey, type JsonWebKey, randomBytes, verify } from 'node:crypto';
import type { OidcProviderName } from '@lotus/shared/oauth.schema';
import { z } from 'zod';
import type { OidcProviderConfig } from '../../config/env.ts';
import { type Db, type Tx, UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { OauthRepository } from './oauth.repository.ts';

/** How long a started sign-in may take at the provider (docs/accounts-contract.md). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Allowed difference between our clock and the provider's when checking `exp`. */
const CLOCK_SKEW_S = 60;
/** A provider that does not answer in time fails the sign-in instead of holding the request. */
const FETCH_TIMEOUT_MS = 10_000;

export type OidcConfigs = Partial<Record<OidcProviderName, OidcProviderConfig | null>>;

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof discoverySchema>;

const jwksSchema = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string().optional() })),
});
type Jwk = z.infer<typeof jwksSchema>['keys'][number];

const tokenResponseSchema = z.object({ id_token: z.string().min(1).max(16_384) });

const idTokenHeaderSchema = z.object({ alg: z.string(), kid: z.string().optional() });
const idTokenClaimsSchema = z.object({
  iss: z.string(),
  sub: z.string().min(1).max(255),
  aud: z.union([z.string(), z.array(z.string())]),
  azp: z.string().optional(),
  exp: z.number(),
  nonce: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().optional(),
});

/** What a verified ID token tells us about the person. */
export type VerifiedIdentity = {
  subject: string;
  /** Only an address the provider says it verified; anything else is not stored. */
  email: string | null;
  name: string | null;
};

/** Why a sign-in failed, for the log only (the browser always gets `oauth_failed`). */
export class OidcFailure extends Error {
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super(reason, options);
    this.name = 'OidcFailure';
  }
}

function base64urlJson(part: string | undefined): unknown {
  if (part === undefined || !/^[A-Za-z0-9_-]+$/.test(part)) throw new OidcFailure('malformed id_token');
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch (cause) {
    throw new OidcFailure('malformed id_token', { cause });
  }
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (cause) {
    throw new OidcFailure(`cannot reach ${new URL(url).origin}`, { cause });
  }
  if (!response.ok) throw new OidcFailure(`${new URL(url).origin} answered ${response.status}`);
  try {
    return await response.json();
  } catch (cause) {
    throw new OidcFailure(`${new URL(url).origin} sent no JSON`, { cause });
  }
}

/**
 * OpenID Connect authorization-code flow with PKCE (S256) for Google and Facebook: builds the authorization
 * redirect, then exchanges the code and verifies the ID token (RS256 signature against the issuer's JWKS,
 * `iss`, `aud`, `exp`, `nonce`). Discovery documents and key sets are cached per issuer; a key id not in the
 * cached set refetches it once, so provider key rotation needs no restart.
 */
export class OidcService {
  readonly #configs: OidcConfigs;
  readonly #uow: UnitOfWork<{ oauth: OauthRepository<Tx> }>;
  readonly #clock: Clock;
  readonly #discovery = new Map<string, Promise<Discovery>>();
  readonly #keys = new Map<string, Promise<Jwk[]>>();

  constructor(configs: OidcConfigs, db: Db, clock: Clock) {
    this.#configs = configs;
    this.#uow = new UnitOfWork(db, (trx) => ({ oauth: new OauthRepository(trx) }));
    this.#clock = clock;
  }

  isConfigured(provider: OidcProviderName): boolean {
    return Boolean(this.#configs[provider]);
  }

  #config(provider: string): OidcProviderConfig & { provider: OidcProviderName } {
    const config = provider === 'google' || provider === 'facebook' ? this.#configs[provider] : undefined;
    if (!config) throw new AppError('oauth_provider_disabled', { message: `provider ${provider} is off` });
    return { ...config, provider: provider as OidcProviderName };
  }

  /** Fails with `oauth_provider_disabled` unless the provider is configured; returns its name. */
  requireProvider(provider: string): OidcProviderName {
    return this.#config(provider).provider;
  }

  #discover(issuer: string): Promise<Discovery> {
    let cached = this.#discovery.get(issuer);
    if (!cached) {
      const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      cached = fetchJson(url).then((body) => {
        const parsed = discoverySchema.safeParse(body);
        if (!parsed.success) throw new OidcFailure('discovery document is malformed');
        // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
        if (parsed.data.issuer !== issuer) throw new OidcFailure('discovery issuer differs');
        return parsed.data;
      });
      // A failed fetch is not cached: the next sign-in tries again.
      cached.catch(() => this.#discovery.delete(issuer));
      this.#discovery.set(issuer, cached);
    }
    return cached;
  }

  #jwks(uri: string, refresh: boolean): Promise<Jwk[]> {
    let cached = refresh ? undefined : this.#keys.get(uri);
    if (!cached) {
      cached = fetchJson(uri).then((body) => {
        const parsed = jwksSchema.safeParse(body);
        if (!parsed.success) throw new OidcFailure('jwks is malformed');
        return parsed.data.keys;
      });
      cached.catch(() => this.#keys.delete(uri));
      this.#keys.set(uri, cached);
    }
    return cached;
  }

  async #keyFor(uri: string, kid: string | undefined): Promise<Jwk> {
    const pick = (keys: Jwk[]) =>
      keys.find((key) => key.kty === 'RSA' && (kid === undefined || key.kid === kid));
    const key = pick(await this.#jwks(uri, false)) ?? pick(await this.#jwks(uri, true));
    if (!key) throw new OidcFailure('no signing key for the id_token');
    return key;
  }

  /**
   * Starts a sign-in: stores state, nonce and PKCE verifier (hash of the state only: the state travels in the
   * URL) and returns the provider's authorization URL.
   */
  async start(provider: string, brandId: bigint, siteOrigin: string): Promise<string> {
    const config = this.#config(provider);
    let discovery: Discovery;
    try {
      discovery = await this.#discover(config.issuer);
    } catch (cause) {
      throw new AppError('oauth_failed', { message: 'provider discovery failed', cause });
    }
    const state = randomBytes(32).toString('base64url');
    const nonce = randomBytes(24).toString('base64url');
    const codeVerifier = randomBytes(48).toString('base64url');
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const redirectUri = `${siteOrigin}/wps/oauth/${config.provider}/callback`;
    const now = this.#clock.now();
    const stored = { brandId, provider: config.provider, codeVerifier, nonce, redirectUri };
    const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_MS);
    await this.#uow.run(({ oauth }) => oauth.saveState(hashToken(state), stored, now, expiresAt));
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  /**
   * The provider's redirect back: consumes the state (single use, 10 minutes), exchanges the code with the
   * verifier and the client secret, and verifies the ID token. Returns the brand the sign-in started in and
   * the verified identity. Throws `OidcFailure` for every reason the sign-in cannot go on.
   */
  async finish(
    provider: string,
    code: string | undefined,
    state: string | undefined,
  ): Promise<{ brandId: bigint; provider: OidcProviderName; identity: VerifiedIdentity }> {
    const config = this.#config(provider);
    if (!code || !state) throw new OidcFailure('callback without code or state');
    const now = this.#clock.now();
    const stored = await this.#uow.run(({ oauth }) =>
      oauth.consumeState(hashToken(state), config.provider, now),
    );
    if (!stored) throw new OidcFailure('unknown, used or expired state');
    const discovery = await this.#discover(config.issuer);
    const tokens = tokenResponseSchema.safeParse(
      await fetchJson(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: stored.redirectUri,
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code_verifier: stored.codeVerifier,
        }),
      }),
    );
    if (!tokens.success) throw new OidcFailure('token response without id_token');
    const identity = await this.verifyIdToken(tokens.data.id_token, {
      issuer: config.issuer,
      clientId: config.clientId,
      nonce: stored.nonce,
      jwksUri: discovery.jwks_uri,
    });
    return { brandId: stored.brandId, provider: config.provider, identity };
  }

  async verifyIdToken(
    idToken: string,
    expected: { issuer: string; clientId: string; nonce: string; jwksUri: string },
  ): Promise<VerifiedIdentity> {
    const parts = idToken.split('.');
    if (parts.length !== 3) throw new OidcFailure('malformed id_token');
    const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
    const header = idTokenHeaderSchema.safeParse(base64urlJson(headerPart));
    // Only RS256: accepting the token's own choice of algorithm ("none", HS256 with the public key) is the
    // classic JWT forgery.
    if (!header.success || header.data.alg !== 'RS256') throw new OidcFailure('id_token is not RS256');
    const jwk = await this.#keyFor(expected.jwksUri, header.data.kid);
    let signatureOk: boolean;
    try {
      const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
      signatureOk = verify(
        'RSA-SHA256',
        Buffer.from(`${headerPart}.${claimsPart}`),
        key,
        Buffer.from(signaturePart, 'base64url'),
      );
    } catch (cause) {
      throw new OidcFailure('id_token signature cannot be checked', { cause });
    }
    if (!signatureOk) throw new OidcFailure('id_token signature is wrong');

    const parsed = idTokenClaimsSchema.safeParse(base64urlJson(claimsPart));
    if (!parsed.success) throw new OidcFailure('id_token claims are malformed');
    const claims = parsed.data;
    if (claims.iss !== expected.issuer) throw new OidcFailure('id_token iss differs');
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes(expected.clientId)) throw new OidcFailure('id_token aud differs');
    if (audiences.length > 1 && claims.azp !== expected.clientId)
      throw new OidcFailure('id_token azp differs');
    if (claims.exp + CLOCK_SKEW_S <= this.#clock.now().getTime() / 1000)
      throw new OidcFailure('id_token expired');
    if (claims.nonce !== expected.nonce) throw new OidcFailure('id_token nonce differs');
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    return {
      subject: claims.sub,
      email: verified && claims.email && claims.email.length <= 254 ? claims.email : null,
      name: claims.name?.trim() || null,
    };
  }
}
