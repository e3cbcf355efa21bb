import { multiLineText, singleLineText } from '@lotus/shared/text';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.ts';
import { AppError } from '../lib/app-error.ts';
import { ok } from '../lib/envelope.ts';

const BODY_LIMIT = 2048;
const SECRET_SQL = 'select password_hash from members where id = 42';

async function testRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    { schema: { body: z.object({ amount: z.string().regex(/^\d+$/), note: z.string().max(5).optional() }) } },
    async (request) => ok(request.body),
  );
  typed.get('/api/test/boom', async () => {
    const error = new Error(`relation "members" does not exist: ${SECRET_SQL}`);
    Object.assign(error, { code: '42P01', query: SECRET_SQL });
    throw error;
  });
  typed.get('/api/test/conflict', async () => {
    throw new AppError('conflict', { message: 'internal detail', details: { field: 'username' } });
  });
  typed.get('/api/test/unavailable', async () => {
    throw new AppError('service_unavailable', { message: 'payment gateway down' });
  });
  typed.get(
    '/api/test/bad-response',
    { schema: { response: { 200: z.object({ count: z.number() }) } } },
    async () => ({ count: 'not a number' }) as unknown as { count: number },
  );
  typed.get('/api/test/items/:id', async (request) => ok(request.params));
  // What `pg` / PGlite throw for a NUL in text (22021) or `\u0000` in jsonb (22P05), as the cause of a
  // wrapping error the way a service may rethrow it.
  typed.get('/api/test/refused-text/:sqlstate', async (request) => {
    const { sqlstate } = request.params as { sqlstate: string };
    const database = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: sqlstate,
    });
    throw new Error('insert failed', { cause: database });
  });
  typed.post(
    '/api/test/single-line',
    { schema: { body: z.object({ name: singleLineText().max(20), note: multiLineText().optional() }) } },
    async (request) => ok(request.body),
  );
}

