import path from 'node:path';
import { z } from 'zod';
import { isIpOrCidr } from '../lib/ip.ts';
import { findRepoRoot } from '../lib/repo-root.ts';

/**
 * The only reader of `process.env` (ARCHITECTURE §2). Every variable is parsed here once, so the rest of
 * the server receives a typed, validated `AppConfig` and tests can build any configuration without
 * touching the environment. A bad environment fails at start, listing every problem at once so an
 * operator fixes them in one go instead of one restart per typo.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Names proxy-addr understands besides addresses and CIDR blocks. */
const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

export type AppConfig = {
  host: string;
  port: number;
  nodeEnv: 'production' | 'development' | 'test';
  /** PostgreSQL URL; null → embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** Absolute path of the server's data folder (PGlite lives in `<dataDir>/pgdata`). */
  dataDir: string;
  logLevel: LogLevel;
  /** `auto`: readable lines on an interactive terminal, JSON lines otherwise (files, log collectors). */
  logFormat: 'auto' | 'json' | 'pretty';
  /** Addresses/CIDR blocks whose X-Forwarded-For is believed; empty → the socket address is the client. */
  trustedProxies: string[];
  /** Absolute path of the built SPA. */
  webDistDir: string;
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  /** Requests per minute per client IP on the API. */
  rateLimitMax: number;
  /** A session unused this long is over (sliding; each authenticated request renews it). */
  sessionIdleMs: number;
  /** A session is over this long after login, however active. */
  sessionAbsoluteMs: number;
  /**
   * Developer inbox (`DEV_INBOX=1`): `GET /dev/outbox` lists the SMS and e-mail the outbox provider
   * "sent" and `GET /dev/captcha` tells the caller its own captcha's answer. For local runs and the browser
   * journeys only; never on a site that real players use (docs/accounts-contract.md).
   */
  devInbox: boolean;
  /** Real SMS / mail gateways (HTTP POST of JSON with a bearer token); null → the outbox provider. */
  smsProvider: HttpProviderConfig | null;
  mailProvider: HttpProviderConfig | null;
  /** Leading zero bits the browser's proof of work needs for the human-verification step. */
  humanCheckBits: number;
  /** SMS codes one brand may send per 24 hours before `sms_quota_exceeded` (a cap on the gateway bill). */
  smsDailyQuota: number;
  /** How often the `audit.seal` job seals new audit rows: the longest a row stays not tamper-evident. */
  auditSealIntervalMs: number;
  /** Google / Facebook sign-in through OpenID Connect; a provider is offered only when configured. */
  oidc: { google: OidcProviderConfig | null; facebook: OidcProviderConfig | null };
  /** Telegram login (bot token from @BotFather; the bot id is its part before ':'); null → not offered. */
  telegram: TelegramConfig | null;
  /**
   * The local payment-gateway simulator (`GATEWAY_SIMULATOR=1`; docs/wallet-contract.md "Deposits"): mounts
   * `/sim/gateway/*` and signs its callbacks with `secret`. Off by default: it approves deposits without money.
   */
  gatewaySimulator: GatewaySimulatorConfig | null;
};

export type GatewaySimulatorConfig = {
  /** HMAC key of its pay links and callbacks; outside development it must be given (issue 14, 7b). */
  secret: string;
  /**
   * Where the simulator sends its callbacks (this server's own origin, `http://127.0.0.1:<PORT>` unless
   * configured): never taken from a request, whose Host header would let a caller aim the server's POST at
   * any host and port.
   */
  callbackBaseUrl: string;
};

/**
 * The simulator's secret when none is set, for development only: it is in the public repository, so
 * anyone could sign a callback with it, and any other NODE_ENV refuses to start with the simulator on
 * without `GATEWAY_SIMULATOR_SECRET` (or with this value).
 */
export const DEV_GATEWAY_SIMULATOR_SECRET = 'lotus-gateway-simulator-dev-secret';

export type HttpProviderConfig = { url: string; token: string | null };
export type OidcProviderConfig = { issuer: string; clientId: string; clientSecret: string };
export type TelegramConfig = { botToken: string; botName: string; authUrl: string };

