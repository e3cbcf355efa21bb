import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import cookie from '@fastify/cookie';
import { LIVE_VENDOR_CODE } from '@lotus/shared/live.schema';
import { LOTTERY_VENDOR_CODE } from '@lotus/shared/lottery.schema';
import { PVP_VENDOR_CODE } from '@lotus/shared/pvp.schema';
import { SPORTSBOOK_VENDOR_CODE } from '@lotus/shared/sportsbook.schema';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/create-database.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { type GeoLookup, geoLookup } from './lib/geo.ts';
import { requestLogSerializer } from './lib/log-redaction.ts';
import { ChangeFeed } from './lib/process-cache.ts';
import { registerSealedBodies } from './lib/sealed-body.ts';
import { createAgentContractsModule } from './modules/agent-contracts/agent-contracts-module.ts';
import { createAgentsModule } from './modules/agents/agents-module.ts';
import { createAttemptGatesModule } from './modules/attempt-gates/attempt-gates-module.ts';
import { createAuditModule } from './modules/audit/audit-module.ts';
import { ACCESS_CHANNEL } from './modules/auth/access-changes.ts';
import { createAuthModule } from './modules/auth/auth-module.ts';
import { createContentModule } from './modules/content/content-module.ts';
import { createDepositsModule } from './modules/deposits/deposits-module.ts';
import { createFeedbackModule } from './modules/feedback/feedback-module.ts';
import { createFreeRoundsModule } from './modules/free-rounds/free-rounds-module.ts';
import { createGamesModule } from './modules/games/games-module.ts';
import {
  catalogueWalletClient,
  createInhouseVendorModule,
} from './modules/inhouse-vendor/inhouse-vendor-module.ts';
import { roundSeedsIn } from './modules/inhouse-vendor/round-seeds.ts';
import { createJackpotModule, JACKPOT_CHANNEL } from './modules/jackpot/jackpot-module.ts';
import type { JobRunner } from './modules/jobs/jobs-api.ts';
import { createJobsModule } from './modules/jobs/jobs-module.ts';
import { createLedgerModule, onAccountsMoved } from './modules/ledger/ledger-module.ts';
import { createLiveTablesModule, LIVE_CHANNEL } from './modules/live-tables/live-tables-module.ts';
import { createLotteryModule } from './modules/lottery/lottery-module.ts';
import { createLoyaltyModule } from './modules/loyalty/loyalty-module.ts';
import { createMembersModule } from './modules/members/members-module.ts';
import { createMessagesModule } from './modules/messages/messages-module.ts';
import { createMissionsModule } from './modules/missions/missions-module.ts';
import { createOauthModule } from './modules/oauth/oauth-module.ts';
import { createOperatorsModule } from './modules/operators/operators-module.ts';
import { createPasswordModule } from './modules/password/password-module.ts';
import { createPlayerProtectionModule } from './modules/player-protection/player-protection-module.ts';
import { createPointsModule } from './modules/points/points-module.ts';
import { createPromotionEngineModule } from './modules/promotion-engine/promotion-engine-module.ts';
import { createPromotionsModule } from './modules/promotions/promotions-module.ts';
import { createPvpRoomsModule, PVP_CHANNEL } from './modules/pvp-rooms/pvp-rooms-module.ts';
import { createRafflesModule } from './modules/raffles/raffles-module.ts';
import { createRanksModule } from './modules/ranks/ranks-module.ts';
import {
  createRealtimeModule,
  LOTTERY_CHANNEL,
  lotterySnapshots,
} from './modules/realtime/realtime-module.ts';
import { createRegistrationModule } from './modules/registration/registration-module.ts';
import { SPORTS_CHANNEL, sportsEventSnapshots } from './modules/sportsbook/sportsbook-feed-part.ts';
import { createSportsbookModule } from './modules/sportsbook/sportsbook-module.ts';
import { createSystemModule } from './modules/system/system-module.ts';
import { createVendorProtocolModule } from './modules/vendor-protocol/vendor-protocol-module.ts';
import { createVerificationModule } from './modules/verification/verification-module.ts';
import { createWalletModule } from './modules/wallet/wallet-module.ts';
import { createWithdrawalsModule } from './modules/withdrawals/withdrawals-module.ts';
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
  | 'auditSealIntervalMs'
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
  /**
   * Start the job scheduler when the app is ready (main.ts does). Off by default, so a test's app runs no
   * background work unless the test asks: `app.jobs.runDue()` / `app.jobs.runNow(name)`.
   */
  runJobs?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's job scheduler (docs/jobs.md). */
    jobs: JobRunner;
    /** The LISTEN feeds the caches follow (lib/process-cache.ts); tests wait on them with `caughtUp`. */
    changeFeeds: readonly ChangeFeed[];
  }
}

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
  runJobs = false,
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

  const modules = createModules(app, { config, database, geo, clock });
  // The auth hooks act only on routes that declare `config.auth` / `config.operator`, so every module's
  // routes may come after them.
  registerAuth(app, modules.authService);
  registerSealedBodies(app, modules.sealed);
  registerOperatorAuth(app, modules.operators);
  for (const routes of modules.routes) await app.register(routes);

  // The feeds the caches follow listen once the app is ready, and stop with it (lib/process-cache.ts).
  app.addHook('onReady', async () => {
    for (const feed of modules.feeds) await feed.start();
  });
  app.addHook('onClose', async () => {
    for (const feed of modules.feeds) await feed.stop();
  });
  // A member's own write (a transfer, a withdrawal, a claim) drops their cached balance before its answer
  // leaves, so the read the browser sends next never comes from before it; money moved by other callers
  // (vendors, agents, operators) reaches the cache through the ledger's announcement (docs/scaling.md).
  // Every entry this process commits drops the moved wallets' cached balances before its caller answers.
  const stopHearingMoves = onAccountsMoved(modules.accountsMoved);
  app.addHook('onClose', async () => stopHearingMoves());
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.actor && request.method !== 'GET' && request.method !== 'HEAD') {
      modules.balanceChanged([request.actor.memberId]);
    }
    return payload;
  });

  app.decorate('jobs', modules.jobs);
  app.decorate('changeFeeds', modules.feeds);
  if (runJobs) app.addHook('onReady', async () => modules.jobs.start());
  app.addHook('onClose', () => modules.jobs.stop());

  await spa.register(app);
  return app;
}

