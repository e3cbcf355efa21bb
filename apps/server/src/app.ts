import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/create-database.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { type GeoLookup, geoLookup } from './lib/geo.ts';
import { requestLogSerializer } from './lib/log-redaction.ts';
import { registerSealedBodies } from './lib/sealed-body.ts';
import { createAgents } from './modules/agents/agents-module.ts';
import { AttemptGatesRepository } from './modules/attempt-gates/attempt-gates.repository.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { LoginChallengeService } from './modules/auth/login-challenge.service.ts';
import { RememberService } from './modules/auth/remember.service.ts';
import { SealedPayloadService } from './modules/auth/sealed-payload.service.ts';
import { ServerKeysRepository } from './modules/auth/server-keys.repository.ts';
import { SessionRevocationRepository } from './modules/auth/session-revocation.repository.ts';
import { SessionRevocationService } from './modules/auth/session-revocation.service.ts';
import { SessionsService } from './modules/auth/sessions.service.ts';
import { ContentRepository } from './modules/content/content.repository.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { ContentService } from './modules/content/content.service.ts';
import { createDeposits } from './modules/deposits/deposits-module.ts';
import { FeedbackRepository } from './modules/feedback/feedback.repository.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { FeedbackService } from './modules/feedback/feedback.service.ts';
import { BetRecordsService } from './modules/games/bet-records.service.ts';
import { GameCardsRepository } from './modules/games/game-cards.repository.ts';
import { gameCatalogueRoutes } from './modules/games/game-catalogue.routes.ts';
import { GameCatalogueService } from './modules/games/game-catalogue.service.ts';
import { GamesRepository } from './modules/games/games.repository.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { GamesService } from './modules/games/games.service.ts';
import { LaunchService } from './modules/games/launch.service.ts';
import {
  catalogueWalletClient,
  createInhouseVendor,
} from './modules/inhouse-vendor/inhouse-vendor-module.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import { memberStatusRoutes } from './modules/members/member-status.routes.ts';
import { MemberStatusService } from './modules/members/member-status.service.ts';
import { MembersRepository } from './modules/members/members.repository.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { MembersService } from './modules/members/members.service.ts';
import { createMessages } from './modules/messages/messages-module.ts';
import { oauthRoutes } from './modules/oauth/oauth.routes.ts';
import { createOauthService } from './modules/oauth/oauth.service.ts';
import { operatorsRoutes } from './modules/operators/operators.routes.ts';
import { OperatorsService } from './modules/operators/operators.service.ts';
import { PasswordRepository } from './modules/password/password.repository.ts';
import { passwordRoutes } from './modules/password/password.routes.ts';
import { PasswordService } from './modules/password/password.service.ts';
import { createRewards } from './modules/promotions/rewards-module.ts';
import { RanksRepository } from './modules/ranks/ranks.repository.ts';
import { ranksRoutes } from './modules/ranks/ranks.routes.ts';
import { RanksService } from './modules/ranks/ranks.service.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { RegistrationRepository } from './modules/registration/registration.repository.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { RegistrationService } from './modules/registration/registration.service.ts';
import { SystemRepository } from './modules/system/system.repository.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { SystemService } from './modules/system/system.service.ts';
import { injectTransport } from './modules/vendor-protocol/protocol-client.ts';
import { VendorProtocolRepository } from './modules/vendor-protocol/vendor-protocol.repository.ts';
import { vendorProtocolRoutes } from './modules/vendor-protocol/vendor-protocol.routes.ts';
import { VendorProtocolService } from './modules/vendor-protocol/vendor-protocol.service.ts';
import { createVerification, verificationRoutes } from './modules/verification/verification-module.ts';
import { createWallet } from './modules/wallet/wallet-module.ts';
import { withdrawalsModule } from './modules/withdrawals/withdrawals.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandling, sendFailure } from './plugins/error-handler.ts';
import { registerInputText } from './plugins/input-text.ts';
import { registerOperatorAuth } from './plugins/operator-auth.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { createStaticSpa } from './plugins/static-spa.ts';
import { registerSwagger } from './plugins/swagger.ts';

export const API_VERSION = '0.1.0';

/** The parts of the configuration the HTTP app uses (main.ts owns host, port, database and shutdown). */
export type AppOptions = Pick<
  AppConfig,
  | 'logLevel'
  | 'trustedProxies'
  | 'webDistDir'
  | 'bodyLimitBytes'
  | 'rateLimitMax'
  | 'sessionIdleMs'
  | 'sessionAbsoluteMs'
  | 'devInbox'
  | 'smsProvider'
  | 'mailProvider'
  | 'humanCheckBits'
  | 'smsDailyQuota'
  | 'oidc'
  | 'telegram'
  | 'gatewaySimulator'
>;