const csv = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

const httpUrl = z.string().refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'must be an http:// or https:// URL');

const envSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  DATABASE_URL: z
    .string()
    .refine((value) => {
      try {
        return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value, context) => {
      const entries = csv(value);
      for (const entry of entries) {
        if (!isIpOrCidr(entry) && !PROXY_KEYWORDS.includes(entry)) {
          context.addIssue({ code: 'custom', message: `"${entry}" is not an IP address or CIDR block` });
        }
      }
      return entries;
    }),
  WEB_DIST_DIR: z.string().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1_048_576),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  DEV_INBOX: z.enum(['0', '1', 'false', 'true']).default('0'),
  SMS_PROVIDER_URL: httpUrl.optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  MAIL_PROVIDER_URL: httpUrl.optional(),
  MAIL_PROVIDER_TOKEN: z.string().optional(),
  HUMAN_CHECK_BITS: z.coerce.number().int().min(0).max(24).default(12),
  SMS_DAILY_QUOTA: z.coerce.number().int().min(1).default(5000),
  AUDIT_SEAL_INTERVAL_MS: z.coerce.number().int().min(500).max(3_600_000).default(5000),
  OIDC_GOOGLE_ISSUER: httpUrl.optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_FACEBOOK_ISSUER: httpUrl.optional(),
  OIDC_FACEBOOK_CLIENT_ID: z.string().optional(),
  OIDC_FACEBOOK_CLIENT_SECRET: z.string().optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^[0-9]{3,20}:[A-Za-z0-9_-]{20,80}$/, 'must look like <bot id>:<secret> (from @BotFather)')
    .optional(),
  TELEGRAM_BOT_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,64}$/)
    .optional(),
  TELEGRAM_AUTH_URL: httpUrl.default('https://oauth.telegram.org'),
  GATEWAY_SIMULATOR: z.enum(['0', '1', 'false', 'true']).default('0'),
  GATEWAY_SIMULATOR_SECRET: z.string().min(16).optional(),
  GATEWAY_SIMULATOR_CALLBACK_BASE_URL: httpUrl
    .refine((value) => {
      // Runs even when httpUrl refused the value: a URL that does not parse is httpUrl's problem alone.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.pathname === '/' && url.search === '' && url.hash === '' && !value.endsWith('/');
    }, 'must be an origin only, without a path or a trailing slash (e.g. http://127.0.0.1:8080)')
    .optional(),
});

/** The simulator's settings, or why they are refused (a missing or public secret outside development). */
function gatewaySimulatorOf(parsed: z.infer<typeof envSchema>): GatewaySimulatorConfig | null | string {
  if (parsed.GATEWAY_SIMULATOR !== '1' && parsed.GATEWAY_SIMULATOR !== 'true') return null;
  const secret = parsed.GATEWAY_SIMULATOR_SECRET;
  if (
    parsed.NODE_ENV !== 'development' &&
    (secret === undefined || secret === DEV_GATEWAY_SIMULATOR_SECRET)
  ) {
    return (
      'GATEWAY_SIMULATOR_SECRET: required when GATEWAY_SIMULATOR=1 and NODE_ENV is not development ' +
      '(the built-in development secret is public: anyone could sign a deposit callback with it)'
    );
  }
  if (parsed.GATEWAY_SIMULATOR_CALLBACK_BASE_URL === undefined && parsed.PORT === 0) {
    return 'GATEWAY_SIMULATOR_CALLBACK_BASE_URL: required when PORT=0 (the simulator cannot know the port)';
  }
  return {
    secret: secret ?? DEV_GATEWAY_SIMULATOR_SECRET,
    callbackBaseUrl: parsed.GATEWAY_SIMULATOR_CALLBACK_BASE_URL ?? `http://127.0.0.1:${parsed.PORT}`,
  };
}

function oidcOf(
  issuer: string | undefined,
  clientId: string | undefined,
  clientSecret: string | undefined,
): OidcProviderConfig | null {
  return issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : null;
}