describe('error handling', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({
      backend: 'offline',
      config: { bodyLimitBytes: BODY_LIMIT },
      routes: testRoutes,
    });
  });
  afterAll(async () => {
    await test?.close();
  });

  const post = (payload: string, contentType = 'application/json') =>
    test.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload,
      headers: { 'content-type': contentType },
    });

  it('passes a valid body through and answers with the success envelope', async () => {
    const response = await post(JSON.stringify({ amount: '100' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'ok', value: { amount: '100' } });
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await post('{"amount": "1"');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'invalid_json', value: null });
  });

  it('answers an empty JSON body with 400 invalid_json', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('invalid_json');
  });

  it('answers wrong types with 400 invalid_request listing paths and codes, without echoing input', async () => {
    const response = await post(JSON.stringify({ amount: 12, note: '<script>alert(1)</script>' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'invalid_request',
      value: {
        issues: [
          { path: 'body.amount', code: 'invalid_type' },
          { path: 'body.note', code: 'too_big' },
        ],
      },
    });
    expect(response.body).not.toContain('script');
  });

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const response = await post(JSON.stringify({ amount: '1', padding: 'x'.repeat(BODY_LIMIT) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'payload_too_large', value: null });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await post('amount=1', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, message: 'unsupported_media_type', value: null });
  });

  it.each(['/wps/nothing/here', '/lgw/games/nope', '/lotto/x', '/api/missing', '/wps'])(
    'answers an unknown API path %s with the 404 envelope',
    async (url) => {
      const response = await test.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ success: false, message: 'not_found', value: null });
    },
  );

  it('answers a wrong method on a known path with 405 and Allow', async () => {
    const response = await test.app.inject({ method: 'DELETE', url: '/api/test/echo' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toEqual({ success: false, message: 'method_not_allowed', value: null });
    const parametric = await test.app.inject({ method: 'POST', url: '/wps/system/status' });
    expect(parametric.statusCode).toBe(405);
    expect(parametric.headers.allow).toBe('GET, HEAD');
    const withParam = await test.app.inject({ method: 'PUT', url: '/api/test/items/7' });
    expect(withParam.statusCode).toBe(405);
  });

  it('maps an AppError to its status and details, never its internal message', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'conflict', value: { field: 'username' } });
    expect(response.body).not.toContain('internal detail');
  });

  it('answers an unexpected error with 500 unknown_error and the request id, without stack or SQL', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('trace-123');
    expect(response.json()).toEqual({
      success: false,
      message: 'unknown_error',
      value: { requestId: 'trace-123' },
    });
    for (const leak of ['select', 'members', 'password', '42P01', 'at ', '.ts'])
      expect(response.body).not.toContain(leak);
  });

  it.each(['22021', '22P05'])(
    'answers text PostgreSQL refused (%s) with 400 invalid_request, the last line behind the input hook',
    async (sqlstate) => {
      const response = await test.app.inject({ method: 'GET', url: `/api/test/refused-text/${sqlstate}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'invalid_request',
        value: { issues: [{ path: '', code: 'invalid_characters' }] },
      });
    },
  );

  it('reports the single-line and multi-line text rules as invalid_characters on the field', async () => {
    const send = (payload: unknown) =>
      test.app.inject({ method: 'POST', url: '/api/test/single-line', payload: payload as object });
    for (const name of ['two\nlines', 'tab\there', 'bell\u0007']) {
      const response = await send({ name });
      expect(response.statusCode).toBe(400);
      expect(response.json().value.issues).toEqual([{ path: 'body.name', code: 'invalid_characters' }]);
    }
    const multiLine = await send({ name: 'Ravi', note: 'line one\r\nline two\tend' });
    expect(multiLine.statusCode).toBe(200);
    const tooLong = await send({ name: 'x'.repeat(21) });
    expect(tooLong.json().value.issues).toEqual([{ path: 'body.name', code: 'too_big' }]);
  });

  it('gives a deliberate 5xx AppError its own status, plus the request id', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/test/unavailable' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      message: 'service_unavailable',
      value: { requestId: response.headers['x-request-id'] },
    });
    expect(response.body).not.toContain('gateway');
  });

  it('treats a response that breaks its own schema as a 500, not as a leak', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/test/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toBe('unknown_error');
    expect(response.body).not.toContain('not a number');
  });

  it('generates a request id unless the incoming one is a short safe token', async () => {
    const generated = await test.app.inject({ method: 'GET', url: '/api/test/items/1' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await test.app.inject({
      method: 'GET',
      url: '/api/test/items/1',
      headers: { 'x-request-id': 'has spaces; and <markup>' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a malformed URL with the 400 envelope', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/test/items/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'invalid_request', value: null });
  });
});

describe('rate limiting', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({ backend: 'offline', config: { rateLimitMax: 3 }, routes: testRoutes });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('throttles an API client past the limit with 429 too_many_requests, per client IP', async () => {
    const peer = { remoteAddress: '198.51.100.99' };
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await test.app.inject({ method: 'GET', url: '/api/test/items/1', ...peer })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await test.app.inject({ method: 'GET', url: '/api/test/items/1', ...peer });
    expect(limited.json()).toEqual({ success: false, message: 'too_many_requests', value: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await test.app.inject({
      method: 'GET',
      url: '/api/test/items/1',
      remoteAddress: '198.51.100.100',
    });
    expect(other.statusCode).toBe(200);
  });

  it('does not count page requests against the API budget', async () => {
    const peer = { remoteAddress: '198.51.100.101' };
    for (let index = 0; index < 5; index += 1) {
      const page = await test.app.inject({
        method: 'GET',
        url: '/home',
        headers: { accept: 'text/html' },
        ...peer,
      });
      expect(page.statusCode).toBe(503);
    }
    expect((await test.app.inject({ method: 'GET', url: '/api/test/items/1', ...peer })).statusCode).toBe(
      200,
    );
  });
});
