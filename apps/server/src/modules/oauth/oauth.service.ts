import type { LoginResult } from '@lotus/shared/auth.schema';
import type { OauthProviders, TelegramAuthBody } from '@lotus/shared/oauth.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { IdentityMembersService } from './identity-members.service.ts';
import { OidcFailure, type OidcService } from './oidc.service.ts';
import type { TelegramService } from './telegram.service.ts';

export type BrandIdResolver = (host: string | null) => Promise<{ id: bigint }>;

/**
 * Where the callback sends the browser: the SPA page that trades the code for a session. The code travels in
 * the fragment, which browsers never send to a server, so no access log or proxy ever sees it.
 */
export const COMPLETE_PATH = '/oauth/complete';

/** Third-party sign-in as the routes see it (docs/accounts-contract.md "Third-party sign-in"). */
export class OauthService {
  readonly #oidc: OidcService;
  readonly #telegram: TelegramService;
  readonly #members: IdentityMembersService;
  readonly #resolveBrand: BrandIdResolver;

  constructor(
    oidc: OidcService,
    telegram: TelegramService,
    members: IdentityMembersService,
    resolveBrand: BrandIdResolver,
  ) {
    this.#oidc = oidc;
    this.#telegram = telegram;
    this.#members = members;
    this.#resolveBrand = resolveBrand;
  }

  providers(): OauthProviders {
    return {
      google: this.#oidc.isConfigured('google'),
      facebook: this.#oidc.isConfigured('facebook'),
      telegram: this.#telegram.publicInfo(),
    };
  }

  /** The provider's authorization URL for a new sign-in from `siteOrigin` (scheme://host of this site). */
  async start(provider: string, origin: RequestOrigin, siteOrigin: string): Promise<string> {
    this.#oidc.requireProvider(provider);
    const brand = await this.#resolveBrand(origin.host);
    return this.#oidc.start(provider, brand.id, siteOrigin);
  }

  /**
   * The provider's redirect back → the SPA URL to send the browser to: with a one-time login code, or with
   * `error=oauth_failed` whatever went wrong (the reason goes to the log, never to the browser).
   */
  async callback(
    provider: string,
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
    origin: RequestOrigin,
    log: FastifyBaseLogger,
  ): Promise<string> {
    try {
      if (query.error) throw new OidcFailure(`provider answered error=${query.error}`);
      const {
        brandId,
        provider: name,
        identity,
      } = await this.#oidc.finish(provider, query.code, query.state);
      const preferred = identity.email ? identity.email.split('@')[0] : null;
      const member = await this.#members.findOrCreate(
        brandId,
        { provider: name, subject: identity.subject, email: identity.email, displayName: identity.name },
        preferred ?? null,
        origin,
      );
      const code = await this.#members.issueLoginCode(member, name);
      return `${COMPLETE_PATH}#code=${encodeURIComponent(code)}`;
    } catch (error) {
      log.warn(
        { provider, reason: error instanceof Error ? error.message : 'unknown' },
        'third-party sign-in failed',
      );
      return `${COMPLETE_PATH}?error=oauth_failed`;
    }
  }

  async exchange(code: string, origin: RequestOrigin): Promise<LoginResult> {
    const brand = await this.#resolveBrand(origin.host);
    return this.#members.exchange(code, brand.id, origin);
  }

  async telegram(body: TelegramAuthBody, origin: RequestOrigin): Promise<LoginResult> {
    const person = this.#telegram.verify(body);
    const brand = await this.#resolveBrand(origin.host);
    const member = await this.#members.findOrCreate(
      brand.id,
      { provider: 'telegram', subject: person.subject, email: null, displayName: person.displayName },
      person.username,
      origin,
    );
    return this.#members.login(member, origin, 'telegram');
  }
}