type ModuleInfrastructure = {
  config: AppOptions;
  database: DatabaseHandle;
  geo: GeoLookup;
  clock: Clock;
};

/**
 * Every module, made by its factory in dependency order (the module recipe: docs/architecture.md): each gets
 * the infrastructure it needs and the `api` of the modules it uses, never their repositories. Answers the
 * route plugins in registration order, what the two auth plugins check with, and the job runner.
 */
function createModules(app: FastifyInstance, { config, database, geo, clock }: ModuleInfrastructure) {
  const { db } = database;
  const jobs = createJobsModule({ db, clock, log: app.log });
  const audit = createAuditModule({ db, sealEveryMs: config.auditSealIntervalMs });
  const ledger = createLedgerModule({ db });
  // One LISTEN channel each, all on the process's one LISTEN connection (db/listen.ts); the caches that
  // follow a feed bypass while it is down.
  const balanceChanges = new ChangeFeed(database.listen, ledger.balanceChannel);
  const accessChanges = new ChangeFeed(database.listen, ACCESS_CHANNEL);
  const jackpotChanges = new ChangeFeed(database.listen, JACKPOT_CHANNEL);
  const lotteryChanges = new ChangeFeed(database.listen, LOTTERY_CHANNEL);
  const sportsChanges = new ChangeFeed(database.listen, SPORTS_CHANNEL);
  const liveChanges = new ChangeFeed(database.listen, LIVE_CHANNEL);
  const pvpChanges = new ChangeFeed(database.listen, PVP_CHANNEL);
  const gates = createAttemptGatesModule({ db }).api;
  const system = createSystemModule({ db, geo });
  const brands = system.api;
  const content = createContentModule({ db, brands });
  const feedback = createFeedbackModule({ db, brands, gates, clock });

  // Members and auth use each other: auth reads members (login), members' routes write the audit trail and
  // revoke sessions through auth. Those two calls happen per request, once both modules exist.
  const members = createMembersModule({
    db,
    languagesOf: async (brandId) => (await brands.brandById(brandId)).brand.supportedLanguages,
    audit: (...entry) => auth.api.audit(...entry),
    revocation: {
      revokeMemberAccess: (...change) => auth.api.revocation.revokeMemberAccess(...change),
      in: (trx) => auth.api.revocation.in(trx),
    },
    sessionsChanged: (memberId) => auth.api.sessionsChanged(memberId),
  });
  const verification = createVerificationModule({
    db,
    config,
    clock,
    log: app.log,
    gates,
    members: members.api,
    brands,
    audit: (...entry) => auth.api.audit(...entry),
  });
  const auth = createAuthModule({
    db,
    clock,
    sessionIdleMs: config.sessionIdleMs,
    sessionAbsoluteMs: config.sessionAbsoluteMs,
    members: members.api,
    resolveBrand: async (host) => {
      const brand = await brands.resolveBrand(host);
      const { flags } = await brands.brandById(brand.id);
      return { id: brand.id, loginCaptcha: brand.loginCaptcha, flags };
    },
    passwordPolicyOf: async (brandId) => {
      const { brand, flags } = await brands.brandById(brandId);
      return { forcedChange: flags('PWDEXPFORCECHANGE3'), maxAgeDays: brand.passwordMaxAgeDays };
    },
    verification: verification.api,
    gates,
    accessChanges,
    // Player protection uses auth (revocation, the login's credential check) and auth uses it (every way
    // in refuses an excluded member): these calls happen per request, once both modules exist.
    protection: {
      refuseExcluded: (memberId) => protection.api.gate.refuseExcluded(memberId),
      sessionStart: (memberId, now) => protection.api.gate.sessionStart(memberId, now),
    },
  });
  const protection = createPlayerProtectionModule({
    db,
    clock,
    revocation: auth.api.revocation,
    provenMember: (payload, context) => auth.api.provenMember(payload, context),
    sessionsChanged: (memberId) => auth.api.sessionsChanged(memberId),
    findMember: (brandId, username) => members.api.findByUsername(brandId, username),
    devInbox: config.devInbox,
  });
  const games = createGamesModule({
    db,
    clock,
    brandOfHost: (host) => brands.resolveBrand(host),
    authenticate: auth.api.authenticate,
  });
  const operators = createOperatorsModule({
    db,
    clock,
    gates,
    ledger: ledger.api,
    resolveBrandByHost: (host) => brands.resolveBrand(host),
  });
  const registration = createRegistrationModule({
    db,
    members: members.api,
    sessions: auth.api.sessions,
    system: brands,
    verification: verification.api,
    gates,
  });
  const oauth = createOauthModule({
    db,
    oidc: config.oidc,
    telegram: config.telegram,
    members: members.api,
    sessions: auth.api.sessions,
    resolveBrand: (host) => brands.resolveBrand(host),
  });
  const password = createPasswordModule({
    db,
    members: members.api,
    sessions: auth.api.sessions,
    revocation: auth.api.revocation,
    brands,
    mail: verification.api.notifiers.mail,
    codes: verification.api.codes,
    gates,
  });
  const withdrawals = createWithdrawalsModule({ db, ledger: ledger.api, clock });
  const wallet = createWalletModule({
    db,
    ledger: ledger.api,
    clock,
    paymentPassword: withdrawals.api.paymentPassword,
    balanceChanges,
  });
  const agents = createAgentsModule({
    db,
    registerSetting: (visitor) => brands.getRegisterSetting(visitor),
    findByUsername: (brandId, username) => members.api.findByUsername(brandId, username),
    registration: registration.api,
    audit: auth.api.audit,
    clock,
  });
  const agentContracts = createAgentContractsModule({
    db,
    clock,
    jobs: jobs.api,
    figures: agents.api.teamFigures,
    log: app.log,
    devInbox: config.devInbox,
  });
  const raffles = createRafflesModule({ db, clock, devInbox: config.devInbox });
  const deposits = createDepositsModule({
    db,
    ledger: ledger.api,
    gatewaySimulator: config.gatewaySimulator,
    brandIdOf: async (host) => (await brands.resolveBrand(host)).id,
    // A credited deposit grants raffle tickets in its own transaction (issue 19).
    creditHooks: [raffles.api.depositCreditedIn],
  });
  // Progressive jackpots (issue 19): rounds of the studio's games fund the pots; the realtime socket pushes them.
  const jackpot = createJackpotModule({
    db,
    roundSeedsIn: (trx) => roundSeedsIn(trx),
    recordWin: (brandId, win) => content.api.recordWin(brandId, win),
    brandIdOf: async (host) => (await brands.resolveBrand(host)).id,
    log: app.log,
  });
  // Issue 22: the live tables, a fourth in-house vendor (LIVE) on the same signed protocol; its wallet client
  // is made with the protocol's (below) and called only once the app runs.
  const liveTables = createLiveTablesModule({
    db,
    clock,
    wallet: () => liveWallet(),
    log: app.log,
    devInbox: config.devInbox,
    brandOf: (host) => brands.resolveBrand(host),
    changes: liveChanges,
  });
  const realtime = createRealtimeModule({
    db,
    balanceChanges,
    accessChanges,
    authenticate: auth.api.authenticate,
    balanceOf: (memberId) => wallet.api.balance(memberId),
    jackpotChanges,
    jackpotPotsOf: async (brandId) =>
      (await jackpot.api.service.list(brandId)).map(({ code, potMinor, currency }) => ({
        code,
        potMinor,
        currency,
      })),
    // Issue 20: draws opened, closed, drawn or cancelled are pushed to the sockets following the game.
    lotteryChanges,
    lotteryGameOf: lotterySnapshots(db, clock),
    lotteryBrandOf: async (host) => (await brands.resolveBrand(host)).id,
    // Issue 21: a sports event's prices, markets, score or status changed: pushed to its followers.
    sportsChanges,
    sportsEventOf: sportsEventSnapshots({ db, clock }),
    sportsBrandOf: async (host) => (await brands.resolveBrand(host)).id,
    // Issue 22: a live table's phase moved: its snapshot is pushed to the sockets following it.
    liveChanges,
    liveTables: liveTables.api.push,
    liveBrandOf: async (host) => (await brands.resolveBrand(host)).id,
    // Issue 22: a PVP room moved: each follower gets the table as their member sees it.
    pvpChanges,
    pvpTableOf: (roomId, memberId, language) => pvpRooms.api.tableById(roomId, memberId, language),
    pvpRoomOf: (brandId, roomCode) => pvpRooms.api.roomIdOf(brandId, roomCode),
    sessionIdleMs: config.sessionIdleMs,
    clock,
  });
  const promotions = createPromotionsModule({ db, ledger: ledger.api, clock });
  const points = createPointsModule({
    db,
    clock,
    paymentPassword: withdrawals.api.paymentPassword,
    brandOf: async (host) => (await brands.resolveBrand(host)).id,
    devInbox: config.devInbox,
  });
  // Issue 19: VIP progression (ranks) and rebates (loyalty) grant through the reward centre.
  const ranks = createRanksModule({
    db,
    clock,
    defaultLanguageOf: async (brandId) => (await brands.brandById(brandId)).brand.defaultLanguage,
    rewards: promotions.api,
    log: app.log,
  });
  const loyalty = createLoyaltyModule({
    db,
    clock,
    rewards: promotions.api,
    ranks: ranks.api,
    log: app.log,
    devInbox: config.devInbox,
  });
  const promotionEngine = createPromotionEngineModule({ db, clock });
  // Issue 19 (H7): free rounds of a promotion, funded by the platform around the studio's round.
  const freeRounds = createFreeRoundsModule({ db, clock, log: app.log });
  const vendorProtocol = createVendorProtocolModule({
    db,
    ledger: ledger.api,
    clock,
    recordWin: (brandId, win) => content.api.recordWin(brandId, win),
    log: app.log,
    accessChanges,
  });
  // The in-house studio reaches the wallet only through the signed protocol, sent in-process.
  const inhouseVendor = createInhouseVendorModule({
    db,
    clock,
    wallet: catalogueWalletClient(db, vendorProtocol.api.transportFor(app), clock),
    log: app.log,
    freeRounds: freeRounds.api,
  });
  const liveWallet = catalogueWalletClient(db, vendorProtocol.api.transportFor(app), clock, LIVE_VENDOR_CODE);
  // Issue 20: the lottery engine, a second in-house vendor (LOTTO) on the same signed protocol.
  const lottery = createLotteryModule({
    db,
    clock,
    wallet: catalogueWalletClient(db, vendorProtocol.api.transportFor(app), clock, LOTTERY_VENDOR_CODE),
    log: app.log,
    devInbox: config.devInbox,
    brandOf: (host) => brands.resolveBrand(host),
  });
  // Issue 21: the sportsbook, a third in-house vendor (SPORTSBOOK) on the same signed protocol.
  const sportsbook = createSportsbookModule({
    db,
    clock,
    wallet: catalogueWalletClient(db, vendorProtocol.api.transportFor(app), clock, SPORTSBOOK_VENDOR_CODE),
    log: app.log,
    devInbox: config.devInbox,
    brandOf: (host) => brands.resolveBrand(host),
  });
  // Issue 22: PVP rooms, a fourth in-house vendor (PVP) on the same signed protocol.
  const pvpRooms = createPvpRoomsModule({
    db,
    clock,
    wallet: catalogueWalletClient(db, vendorProtocol.api.transportFor(app), clock, PVP_VENDOR_CODE),
    log: app.log,
  });
  // Issue 19 (H3): missions and referral pay through the reward centre; referral runs where the brand's
  // whitelabel flag REFERRAL3 is on.
  const missions = createMissionsModule({
    db,
    clock,
    rewards: promotions.api,
    referralEnabled: async (brandId) => (await brands.brandById(brandId)).flags('REFERRAL3'),
  });
  const messages = createMessagesModule({
    db,
    // The header's count is unread messages plus unclaimed rewards (SPEC §2).
    countUnclaimedRewards: (memberId) => promotions.api.countUnclaimed(memberId),
    countCompleteMissions: (member) => missions.api.completeCount(member),
  });

  const all = [
    system,
    content,
    feedback,
    verification,
    games,
    operators,
    members,
    auth,
    registration,
    oauth,
    ranks,
    password,
    wallet,
    agents,
    agentContracts,
    raffles,
    deposits,
    realtime,
    withdrawals,
    promotions,
    points,
    loyalty,
    promotionEngine,
    freeRounds,
    vendorProtocol,
    inhouseVendor,
    lottery,
    sportsbook,
    liveTables,
    pvpRooms,
    missions,
    messages,
    protection,
    jackpot,
  ];
  return {
    routes: all.map((module) => module.routes),
    authService: auth.authService,
    sealed: auth.api.sealed,
    operators: operators.api,
    jobs: jobs.runnerFor([...audit.jobs, ...all.flatMap((module) => ('jobs' in module ? module.jobs : []))]),
    feeds: [
      balanceChanges,
      accessChanges,
      jackpotChanges,
      lotteryChanges,
      sportsChanges,
      liveChanges,
      pvpChanges,
    ],
    balanceChanged: (memberIds: Iterable<bigint>) => wallet.api.balanceChanged(memberIds),
    accountsMoved: (accountIds: readonly bigint[]) => wallet.api.accountsMoved(accountIds),
  };
}
