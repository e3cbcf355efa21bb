import {
  domainRouteResponse,
  isFlagEnabled,
  permissionResponse,
  registerSettingResponse,
  systemStatusResponse,
  WHITELABEL_FLAGS,
} from '@lotus/shared/system.schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';

// Public addresses whose GeoLite2 country is stable: US (restricted in the demo brand), India and the
// Philippines (allowed).
const US_IP = '8.8.8.8';
const INDIA_IP = '49.36.0.1';
const PHILIPPINES_IP = '112.198.0.1';
const UNTRUSTED_PEER = '198.51.100.7';

describe.each(testBackends())('system routes [%s]', (backend) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
  });
  afterAll(async () => {
    await test?.close();
  });

  // Each test starts from the seeded switches, whatever the previous one changed.
  beforeEach(async () => {
    await test.database.db
      .updateTable('brands')
      .set({
        maintenance: false,
        region_restriction: true,
        restricted_countries: ['US', 'GB', 'FR', 'NL', 'AU', 'SG'],
      })
      .where('code', '=', 'lotus')
      .execute();
  });

  const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    test.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

  describe('GET /wps/system/status', () => {
    it('is normal (0) for a local visitor, with the seeded customer-service link', async () => {
      const response = await get('/wps/system/status');
      expect(response.statusCode).toBe(200);
      const body = systemStatusResponse.parse(response.json());
      expect(body).toEqual({
        success: true,
        message: 'ok',
        value: {
          status: 0,
          ip: '127.0.0.1',
          countryCode: null,
          maintenanceMessage: null,
          customerServiceUrl: 'https://chat.lotus.example.com/',
        },
      });
    });

    it('is region restricted (2) for a restricted country behind a trusted proxy', async () => {
      const body = (await get('/wps/system/status', { 'x-forwarded-for': US_IP })).json();
      expect(body.value).toMatchObject({ status: 2, ip: US_IP, countryCode: 'US' });
    });

    it('is normal for an allowed country', async () => {
      const body = (await get('/wps/system/status', { 'x-forwarded-for': INDIA_IP })).json();
      expect(body.value).toMatchObject({ status: 0, ip: INDIA_IP, countryCode: 'IN' });
    });

    it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
      const body = (await get('/wps/system/status', { 'x-forwarded-for': US_IP }, UNTRUSTED_PEER)).json();
      expect(body.value).toMatchObject({ status: 0, ip: UNTRUSTED_PEER, countryCode: null });
    });

    it('lets maintenance (1) win over region restriction, with the per-language message', async () => {
      await test.database.db
        .updateTable('brands')
        .set({ maintenance: true })
        .where('code', '=', 'lotus')
        .execute();
      const body = (await get('/wps/system/status', { 'x-forwarded-for': US_IP })).json();
      expect(body.value.status).toBe(1);
      expect(Object.keys(body.value.maintenanceMessage).sort()).toEqual(['EN', 'HI']);
    });

    it('follows database changes on the next request (no stale cache)', async () => {
      expect((await get('/wps/system/status', { 'x-forwarded-for': US_IP })).json().value.status).toBe(2);
      await test.database.db
        .updateTable('brands')
        .set({ region_restriction: false })
        .where('code', '=', 'lotus')
        .execute();
      expect((await get('/wps/system/status', { 'x-forwarded-for': US_IP })).json().value.status).toBe(0);
      await test.database.db
        .updateTable('brands')
        .set({ region_restriction: true, restricted_countries: ['IN'] })
        .where('code', '=', 'lotus')
        .execute();
      expect((await get('/wps/system/status', { 'x-forwarded-for': INDIA_IP })).json().value.status).toBe(2);
    });
  });

  describe('GET /wps/system/whitelabel', () => {
    it('returns the whole seeded permission, valid against the shared schema', async () => {
      const response = await get('/wps/system/whitelabel?url=localhost', { 'x-forwarded-for': INDIA_IP });
      expect(response.statusCode).toBe(200);
      const { value } = permissionResponse.parse(response.json());
      expect(value.site).toMatchObject({
        brand: 'lotus',
        brandName: 'Lotus',
        merchant: 'lotus-demo',
        lotteryType: 'SEA',
        defaultLanguage: 'EN',
        supportedLanguages: ['EN', 'HI'],
        prizeModes: ['Lott', 'ZY', 'Elott', 'SEA'],
        announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
        defaultExecution: 'B',
        currencySymbol: '₹',
        loggedInToHomePage: false,
      });
      expect(value.site.categoryRules.map((rule) => rule.category)).toEqual([
        'ESPORTS',
        'COCKFIGHT',
        'INHOUSE',
        'FB',
        'JP',
      ]);
      // Only JP is on (issue 22): the studio's three jackpot slots make the header's Jackpot entry.
      expect(value.site.categoryRules.filter((rule) => rule.enabled).map((rule) => rule.category)).toEqual([
        'JP',
      ]);
      expect(value.location).toEqual({ ip: INDIA_IP, countryCode: 'IN', countryDialingCode: '+91' });
      expect(value.maintenance).toBe(false);
      expect(value.regionRestriction).toBe(true);
      expect(value.customerService.liveChatUrl).toBe('https://chat.lotus.example.com/');
      expect(value.analytics).toEqual({ gtagId: null });
    });

    it('places every SPEC §3 flag in the tree under a module', async () => {
      const { value } = permissionResponse.parse((await get('/wps/system/whitelabel')).json());
      expect(value.whitelabel.map((node) => node.modId)).toEqual([
        'LOGIN3',
        'REGISTER3',
        'PASSWORD3',
        'REFERRAL3',
      ]);
      const nested = value.whitelabel.flatMap((module) => module.childrenNodes.map((child) => child.modId));
      expect([...nested].sort()).toEqual([...WHITELABEL_FLAGS].sort());
      expect(isFlagEnabled(value.whitelabel, 'FREEPLAY3')).toBe(true);
      expect(isFlagEnabled(value.whitelabel, 'REGMOBVERF3')).toBe(false);
    });

    it('lists a rule for every registration field with a concrete pattern', async () => {
      const { value } = permissionResponse.parse((await get('/wps/system/whitelabel')).json());
      expect(value.registration).toHaveLength(30);
      const username = value.registration.find((rule) => rule.key === 'username');
      expect(username).toMatchObject({
        enabled: true,
        required: true,
        patternId: 1,
        minLength: 4,
        maxLength: 16,
      });
      expect(username?.acceptedPattern).toBe('^[A-Za-z][A-Za-z0-9]*$');
      for (const rule of value.registration) {
        if (rule.patternId !== null) expect(rule.acceptedPattern, rule.key).not.toBeNull();
      }
    });

    it('lists social, download and register pop-up resources on the brand’s own or example domains', async () => {
      const { value } = permissionResponse.parse((await get('/wps/system/whitelabel')).json());
      const types = value.resources.map((resource) => resource.resourceType);
      for (const type of ['FACEBOOK', 'TWITTER', 'YOUTUBE', 'WHATSAPP', 'INSTAGRAM', 'VIBER', 'THREADS']) {
        expect(types).toContain(type);
      }
      expect(types.filter((type) => type === 'TELEGRAM')).toHaveLength(2);
      expect(types).toEqual(
        expect.arrayContaining(['APP_IOS', 'APP_ANDROID', 'APP_MOBILE_CONFIG', 'REGISTER_POPUP']),
      );
      for (const resource of value.resources) {
        expect(resource.url).toMatch(/^(\/|https:\/\/[a-z0-9.-]*example\.com\/)/);
      }
    });

    it('resolves the brand from url= (with scheme and port) and falls back to the default brand', async () => {
      const fromUrl = (await get('/wps/system/whitelabel?url=http://127.0.0.1:5173/home')).json();
      expect(fromUrl.value.site.brand).toBe('lotus');
      const unknownHost = (await get('/wps/system/whitelabel?url=unknown.example.org')).json();
      expect(unknownHost.value.site.brand).toBe('lotus');
    });

    it('rejects an oversized url parameter with the envelope', async () => {
      const response = await get(`/wps/system/whitelabel?url=${'a'.repeat(300)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'invalid_request',
        value: { issues: [{ path: 'querystring.url', code: 'too_big' }] },
      });
    });
  });

  describe('GET /wps/system/setting/register', () => {
    it("returns the field rules and form settings, pre-selecting the visitor's dialing code", async () => {
      const response = await get('/wps/system/setting/register', { 'x-forwarded-for': PHILIPPINES_IP });
      const { value } = registerSettingResponse.parse(response.json());
      expect(value.fields).toHaveLength(30);
      expect(value).toMatchObject({
        captchaRequired: true,
        smsVerification: false,
        mobileMaxLength: 11,
        minimumAge: 21,
        defaultCountryDialingCode: '+63',
      });
    });

    it("uses the brand's dialing code when the visitor's country is unknown, and follows flag changes", async () => {
      await test.database.db
        .updateTable('whitelabel_nodes')
        .set({ enabled: true })
        .where('mod_id', '=', 'REGMOBVERF3')
        .execute();
      const { value } = registerSettingResponse.parse((await get('/wps/system/setting/register')).json());
      expect(value.defaultCountryDialingCode).toBe('+91');
      expect(value.smsVerification).toBe(true);
      await test.database.db
        .updateTable('whitelabel_nodes')
        .set({ enabled: false })
        .where('mod_id', '=', 'REGMOBVERF3')
        .execute();
    });
  });

  describe('GET /wps/system/domainRoute', () => {
    it("lists the brand's domains by speed", async () => {
      const body = domainRouteResponse.parse((await get('/wps/system/domainRoute')).json());
      expect(body.value.domains).toEqual([
        { url: 'localhost', speed: 1 },
        { url: '127.0.0.1', speed: 2 },
      ]);
    });
  });
});