export type BuildAppInput = {
  config: AppOptions;
  database: DatabaseHandle;
  /** Tests may pin visitor countries; production uses the offline GeoLite2 table. */
  geo?: GeoLookup;
  /** Tests move time to check session expiry and lockouts. */
  clock?: Clock;
  /** Tests capture the log to prove secrets never reach it. */
  logStream?: DestinationStream;
};

/** An incoming request id is reused only if it is a short token that is safe to log and echo. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Builds the whole HTTP app without listening, so tests drive it with `app.inject`. Order matters:
 * error handling first (every later context inherits it), then cross-cutting plugins, then API modules,
 * then the SPA's catch-all file route.
 */
export async function buildApp({
  config,
  database,
  geo = geoLookup,
  clock = systemClock,
  logStream,
}: BuildAppInput): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      // Every logged URL loses its secrets (launch and reset tokens, OAuth codes, signed links).
      serializers: { req: requestLogSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: requestIdOf,
    // request.ip / request.hostname follow X-Forwarded-* only when the socket peer is a listed proxy.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: config.bodyLimitBytes,
    // Malformed URLs (bad percent-encoding) get the envelope too, not Fastify's default body.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'malformed request');
      sendFailure(reply, { code: 'invalid_request', status: 400, value: null });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const spa = createStaticSpa(config.webDistDir);
  registerErrorHandling(app, { pageFallback: spa.fallback });
  // Before any route: the control-character check is a root hook every route inherits.
  registerInputText(app);

  await registerSecurityHeaders(app);
  // HttpOnly cookies carry the captcha id and the remember-me token (docs/accounts-contract.md); unsigned,
  // because each value is a random secret checked against its stored hash.
  await app.register(cookie);
  await registerCompression(app);
  await registerRateLimit(app, { max: config.rateLimitMax });
  await registerSwagger(app, { version: API_VERSION });

  const systemRepository = new SystemRepository(database.db);
  const systemService = new SystemService(systemRepository, geo);
  await app.register(systemRoutes(systemService));
  const contentService = new ContentService(new ContentRepository(database.db), systemService);
  await app.register(contentRoutes(contentService));
  // The counters of docs/api.md "Attempt limits" and "Limits": in front of secrets (login, passwords) and
  // of actions that cost something (feedback tickets, accounts made per IP).
  const attemptGates = new AttemptGatesRepository(database.db);
  await app.register(
    feedbackRoutes(
      new FeedbackService(new FeedbackRepository(database.db), systemService, systemRepository, {
        gates: attemptGates,
        clock,
      }),
    ),
  );
  await app.register(
    gamesRoutes(
      new GamesService(new GamesRepository(database.db), (host) => systemService.resolveBrand(host)),
    ),
  );

  // Accounts (docs/accounts-contract.md): one SessionsService opens sessions for every way in.
  const sealedPayloads = new SealedPayloadService(new ServerKeysRepository(database.db));
  const membersRepository = new MembersRepository(database.db);
  const authRepository = new AuthRepository(database.db);
  const sessionOptions = { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs, clock };
  const sessions = new SessionsService(
    membersRepository,
    authRepository,
    async (brandId) => {
      const { brand, flags } = await systemService.brandById(brandId);
      return { forcedChange: flags('PWDEXPFORCECHANGE3'), maxAgeDays: brand.passwordMaxAgeDays };
    },
    sessionOptions,
  );
  // ARCHITECTURE §9 "One revocation path": logout, password change / reset and operator lock / disable.
  const revocation = new SessionRevocationService(new SessionRevocationRepository(database.db), clock);
  const verification = createVerification(database.db, config, clock, app.log);
  await app.register(
    verificationRoutes(verification, {
      members: membersRepository,
      brands: systemService,
      audit: sessions.audit.bind(sessions),
    }),
  );
  const loginChallenges = new LoginChallengeService(
    authRepository,
    membersRepository,
    sessions,
    verification.codes,
    clock,
  );
  const rememberService = new RememberService(authRepository, sessions, clock);
  const authService = new AuthService(
    {
      members: membersRepository,
      repository: authRepository,
      sessions,
      challenges: loginChallenges,
      remember: rememberService,
      verification,
      resolveBrand: async (host) => {
        const brand = await systemService.resolveBrand(host);
        const { flags } = await systemService.brandById(brand.id);
        return { id: brand.id, loginCaptcha: brand.loginCaptcha, flags };
      },
      gates: attemptGates,
      revocation,
    },
    sessionOptions,
  );
  registerAuth(app, authService);
  registerSealedBodies(app, sealedPayloads);
  // Game lists, favourites, launch and the betting record (docs/games-contract.md): after auth, because
  // their public calls still read an optional login (favourite flags, a real launch).
  const gameCards = new GameCardsRepository(database.db);
  const brandOfHost = (host: string | null) => systemService.resolveBrand(host);
  await app.register(
    gameCatalogueRoutes({
      catalogue: new GameCatalogueService(gameCards, brandOfHost, clock),
      launch: new LaunchService(gameCards, brandOfHost, clock),
      betRecords: new BetRecordsService(gameCards, clock),
      authenticate: (token) => authService.authenticate(token),
    }),
  );
  // Back office (docs/wallet-contract.md): operator tokens open only routes declared `config.operator`.
  const operatorsService = new OperatorsService(database.db, {
    clock,
    resolveBrandByHost: (host) => systemService.resolveBrand(host),
  });
  registerOperatorAuth(app, operatorsService);
  await app.register(operatorsRoutes(operatorsService));
  await app.register(memberStatusRoutes(new MemberStatusService(membersRepository, revocation)));
  await app.register(authRoutes(authService, sealedPayloads, loginChallenges, rememberService));
  await app.register(
    registrationRoutes(
      new RegistrationService(
        new RegistrationRepository(database.db),
        membersRepository,
        sessions,
        systemService,
        verification,
        attemptGates,
      ),
    ),
  );
  await app.register(
    oauthRoutes(
      createOauthService({
        db: database.db,
        oidc: config.oidc,
        telegram: config.telegram,
        members: membersRepository,
        sessions,
        resolveBrand: (host) => systemService.resolveBrand(host),
      }),
    ),
  );
  await app.register(
    membersRoutes(
      new MembersService(
        membersRepository,
        async (brandId) => (await systemService.brandById(brandId)).brand.supportedLanguages,
        sessions.audit.bind(sessions),
      ),
    ),
  );
  // Player rank (docs/api.md "Player rank"): the member's VIP level against the brand's ladder.
  await app.register(
    ranksRoutes(
      new RanksService(
        new RanksRepository(database.db),
        async (brandId) => (await systemService.brandById(brandId)).brand.defaultLanguage,
      ),
    ),
  );
  await app.register(
    passwordRoutes(
      new PasswordService({
        members: membersRepository,
        repository: new PasswordRepository(database.db),
        sessions,
        revocation,
        brands: systemService,
        mail: verification.notifiers.mail,
        codes: verification.codes,
        gates: attemptGates,
      }),
    ),
  );

  // Wallet (issue 5; docs/database.md "Ledger").
  const ledger = new LedgerService(database.db);
  const wallet = createWallet({ db: database.db, ledger, clock });
  await app.register(wallet.routes);
  // Agent centre (docs/agents-contract.md): team overview, downline, downline registration and transfers.
  await app.register(
    createAgents({
      db: database.db,
      registerSetting: (visitor) => systemService.getRegisterSetting(visitor),
      findByUsername: (brandId, username) => membersRepository.findByUsername(brandId, username),
      audit: sessions.audit.bind(sessions),
      clock,
    }).routes,
  );
  await app.register(
    createDeposits({
      db: database.db,
      ledger,
      gatewaySimulator: config.gatewaySimulator,
      brandIdOf: async (host) => (await systemService.resolveBrand(host)).id,
    }).routes,
  );
  // Live balance (docs/wallet-contract.md): pushes a member's balance whenever the ledger announces a change.
  await app.register(
    realtimeRoutes({
      db: database.db,
      listen: database.listen,
      authenticate: (token) => authService.authenticate(token),
      balanceOf: (memberId) => wallet.service.balance(memberId),
      sessionIdleMs: config.sessionIdleMs,
      clock,
    }),
  );
  // Withdrawals (docs/wallet-contract.md "Withdrawals"): member requests, receipts and the back-office desk.
  await app.register(withdrawalsModule({ db: database.db, ledger, clock }));
  // Reward centre (docs/api.md "Reward centre"): rewards granted to a member, claimed into the main wallet.
  // `rewards.service.countUnclaimed` is the reward half of the header's unread count.
  const rewards = createRewards({ db: database.db, ledger, clock });
  await app.register(rewards.routes);
  // Seamless-wallet protocol (docs/vendor-protocol.md): vendors (the in-house studio too) move a player's
  // money with signed debit / credit / rollback calls; wins feed the public winner board.
  await app.register(
    vendorProtocolRoutes(
      new VendorProtocolService({
        repository: new VendorProtocolRepository(database.db),
        ledger,
        clock,
        recordWin: (brandId, win) => contentService.recordWin(brandId, win),
        log: app.log,
      }),
    ),
  );
  // In-house studio (docs/games-contract.md "In-house vendor"): a vendor like any other, reaching the wallet
  // only through the signed seamless-wallet protocol, sent in-process through app.inject.
  await app.register(
    createInhouseVendor({
      db: database.db,
      clock,
      wallet: catalogueWalletClient(database.db, injectTransport(app)),
      log: app.log,
    }).routes,
  );

  // Platform messages (docs/api.md "Messages"): the member's inbox, CSP_unreadCount and the operator's send.
  await app.register(
    createMessages({
      db: database.db,
      // The header's count is unread messages plus unclaimed rewards (SPEC §2).
      countUnclaimedRewards: (memberId) => rewards.service.countUnclaimed(memberId),
    }).routes,
  );

  await spa.register(app);
  return app;
}
