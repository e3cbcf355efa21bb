import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_GATEWAY_SIMULATOR_SECRET, parseEnv } from './env.ts';

const cwd = path.resolve(import.meta.dirname, '../../../..');

describe('parseEnv', () => {
  it('applies the documented defaults to an empty environment', () => {
    const result = parseEnv({}, cwd);
    expect(result).toEqual({
      ok: true,
      config: {
        host: '0.0.0.0',
        port: 8080,
        nodeEnv: 'production',
        databaseUrl: null,
        dataDir: path.join(cwd, 'data'),
        logLevel: 'info',
        logFormat: 'auto',
        trustedProxies: [],
        webDistDir: path.join(cwd, 'apps/web/dist'),
        bodyLimitBytes: 1_048_576,
        shutdownTimeoutMs: 10_000,
        rateLimitMax: 1200,
        sessionIdleMs: 30 * 60_000,
        sessionAbsoluteMs: 12 * 3_600_000,
        devInbox: false,
        smsProvider: null,
        mailProvider: null,
        humanCheckBits: 12,
        smsDailyQuota: 5000,
        auditSealIntervalMs: 5000,
        oidc: { google: null, facebook: null },
        telegram: null,
        gatewaySimulator: null,
      },
    });
  });

  it('resolves repository defaults from a sub-folder too', () => {
    const result = parseEnv({}, path.join(cwd, 'apps/server'));
    expect(result.ok && result.config.webDistDir).toBe(path.join(cwd, 'apps/web/dist'));
  });

  it('parses every variable', () => {
    const result = parseEnv(
      {
        HOST: '127.0.0.1',
        PORT: '9000',
        NODE_ENV: 'development',
        DATABASE_URL: 'postgresql://lotus@db.internal:5432/lotus',
        DATA_DIR: 'var/lotus',
        LOG_LEVEL: 'debug',
        TRUSTED_PROXIES: ' 10.0.0.0/8, 192.168.1.1 ,::1,loopback',
        WEB_DIST_DIR: '/srv/web',
        BODY_LIMIT_BYTES: '2048',
        SHUTDOWN_TIMEOUT_MS: '0',
        RATE_LIMIT_MAX: '50',
        SESSION_IDLE_MINUTES: '10',
        SESSION_ABSOLUTE_HOURS: '2',
        DEV_INBOX: '1',
        SMS_PROVIDER_URL: 'https://sms.example.com/send',
        SMS_PROVIDER_TOKEN: 'sms-secret',
        MAIL_PROVIDER_URL: 'https://mail.example.com/send',
        HUMAN_CHECK_BITS: '16',
        SMS_DAILY_QUOTA: '200',
        AUDIT_SEAL_INTERVAL_MS: '2000',
        OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
        OIDC_GOOGLE_CLIENT_ID: 'google-client',
        OIDC_GOOGLE_CLIENT_SECRET: 'google-secret',
        OIDC_FACEBOOK_ISSUER: 'https://www.facebook.com',
        OIDC_FACEBOOK_CLIENT_ID: 'fb-client',
        TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ012345',
        TELEGRAM_BOT_NAME: 'lotus_bot',
        GATEWAY_SIMULATOR: '1',
        GATEWAY_SIMULATOR_SECRET: 'a-simulator-secret-of-32-chars!!',
      },
      '/srv/app',
    );
    expect(result).toEqual({
      ok: true,
      config: {
        host: '127.0.0.1',
        port: 9000,
        nodeEnv: 'development',
        databaseUrl: 'postgresql://lotus@db.internal:5432/lotus',
        dataDir: '/srv/app/var/lotus',
        logLevel: 'debug',
        logFormat: 'auto',
        trustedProxies: ['10.0.0.0/8', '192.168.1.1', '::1', 'loopback'],
        webDistDir: '/srv/web',
        bodyLimitBytes: 2048,
        shutdownTimeoutMs: 0,
        rateLimitMax: 50,
        sessionIdleMs: 10 * 60_000,
        sessionAbsoluteMs: 2 * 3_600_000,
        devInbox: true,
        smsProvider: { url: 'https://sms.example.com/send', token: 'sms-secret' },
        mailProvider: { url: 'https://mail.example.com/send', token: null },
        humanCheckBits: 16,
        smsDailyQuota: 200,
        auditSealIntervalMs: 2000,
        // Facebook lacks its secret, so it is not offered rather than half-configured.
        oidc: {
          google: {
            issuer: 'https://accounts.google.com',
            clientId: 'google-client',
            clientSecret: 'google-secret',
          },
          facebook: null,
        },
        telegram: {
          botToken: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ012345',
          botName: 'lotus_bot',
          authUrl: 'https://oauth.telegram.org',
        },
        gatewaySimulator: {
          secret: 'a-simulator-secret-of-32-chars!!',
          callbackBaseUrl: 'http://127.0.0.1:9000',
        },
      },
    });
  });

  describe('the gateway simulator (issue 14, finding 7b)', () => {
    it('refuses to start outside development without its own secret, or with the public one', () => {
      for (const env of [
        { GATEWAY_SIMULATOR: '1' },
        { GATEWAY_SIMULATOR: 'true', NODE_ENV: 'test' },
        { GATEWAY_SIMULATOR: '1', GATEWAY_SIMULATOR_SECRET: DEV_GATEWAY_SIMULATOR_SECRET },
      ]) {
        const result = parseEnv(env, cwd);
        expect(result.ok, JSON.stringify(env)).toBe(false);
        expect(!result.ok && result.problems.join('\n')).toMatch(/^GATEWAY_SIMULATOR_SECRET: required/);
      }
    });

    it('uses the development secret in development only, and calls back to 127.0.0.1:<PORT> by default', () => {
      const result = parseEnv({ GATEWAY_SIMULATOR: '1', NODE_ENV: 'development', PORT: '8181' }, cwd);
      expect(result.ok && result.config.gatewaySimulator).toEqual({
        secret: DEV_GATEWAY_SIMULATOR_SECRET,
        callbackBaseUrl: 'http://127.0.0.1:8181',
      });
    });

    it('takes its callback origin from GATEWAY_SIMULATOR_CALLBACK_BASE_URL, an origin only', () => {
      const base = { GATEWAY_SIMULATOR: '1', GATEWAY_SIMULATOR_SECRET: 'a-simulator-secret-of-32-chars!!' };
      const result = parseEnv(
        { ...base, GATEWAY_SIMULATOR_CALLBACK_BASE_URL: 'https://lotus.internal:8443' },
        cwd,
      );
      expect(result.ok && result.config.gatewaySimulator?.callbackBaseUrl).toBe(
        'https://lotus.internal:8443',
      );
      for (const bad of ['https://lotus.internal/api', 'http://127.0.0.1:8080/', 'ftp://x', 'not a url']) {
        const refused = parseEnv({ ...base, GATEWAY_SIMULATOR_CALLBACK_BASE_URL: bad }, cwd);
        expect(refused.ok, bad).toBe(false);
      }
      expect(parseEnv({ ...base, PORT: '0' }, cwd).ok).toBe(false);
    });
  });

  it('treats empty values as unset', () => {
    const result = parseEnv({ PORT: '', DATABASE_URL: '', TRUSTED_PROXIES: '' }, cwd);
    expect(
      result.ok && [result.config.port, result.config.databaseUrl, result.config.trustedProxies],
    ).toEqual([8080, null, []]);
  });

  it('lists every problem, not just the first', () => {
    const result = parseEnv(
      {
        PORT: 'eighty',
        NODE_ENV: 'staging',
        DATABASE_URL: 'mysql://db/lotus',
        LOG_LEVEL: 'loud',
        TRUSTED_PROXIES: '10.0.0.0/8,proxy.internal,10.0.0.0/40',
        BODY_LIMIT_BYTES: '12',
        SHUTDOWN_TIMEOUT_MS: '-1',
        RATE_LIMIT_MAX: '0',
      },
      cwd,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const variables = result.problems.map((problem) => problem.split(':')[0]);
    expect(variables).toEqual([
      'PORT',
      'NODE_ENV',
      'DATABASE_URL',
      'LOG_LEVEL',
      'TRUSTED_PROXIES',
      'TRUSTED_PROXIES',
      'BODY_LIMIT_BYTES',
      'SHUTDOWN_TIMEOUT_MS',
      'RATE_LIMIT_MAX',
    ]);
    expect(result.problems.join('\n')).toContain('"proxy.internal" is not an IP address or CIDR block');
    expect(result.problems.join('\n')).toContain('"10.0.0.0/40" is not an IP address or CIDR block');
  });
});
