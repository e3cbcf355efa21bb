import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.ts';
import { demoAccount } from '../../test/helpers/demo-account.ts';
import { loginAs } from '../../test/helpers/login-helper.ts';
import { operatorTokenFor } from '../../test/helpers/operator-helper.ts';
import { testBackends } from '../../test/helpers/test-database.ts';
import { operatorOf } from './operator-auth.ts';

/** Probe routes: one per role list, answering who the guard let in. */
function probeRoutes(app: FastifyInstance): void {
  app.get('/test/ops/finance', { config: { operator: ['finance'] } }, async (request) => ({
    role: operatorOf(request).role,
    username: operatorOf(request).username,
  }));
  app.get('/test/ops/support', { config: { operator: ['support', 'finance'] } }, async (request) => ({
    role: operatorOf(request).role,
  }));
  app.get('/test/ops/open', async (request) => ({ operator: request.operator }));
}

describe.each(testBackends())('operator route guard [%s]', (backend) => {
  let test: TestApp;
  let tokens: Record<'admin' | 'finance' | 'support', string>;
  let member: string;

  beforeAll(async () => {
    test = await buildTestApp({ backend, routes: probeRoutes });
    tokens = {
      admin: await operatorTokenFor(test.app, test.database.db, 'admin'),
      finance: await operatorTokenFor(test.app, test.database.db, 'finance'),
      support: await operatorTokenFor(test.app, test.database.db, 'support'),
    };
    member = await loginAs(test.app, 'demo_player', demoAccount('demo_player').password);
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const get = (url: string, authorization?: string) =>
    test.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

  it('answers 401 not_logged_in without a usable operator token', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      'Bearer not-a-token',
      'Basic abc',
      `Bearer ${'x'.repeat(129)}`,
    ]) {
      const response = await get('/test/ops/finance', authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'not_logged_in', value: null });
    }
  });

  it("refuses a member's session token: operators are another table", async () => {
    const response = await get('/test/ops/support', `Bearer ${member}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'not_logged_in' });
  });

  it('answers 403 operator_forbidden to a role the route does not list', async () => {
    const response = await get('/test/ops/finance', `Bearer ${tokens.support}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: 'operator_forbidden', value: null });
  });

  it('lets listed roles in, and admin into every back-office route', async () => {
    expect((await get('/test/ops/finance', `Bearer ${tokens.finance}`)).json()).toMatchObject({
      role: 'finance',
    });
    expect((await get('/test/ops/support', `Bearer ${tokens.support}`)).json()).toEqual({ role: 'support' });
    for (const url of ['/test/ops/finance', '/test/ops/support']) {
      const response = await get(url, `Bearer ${tokens.admin}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ role: 'admin' });
    }
  });

  it('leaves routes without `config.operator` alone (no operator is resolved)', async () => {
    const response = await get('/test/ops/open', `Bearer ${tokens.admin}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ operator: null });
  });
});