export type EnvParseResult = { ok: true; config: AppConfig } | { ok: false; problems: string[] };

/**
 * Parses an environment object. Empty strings count as unset (a `FOO=` line in a unit file means "no
 * value", not "the empty string"). Relative paths given by the operator resolve against `cwd`; the
 * defaults resolve against the repository root.
 */
export function parseEnv(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): EnvParseResult {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map(
        (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
      ),
    };
  }
  const parsed = result.data;
  const gatewaySimulator = gatewaySimulatorOf(parsed);
  if (typeof gatewaySimulator === 'string') return { ok: false, problems: [gatewaySimulator] };
  const root = findRepoRoot(cwd);
  return {
    ok: true,
    config: {
      host: parsed.HOST,
      port: parsed.PORT,
      nodeEnv: parsed.NODE_ENV,
      databaseUrl: parsed.DATABASE_URL ?? null,
      dataDir: parsed.DATA_DIR ? path.resolve(cwd, parsed.DATA_DIR) : path.join(root, 'data'),
      logLevel: parsed.LOG_LEVEL,
      logFormat: parsed.LOG_FORMAT,
      trustedProxies: parsed.TRUSTED_PROXIES,
      webDistDir: parsed.WEB_DIST_DIR
        ? path.resolve(cwd, parsed.WEB_DIST_DIR)
        : path.join(root, 'apps/web/dist'),
      bodyLimitBytes: parsed.BODY_LIMIT_BYTES,
      shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
      rateLimitMax: parsed.RATE_LIMIT_MAX,
      sessionIdleMs: parsed.SESSION_IDLE_MINUTES * 60_000,
      sessionAbsoluteMs: parsed.SESSION_ABSOLUTE_HOURS * 3_600_000,
      devInbox: parsed.DEV_INBOX === '1' || parsed.DEV_INBOX === 'true',
      smsProvider: parsed.SMS_PROVIDER_URL
        ? { url: parsed.SMS_PROVIDER_URL, token: parsed.SMS_PROVIDER_TOKEN ?? null }
        : null,
      mailProvider: parsed.MAIL_PROVIDER_URL
        ? { url: parsed.MAIL_PROVIDER_URL, token: parsed.MAIL_PROVIDER_TOKEN ?? null }
        : null,
      humanCheckBits: parsed.HUMAN_CHECK_BITS,
      smsDailyQuota: parsed.SMS_DAILY_QUOTA,
      auditSealIntervalMs: parsed.AUDIT_SEAL_INTERVAL_MS,
      oidc: {
        google: oidcOf(
          parsed.OIDC_GOOGLE_ISSUER,
          parsed.OIDC_GOOGLE_CLIENT_ID,
          parsed.OIDC_GOOGLE_CLIENT_SECRET,
        ),
        facebook: oidcOf(
          parsed.OIDC_FACEBOOK_ISSUER,
          parsed.OIDC_FACEBOOK_CLIENT_ID,
          parsed.OIDC_FACEBOOK_CLIENT_SECRET,
        ),
      },
      telegram:
        parsed.TELEGRAM_BOT_TOKEN && parsed.TELEGRAM_BOT_NAME
          ? {
              botToken: parsed.TELEGRAM_BOT_TOKEN,
              botName: parsed.TELEGRAM_BOT_NAME,
              authUrl: parsed.TELEGRAM_AUTH_URL,
            }
          : null,
      gatewaySimulator,
    },
  };
}

/** Reads `process.env`; on any problem prints all of them and exits with status 1. */
export function loadConfig(): AppConfig {
  const result = parseEnv(process.env);
  if (result.ok) return result.config;
  console.error(`Invalid environment (${result.problems.length} problem(s)):`);
  for (const problem of result.problems) console.error(`  - ${problem}`);
  console.error('See docs/configuration.md for every variable and its default.');
  process.exit(1);
}

/** Test-only reader for the optional PostgreSQL test server, kept here so env access stays in one file. */
export function testDatabaseUrl(): string | null {
  return process.env.TEST_DATABASE_URL || null;
}
