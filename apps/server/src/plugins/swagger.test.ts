import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.ts';

describe('OpenAPI documentation', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({ backend: 'offline' });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('serves the OpenAPI document at /docs/json with every system path', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\.1/);
    expect(document.info.title).toBe('Lotus API');
    for (const path of [
      '/wps/system/status',
      '/wps/system/whitelabel',
      '/wps/system/setting/register',
      '/wps/system/domainRoute',
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
    const whitelabel = document.paths['/wps/system/whitelabel'].get;
    expect(whitelabel.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'url', in: 'query' })]),
    );
    expect(whitelabel.responses['200']).toBeDefined();
    // The recursive whitelabel tree is a named component the document refers to.
    expect(document.components.schemas.WhitelabelNode).toBeDefined();
    expect(JSON.stringify(whitelabel.responses['200'])).toContain('#/components/schemas/WhitelabelNode');
    // Swagger UI's own routes and the static catch-all are not part of the API.
    expect(Object.keys(document.paths).every((path) => !path.startsWith('/docs'))).toBe(true);
  });

  it('documents the fields inside a sealed body (the withdrawal amount)', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const body =
      document.paths['/wps/member/withdrawals'].post.requestBody.content['application/json'].schema;
    // The wire carries the sealed wrapper; the payload it opens to is under x-sealed-payload.
    expect(Object.keys(body.properties)).toEqual(['key', 'iv', 'data']);
    expect(Object.keys(body['x-sealed-payload'].properties)).toEqual(
      expect.arrayContaining(['payoutAccountId', 'amount', 'withdrawPassword']),
    );
  });

  it('documents the payload of every sealed body (login, registration, password reset, money)', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const fieldsOf = (path: string, method = 'post') =>
      Object.keys(
        document.paths[path][method].requestBody.content['application/json'].schema['x-sealed-payload']
          .properties ?? {},
      );
    // No route takes a sealed wrapper without saying what it opens to.
    const sealedRoutes: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, Record<string, unknown>>>(
      document.paths,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        const body = (operation.requestBody as { content?: Record<string, { schema?: unknown }> })?.content?.[
          'application/json'
        ]?.schema as { properties?: object; 'x-sealed-payload'?: unknown } | undefined;
        if (body?.properties && Object.keys(body.properties).join() === 'key,iv,data') {
          sealedRoutes.push(`${method} ${path}`);
          expect(body['x-sealed-payload'], `${method} ${path}`).toBeDefined();
        }
      }
    }
    expect(sealedRoutes).toEqual(
      expect.arrayContaining([
        'post /wps/session/login',
        'post /wps/member/register',
        'post /wps/member/register/mobile',
        'post /wps/member/register/oneClick',
        'post /wps/session/login/freeplay',
        'post /wps/member/password/reset',
        'post /wps/member/password/verification',
        'put /wps/member/password',
      ]),
    );
    // The login payload is a union of its two ways in.
    const login =
      document.paths['/wps/session/login'].post.requestBody.content['application/json'].schema[
        'x-sealed-payload'
      ];
    expect(JSON.stringify(login)).toContain('humanVerification');
    expect(JSON.stringify(login)).toContain('verificationCode');
    expect(fieldsOf('/wps/member/register')).toEqual(
      expect.arrayContaining(['username', 'password', 'agreeTerms', 'humanVerification']),
    );
    expect(fieldsOf('/wps/member/register/oneClick')).toEqual(
      expect.arrayContaining(['password', 'humanVerification', 'affiliateCode']),
    );
    expect(fieldsOf('/wps/session/login/freeplay')).toEqual(
      expect.arrayContaining(['os', 'platform', 'nonce', 'version']),
    );
    expect(fieldsOf('/wps/member/password/reset')).toEqual(
      expect.arrayContaining(['token', 'newPassword', 'confirmNewPassword']),
    );
    expect(fieldsOf('/wps/member/password/verification')).toEqual(
      expect.arrayContaining(['countryDialingCode', 'mobileNum', 'verificationCode', 'newPassword']),
    );
  });

  it('serves Swagger UI at /docs under the site CSP, with only same-origin scripts', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src="\.\/static\//);
      expect(content?.trim()).toBe('');
    }
    const initializer = await test.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });
});
