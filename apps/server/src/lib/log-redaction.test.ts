import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.ts';
import { isSecretName, REDACTED, redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('replaces the values of secret-named query parameters and keeps the rest', () => {
    expect(redactUrl('/originals/play?token=abc123&game=dice&lang=EN')).toBe(
      `/originals/play?token=${REDACTED}&game=dice&lang=EN`,
    );
    expect(redactUrl('/wps/oauth/google/callback?code=c0de&state=st4te')).toBe(
      `/wps/oauth/google/callback?code=${REDACTED}&state=${REDACTED}`,
    );
    expect(redactUrl('/sim/gateway/pay?order=12&sig=ffee&lang=hi')).toBe(
      `/sim/gateway/pay?order=12&sig=${REDACTED}&lang=hi`,
    );
    expect(redactUrl('/x?launchToken=a&LAUNCH_TOKEN=b&id_token=c&ticket=d&clientSecret=e')).toBe(
      `/x?launchToken=${REDACTED}&LAUNCH_TOKEN=${REDACTED}&id_token=${REDACTED}&ticket=${REDACTED}&clientSecret=${REDACTED}`,
    );
    // An encoded name is still recognised; a bare flag has no value to hide.
    expect(redactUrl('/x?%74oken=a&token&page=2')).toBe(`/x?%74oken=${REDACTED}&token&page=2`);
    expect(redactUrl('/wps/member/info')).toBe('/wps/member/info');
  });

  it('replaces the path segment of a secret-named path parameter', () => {
    expect(redactUrl('/invite/s3cr%2Ft/open?x=1', { inviteToken: 's3cr/t' })).toBe(
      `/invite/${REDACTED}/open?x=1`,
    );
    expect(redactUrl('/wps/content/blog/my-post', { slug: 'my-post' })).toBe('/wps/content/blog/my-post');
  });

  it('names secrets by whole name or by a telling part, not every name holding a common word', () => {
    for (const name of ['token', 'code', 'sig', 'state', 'resetToken', 'password', 'x-signature'])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['game', 'lang', 'order', 'page', 'gameCode', 'keyword']) {
      expect(isSecretName(name), name).toBe(false);
    }
  });
});

describe('the request log (issue 14, finding 7a)', () => {
  let test: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    test = await buildTestApp({
      backend: 'offline',
      config: { logLevel: 'info' },
      logStream: { write: (line) => lines.push(line) },
      routes: async (app) => {
        app.get(
          '/wps/test/invite/:inviteToken',
          { schema: { params: z.object({ inviteToken: z.string() }) } },
          async () => ({ success: true, message: 'ok', value: null }),
        );
      },
    });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('never carries a launch token, a reset token, an OAuth code or a secret path segment', async () => {
    const secrets = ['LaunchSecret1234567890', 'ResetSecret0987654321', 'OauthCode55555', 'PathSecret777'];
    await test.app.inject({ method: 'GET', url: `/originals/play?token=${secrets[0]}&game=dice` });
    await test.app.inject({ method: 'GET', url: `/resetPassword?token=${secrets[1]}` });
    await test.app.inject({
      method: 'GET',
      url: `/wps/oauth/google/callback?code=${secrets[2]}&state=${secrets[2]}`,
    });
    await test.app.inject({ method: 'GET', url: `/wps/test/invite/${secrets[3]}` });

    // The OAuth callback also logs at warn only (its route's logLevel), so three request lines.
    const requestLines = lines.filter((line) => line.includes('"req":'));
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    const log = lines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
    // The lines still say which page and which game.
    expect(log).toContain(`/originals/play?token=${REDACTED}&game=dice`);
    expect(log).toContain(`/wps/test/invite/${REDACTED}`);
  });
});
