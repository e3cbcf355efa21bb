import { errorEnvelope } from '@lotus/shared/envelope';
import { systemStatusResponse } from '@lotus/shared/system.schema';
import { expect, test } from '@playwright/test';
import { SPEC_PATHS } from './support/routes.ts';
import { ALLOWED_VISITOR_IP, RESTRICTED_VISITOR_IP, serverUrl } from './support/servers.ts';

// HTTP level, against the production server: the SPA's HTML for every SPEC §2 path, JSON envelopes for
// the API.

test.describe('production server over HTTP', () => {
  test('every SPEC §2 path answers the SPA HTML with 200', async ({ request }) => {
    const index = await request.get('/');
    expect(index.status()).toBe(200);
    const indexHtml = await index.text();
    expect(indexHtml).toMatch(/^<!doctype html>/i);
    const entry = /<script type="module"[^>]* src="\/[^"]+\.js"/.exec(indexHtml)?.[0];
    expect(entry).toBeTruthy();

    // The same built page everywhere, with what the server adds for the path (issue 15: the page's start
    // data, its first banner and the preload links of its code; apps/server/src/plugins/static-spa.ts).
    for (const path of SPEC_PATHS) {
      const response = await request.get(path, { headers: { Accept: 'text/html' } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html, path).toMatch(/^<!doctype html>/i);
      expect(html, path).toContain(entry);
      expect(html, path).toContain('<div id="root"><div class="fs-shell"');
      expect(html, path).toContain('<script type="application/json" id="lotus-start-data">');
    }
  });

  test('an unknown /wps call answers a 404 error envelope', async ({ request }) => {
    for (const path of ['/wps/no-such-call', '/wps/system/no-such-call']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type'], path).toMatch(/^application\/json/);
      const body = errorEnvelope.parse(await response.json());
      expect(body.message, path).toBe('not_found');
    }
  });

  test('/wps/system/status gives 0 from an allowed country and 2 from a restricted one', async ({
    request,
  }) => {
    const allowed = await request.get('/wps/system/status', {
      headers: { 'X-Forwarded-For': ALLOWED_VISITOR_IP },
    });
    expect(allowed.status()).toBe(200);
    const allowedBody = systemStatusResponse.parse(await allowed.json());
    expect(allowedBody.value).toMatchObject({ status: 0, ip: ALLOWED_VISITOR_IP, countryCode: 'IN' });

    const restricted = await request.get('/wps/system/status', {
      headers: { 'X-Forwarded-For': RESTRICTED_VISITOR_IP },
    });
    expect(restricted.status()).toBe(200);
    const restrictedBody = systemStatusResponse.parse(await restricted.json());
    expect(restrictedBody.value).toMatchObject({ status: 2, ip: RESTRICTED_VISITOR_IP, countryCode: 'US' });
  });

  test('/wps/system/status gives 1 on the brand in maintenance', async ({ request }) => {
    const response = await request.get(`${serverUrl('maintenance')}/wps/system/status`);
    expect(response.status()).toBe(200);
    const body = systemStatusResponse.parse(await response.json());
    expect(body.value.status).toBe(1);
  });
});
