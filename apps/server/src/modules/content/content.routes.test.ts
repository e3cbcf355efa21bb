import {
  announcementPageResponse,
  appDownloadResponse,
  bannersResponse,
  blogPageResponse,
  blogPostResponse,
  customerServiceInfoResponse,
  helpCenterResponse,
  noticesResponse,
  promotionDetailResponse,
  promotionsResponse,
  rankListResponse,
  relayAnnouncementsResponse,
  sitePageResponse,
} from '@lotus/shared/content.schema';
import { BANNER_GROUPS, PAGE_KEYS } from '@lotus/shared/content-vocabulary';
import { openCustomerServicePath } from '@lotus/shared/customer-service-seal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testBackends } from '../../../test/helpers/test-database.ts';
import { SystemService } from '../system/system.service.ts';
import { ContentService } from './content.service.ts';

const DEVANAGARI = /[\u0900-\u097F]/;
const HOUR_MS = 3_600_000;
const json = (value: unknown) => JSON.stringify(value);

/** Stored content an attacker might slip in by SQL or an old tool: it must come back inert. */
const HOSTILE_HTML =
  '<p>Hello</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>' +
  '<a href="&#106;avascript:alert(1)">y</a><svg onload=alert(1)></svg><iframe src="https://evil.example"></iframe>';

function expectInertHtml(html: string): void {
  expect(html).not.toMatch(/<script|<svg|<iframe|onerror|onload|javascript:/i);
}

describe.each(testBackends())('content routes [%s]', (backend) => {
  let test: TestApp;
  let brandId: bigint;

  beforeAll(async () => {
    test = await buildTestApp({ backend });
    const brand = await test.database.db
      .selectFrom('brands')
      .select('id')
      .where('code', '=', 'lotus')
      .executeTakeFirstOrThrow();
    brandId = brand.id;
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = (url: string) => test.app.inject({ method: 'GET', url });
  const db = () => test.database.db;

  async function expectInvalid(url: string, path: string): Promise<void> {
    const response = await get(url);
    expect(response.statusCode, url).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe('invalid_request');
    expect(body.value.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  }

  describe('GET /wps/content/banners', () => {
    it('serves 2–3 seeded banners for every group, in order, with the site’s own images', async () => {
      for (const group of BANNER_GROUPS) {
        const response = await get(`/wps/content/banners?group=${group}&language=EN`);
        expect(response.statusCode).toBe(200);
        const { banners } = bannersResponse.parse(response.json()).value;
        expect(banners.length, group).toBeGreaterThanOrEqual(2);
        expect(banners.length, group).toBeLessThanOrEqual(3);
        const ids = banners.map((banner) => banner.bannerId);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        for (const banner of banners) {
          expect(banner.groupName).toBe(group);
          expect(banner.url).toMatch(/^\/brand\/banners\/[a-z-]+\.svg$/);
          expect(banner.alt).not.toBe('');
          expect(banner.title).not.toBeNull();
          if (banner.linkageType === 'PROMOTION') expect(banner.linkageTarget).toMatch(/^\d+$/);
          if (banner.linkageType === 'ROUTE') expect(banner.linkageTarget).toMatch(/^\/[A-Za-z]/);
          if (banner.linkageType === null) expect(banner.linkageTarget).toBeNull();
        }
      }
    });

    it('links PROMOTION banners to live promotions', async () => {
      const { banners } = bannersResponse.parse(
        (await get('/wps/content/banners?group=promotion')).json(),
      ).value;
      const linked = banners.filter((banner) => banner.linkageType === 'PROMOTION');
      expect(linked.length).toBeGreaterThan(0);
      for (const banner of linked) {
        expect((await get(`/wps/content/promotions/${banner.linkageTarget}`)).statusCode).toBe(200);
      }
    });

    it('answers in Hindi, falls back to EN for a language without texts, and defaults to the brand language', async () => {
      const hindi = bannersResponse.parse((await get('/wps/content/banners?group=home&language=hi')).json());
      const english = bannersResponse.parse(
        (await get('/wps/content/banners?group=home&language=EN')).json(),
      );
      const thai = bannersResponse.parse((await get('/wps/content/banners?group=home&language=TH')).json());
      const unspecified = bannersResponse.parse((await get('/wps/content/banners?group=home')).json());
      expect(hindi.value.banners[0]?.title).toMatch(DEVANAGARI);
      expect(english.value.banners[0]?.title).toBe('Welcome to Lotus');
      expect(thai.value).toEqual(english.value);
      expect(unspecified.value).toEqual(english.value);

      await db().updateTable('brands').set({ default_language: 'HI' }).where('id', '=', brandId).execute();
      try {
        const byDefault = bannersResponse.parse((await get('/wps/content/banners?group=home')).json());
        expect(byDefault.value).toEqual(hindi.value);
      } finally {
        await db().updateTable('brands').set({ default_language: 'EN' }).where('id', '=', brandId).execute();
      }
    });

    it('falls back to EN, then the brand default, then any language a text has', async () => {
      const [row] = await db()
        .insertInto('banners')
        .values({
          brand_id: brandId,
          group_name: 'help',
          image_url: '/brand/banners/help.svg',
          alt: json({ HI: 'कमल', BN: 'পদ্ম' }),
          title: json({ EN: 'English title', HI: 'हिंदी शीर्षक' }),
          sort: 999,
        })
        .returning('id')
        .execute();
      try {
        const find = async (query: string) => {
          const { banners } = bannersResponse.parse(
            (await get(`/wps/content/banners?group=help${query}`)).json(),
          ).value;
          return banners.find((banner) => banner.bannerId === Number(row?.id));
        };
        expect(await find('&language=TH')).toMatchObject({
          title: 'English title',
          alt: 'পদ্ম',
          subtitle: null,
        });
        await db().updateTable('brands').set({ default_language: 'HI' }).where('id', '=', brandId).execute();
        expect(await find('&language=TH')).toMatchObject({ title: 'English title', alt: 'कमल' });
      } finally {
        await db().updateTable('brands').set({ default_language: 'EN' }).where('id', '=', brandId).execute();
        await db()
          .deleteFrom('banners')
          .where('id', '=', row?.id ?? 0n)
          .execute();
      }
    });

    it('serves only active banners whose window contains now, and follows changes at once', async () => {
      const now = Date.now();
      const rows = await db()
        .insertInto('banners')
        .values(
          [
            {
              label: 'open-window',
              starts_at: new Date(now - HOUR_MS),
              ends_at: new Date(now + HOUR_MS),
              active: true,
            },
            { label: 'not-started', starts_at: new Date(now + HOUR_MS), ends_at: null, active: true },
            { label: 'ended', starts_at: null, ends_at: new Date(now - 1000), active: true },
            { label: 'inactive', starts_at: null, ends_at: null, active: false },
          ].map((seed, index) => ({
            brand_id: brandId,
            group_name: 'shop' as const,
            image_url: `/brand/banners/shop.svg?${seed.label}`,
            alt: json({ EN: seed.label }),
            sort: 100 + index,
            starts_at: seed.starts_at,
            ends_at: seed.ends_at,
            active: seed.active,
          })),
        )
        .returning('id')
        .execute();
      try {
        const alts = async () =>
          bannersResponse
            .parse((await get('/wps/content/banners?group=shop')).json())
            .value.banners.map((banner) => banner.alt);
        expect(await alts()).toContain('open-window');
        for (const hidden of ['not-started', 'ended', 'inactive']) expect(await alts()).not.toContain(hidden);

        await db()
          .updateTable('banners')
          .set({ active: true })
          .where('image_url', '=', '/brand/banners/shop.svg?inactive')
          .execute();
        expect(await alts()).toContain('inactive');
      } finally {
        await db()
          .deleteFrom('banners')
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      }
    });

    it('refuses a missing or unknown group and a malformed language', async () => {
      await expectInvalid('/wps/content/banners', 'querystring.group');
      await expectInvalid('/wps/content/banners?group=casino', 'querystring.group');
      await expectInvalid('/wps/content/banners?group=home&language=english', 'querystring.language');
      await expectInvalid('/wps/content/banners?group=home&language=E1', 'querystring.language');
    });
  });

  describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
    const url = '/wps/relay/MCSFE_getListAnnouncements';

    it('puts each type in its group, newest first', async () => {
      const response = await get(`${url}?types=B,PL,PU,PR,H&platform=W&execution=B&language=EN`);
      expect(response.statusCode).toBe(200);
      const { value } = relayAnnouncementsResponse.parse(response.json());
      expect(value.banners.map((item) => item.type)).toEqual(Array(value.banners.length).fill('B'));
      expect(value.player.every((item) => item.type === 'PL')).toBe(true);
      expect(value.popup.every((item) => item.type === 'PU')).toBe(true);
      expect(value.promotion.every((item) => item.type === 'PR')).toBe(true);
      expect(value.home.every((item) => item.type === 'H')).toBe(true);
      expect(
        [value.banners, value.player, value.popup, value.promotion, value.home].map((list) => list.length),
      ).toEqual([5, 2, 1, 2, 2]);
      const times = value.banners.map((item) => item.timestamp);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('answers only the asked types and all of them when none are named', async () => {
      const onlyPopup = relayAnnouncementsResponse.parse((await get(`${url}?types=PU`)).json()).value;
      expect(onlyPopup.popup).toHaveLength(1);
      expect([...onlyPopup.banners, ...onlyPopup.player, ...onlyPopup.promotion, ...onlyPopup.home]).toEqual(
        [],
      );
      const all = relayAnnouncementsResponse.parse((await get(url)).json()).value;
      expect(
        all.banners.length + all.player.length + all.popup.length + all.promotion.length + all.home.length,
      ).toBe(12);
    });

    it('filters by execution (the brand default when absent)', async () => {
      const other = relayAnnouncementsResponse.parse((await get(`${url}?execution=Z`)).json()).value;
      expect(Object.values(other).flat()).toEqual([]);
    });

    it('returns Hindi texts when asked', async () => {
      const { value } = relayAnnouncementsResponse.parse((await get(`${url}?types=PU&language=HI`)).json());
      expect(value.popup[0]?.title).toMatch(DEVANAGARI);
      expect(value.popup[0]?.content).toMatch(DEVANAGARI);
    });

    it('refuses unknown types, platforms and executions', async () => {
      await expectInvalid(`${url}?types=B,X`, 'querystring.types');
      await expectInvalid(`${url}?types=`, 'querystring.types');
      await expectInvalid(`${url}?types=B,,PL`, 'querystring.types');
      await expectInvalid(`${url}?platform=M`, 'querystring.platform');
      await expectInvalid(`${url}?execution=b`, 'querystring.execution');
    });
  });

  describe('GET /wps/content/announcements', () => {
    const url = '/wps/content/announcements';

    it('pages through all announcements, 9 a page by default', async () => {
      const first = announcementPageResponse.parse((await get(url)).json()).value;
      expect(first).toMatchObject({ pageNum: 1, totalPages: 2, total: 12 });
      expect(first.list).toHaveLength(9);
      const second = announcementPageResponse.parse((await get(`${url}?pageNo=2`)).json()).value;
      expect(second).toMatchObject({ pageNum: 2, totalPages: 2, total: 12 });
      expect(second.list).toHaveLength(3);
      const ids = [...first.list, ...second.list].map((item) => item.id);
      expect(new Set(ids).size).toBe(12);
    });

    it('computes pages for any size, and answers an empty page past the end', async () => {
      const page = async (query: string) =>
        announcementPageResponse.parse((await get(`${url}?${query}`)).json()).value;
      expect(await page('pageSize=5&pageNo=3')).toMatchObject({ pageNum: 3, totalPages: 3, total: 12 });
      expect((await page('pageSize=5&pageNo=3')).list).toHaveLength(2);
      expect(await page('pageSize=50')).toMatchObject({ totalPages: 1, total: 12 });
      expect(await page('pageSize=12')).toMatchObject({ totalPages: 1 });
      expect(await page('pageSize=11')).toMatchObject({ totalPages: 2 });
      expect(await page('pageNo=7')).toMatchObject({ pageNum: 7, totalPages: 2, total: 12, list: [] });
    });

    it('filters by type', async () => {
      const banners = announcementPageResponse.parse((await get(`${url}?type=B`)).json()).value;
      expect(banners.total).toBe(5);
      expect(banners.list.every((item) => item.type === 'B')).toBe(true);
      const popup = announcementPageResponse.parse((await get(`${url}?type=PU&language=HI`)).json()).value;
      expect(popup).toMatchObject({ total: 1, totalPages: 1 });
      expect(popup.list[0]?.title).toMatch(DEVANAGARI);
    });

    it('hides announcements published in the future or switched off', async () => {
      const [future] = await db()
        .insertInto('announcements')
        .values({
          brand_id: brandId,
          type: 'PL',
          title: json({ EN: 'Tomorrow' }),
          content: json({ EN: '<p>Not yet</p>' }),
          published_at: new Date(Date.now() + 24 * HOUR_MS),
        })
        .returning('id')
        .execute();
      try {
        const total = async () =>
          announcementPageResponse.parse((await get(`${url}?type=PL`)).json()).value.total;
        expect(await total()).toBe(2);
        await db()
          .updateTable('announcements')
          .set({ published_at: new Date(Date.now() - 1000) })
          .where('id', '=', future?.id ?? 0n)
          .execute();
        expect(await total()).toBe(3);
        await db()
          .updateTable('announcements')
          .set({ active: false })
          .where('id', '=', future?.id ?? 0n)
          .execute();
        expect(await total()).toBe(2);
      } finally {
        await db()
          .deleteFrom('announcements')
          .where('id', '=', future?.id ?? 0n)
          .execute();
      }
    });

    it('refuses bad paging and types', async () => {
      await expectInvalid(`${url}?pageNo=0`, 'querystring.pageNo');
      await expectInvalid(`${url}?pageNo=abc`, 'querystring.pageNo');
      await expectInvalid(`${url}?pageNo=1.5`, 'querystring.pageNo');
      await expectInvalid(`${url}?pageSize=0`, 'querystring.pageSize');
      await expectInvalid(`${url}?pageSize=51`, 'querystring.pageSize');
      await expectInvalid(`${url}?type=X`, 'querystring.type');
    });

    it('serves stored hostile HTML inert, on every path that shows announcements', async () => {
      const [row] = await db()
        .insertInto('announcements')
        .values({
          brand_id: brandId,
          type: 'H',
          title: json({ EN: 'Hostile' }),
          content: json({ EN: HOSTILE_HTML, HI: HOSTILE_HTML }),
        })
        .returning('id')
        .execute();
      try {
        const fromPage = announcementPageResponse
          .parse((await get(`${url}?type=H`)).json())
          .value.list.find((item) => item.id === Number(row?.id));
        const fromRelay = relayAnnouncementsResponse
          .parse((await get('/wps/relay/MCSFE_getListAnnouncements?types=H&language=HI')).json())
          .value.home.find((item) => item.id === Number(row?.id));
        for (const item of [fromPage, fromRelay]) {
          expect(item?.content).toContain('<p>Hello</p>');
          expectInertHtml(item?.content ?? '');
        }
      } finally {
        await db()
          .deleteFrom('announcements')
          .where('id', '=', row?.id ?? 0n)
          .execute();
      }
    });
  });

  describe('GET /wps/content/notices', () => {
    it('lists the marquee notices newest first', async () => {
      const response = await get('/wps/content/notices?language=EN');
      const { list } = noticesResponse.parse(response.json()).value;
      expect(list).toHaveLength(4);
      expect(list[0]?.title).toMatch(/never ask for your password/);
      const relay = relayAnnouncementsResponse.parse(
        (await get('/wps/relay/MCSFE_getListAnnouncements?types=B')).json(),
      ).value;
      // Every notice opens in the popup: it is one of the type-B announcements.
      for (const notice of list) expect(relay.banners.map((item) => item.id)).toContain(notice.id);
    });

    it('shows at most 10', async () => {
      const rows = await db()
        .insertInto('announcements')
        .values(
          Array.from({ length: 8 }, (_, index) => ({
            brand_id: brandId,
            type: 'B',
            marquee: true,
            title: json({ EN: `Extra notice ${index}` }),
            content: json({ EN: '<p>x</p>' }),
          })),
        )
        .returning('id')
        .execute();
      try {
        const { list } = noticesResponse.parse((await get('/wps/content/notices')).json()).value;
        expect(list).toHaveLength(10);
        expect(list[0]?.title).toMatch(/^Extra notice/);
      } finally {
        await db()
          .deleteFrom('announcements')
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      }
    });
  });

  describe('GET /wps/system/helpCenter', () => {
    it('has five categories of three or four articles, in EN and HI', async () => {
      const english = helpCenterResponse.parse(
        (await get('/wps/system/helpCenter?language=EN')).json(),
      ).value;
      const hindi = helpCenterResponse.parse((await get('/wps/system/helpCenter?language=HI')).json()).value;
      expect(english.categories.map((category) => category.key)).toEqual([
        'account',
        'deposits-withdrawals',
        'games-fairness',
        'responsible-gaming',
        'security',
      ]);
      for (const [index, category] of english.categories.entries()) {
        expect(category.articles.length).toBeGreaterThanOrEqual(3);
        expect(category.articles.length).toBeLessThanOrEqual(4);
        const translated = hindi.categories[index];
        expect(translated?.title).toMatch(DEVANAGARI);
        for (const [position, article] of category.articles.entries()) {
          expect(article.content).toMatch(/^<(p|ul|ol)>/);
          expect(translated?.articles[position]?.id).toBe(article.id);
          expect(translated?.articles[position]?.content).toMatch(DEVANAGARI);
        }
      }
    });

    it('leaves out inactive articles and categories left empty, and sanitises stored HTML', async () => {
      const category = await db()
        .selectFrom('help_categories')
        .select('id')
        .where('key', '=', 'security')
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('help_articles')
        .set({ active: false })
        .where('category_id', '=', category.id)
        .execute();
      try {
        const keys = helpCenterResponse
          .parse((await get('/wps/system/helpCenter')).json())
          .value.categories.map((item) => item.key);
        expect(keys).not.toContain('security');
        await db()
          .updateTable('help_articles')
          .set({ active: true, content: json({ EN: HOSTILE_HTML }) })
          .where('key', '=', 'phishing')
          .execute();
        const security = helpCenterResponse
          .parse((await get('/wps/system/helpCenter?language=HI')).json())
          .value.categories.find((item) => item.key === 'security');
        expect(security?.articles.map((article) => article.key)).toEqual(['phishing']);
        expectInertHtml(security?.articles[0]?.content ?? '');
      } finally {
        await db()
          .updateTable('help_articles')
          .set({ active: true })
          .where('category_id', '=', category.id)
          .execute();
      }
    });
  });

  describe('GET /wps/content/blog', () => {
    it('lists the four posts newest first, with paging', async () => {
      const all = blogPageResponse.parse((await get('/wps/content/blog')).json()).value;
      expect(all).toMatchObject({ pageNum: 1, totalPages: 1, total: 4 });
      expect(all.list.map((post) => post.slug)).toEqual([
        'keeping-your-account-safe',
        'playing-within-your-limits',
        'how-provably-fair-games-work',
        'welcome-to-lotus',
      ]);
      const second = blogPageResponse.parse(
        (await get('/wps/content/blog?pageNo=2&pageSize=3')).json(),
      ).value;
      expect(second).toMatchObject({ pageNum: 2, totalPages: 2, total: 4 });
      expect(second.list.map((post) => post.slug)).toEqual(['welcome-to-lotus']);
      for (const post of all.list) expect(post.coverUrl).toMatch(/^\/brand\/blog\/[a-z-]+\.svg$/);
    });

    it('serves one post in either language; unknown or unpublished slugs are 404', async () => {
      const post = blogPostResponse.parse(
        (await get('/wps/content/blog/welcome-to-lotus?language=HI')).json(),
      ).value;
      expect(post.title).toBe('Lotus में आपका स्वागत है');
      expect(post.content).toMatch(DEVANAGARI);
      const missing = await get('/wps/content/blog/no-such-post');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'not_found', value: null });

      await db()
        .updateTable('blog_posts')
        .set({ published_at: new Date(Date.now() + HOUR_MS) })
        .where('slug', '=', 'welcome-to-lotus')
        .execute();
      try {
        expect((await get('/wps/content/blog/welcome-to-lotus')).statusCode).toBe(404);
        expect(blogPageResponse.parse((await get('/wps/content/blog')).json()).value.total).toBe(3);
      } finally {
        await db()
          .updateTable('blog_posts')
          .set({ published_at: new Date(Date.now() - 21 * 24 * HOUR_MS) })
          .where('slug', '=', 'welcome-to-lotus')
          .execute();
      }
    });

    it('refuses malformed slugs and paging', async () => {
      await expectInvalid('/wps/content/blog/Welcome_To_Lotus', 'params.slug');
      await expectInvalid('/wps/content/blog/a--b', 'params.slug');
      await expectInvalid('/wps/content/blog?pageSize=100', 'querystring.pageSize');
      await expectInvalid('/wps/content/blog?pageNo=-1', 'querystring.pageNo');
    });
  });

  describe('GET /wps/content/promotions', () => {
    it('lists every live promotion with counts per category', async () => {
      const { value } = promotionsResponse.parse((await get('/wps/content/promotions')).json());
      expect(value.categories[0]).toEqual({ key: 'all', count: value.list.length });
      expect(value.list.length).toBeGreaterThanOrEqual(10);
      const counted = value.categories.slice(1).reduce((sum, category) => sum + category.count, 0);
      expect(counted).toBe(value.list.length);
      for (const category of value.categories.slice(1)) expect(category.count).toBeGreaterThan(0);
      expect(value.list[0]).toMatchObject({
        category: 'newbie',
        tags: ['NEWBIE', 'SPECIAL_OFFER'],
        title: 'Welcome bonus: 100% on your first deposit',
        imageUrl: '/brand/promotions/welcome.svg',
        startAt: null,
        endAt: null,
      });
      const limited = value.list.filter((promotion) => promotion.tags.includes('LIMITED'));
      for (const promotion of limited) expect(promotion.endAt).not.toBeNull();
    });

    it('filters by category and keeps the counts of all', async () => {
      const all = promotionsResponse.parse((await get('/wps/content/promotions?category=all')).json()).value;
      const rebate = promotionsResponse.parse(
        (await get('/wps/content/promotions?category=rebate')).json(),
      ).value;
      expect(rebate.categories).toEqual(all.categories);
      expect(rebate.list.map((promotion) => promotion.category)).toEqual(['rebate']);
      const none = promotionsResponse.parse(
        (await get('/wps/content/promotions?category=cards')).json(),
      ).value;
      expect(none.list).toEqual([]);
    });

    it('serves the detail with sanitised terms, and 404 for unknown, ended or inactive ones', async () => {
      const { list } = promotionsResponse.parse((await get('/wps/content/promotions')).json()).value;
      const welcome = list[0];
      const detail = promotionDetailResponse.parse(
        (await get(`/wps/content/promotions/${welcome?.id}?language=HI`)).json(),
      ).value;
      expect(detail.id).toBe(welcome?.id);
      expect(detail.title).toMatch(DEVANAGARI);
      expect(detail.content).toContain('<h3>');

      expect((await get('/wps/content/promotions/999999')).statusCode).toBe(404);
      await db()
        .updateTable('promotions')
        .set({ ends_at: new Date(Date.now() - 1000) })
        .where('code', '=', 'invite-friends')
        .execute();
      const invite = list.find((promotion) => promotion.title === 'Invite friends');
      try {
        expect((await get(`/wps/content/promotions/${invite?.id}`)).statusCode).toBe(404);
        const after = promotionsResponse.parse((await get('/wps/content/promotions')).json()).value;
        expect(after.list.map((promotion) => promotion.id)).not.toContain(invite?.id);
        expect(after.categories.map((category) => category.key)).not.toContain('others');
      } finally {
        await db()
          .updateTable('promotions')
          .set({ ends_at: null })
          .where('code', '=', 'invite-friends')
          .execute();
      }
    });

    it('shows an operator’s change on the next request', async () => {
      await db()
        .updateTable('promotions')
        .set({ title: json({ EN: 'Daily rebate, now 1.2%', HI: 'दैनिक रिबेट, अब 1.2%' }) })
        .where('code', '=', 'daily-rebate')
        .execute();
      const { list } = promotionsResponse.parse(
        (await get('/wps/content/promotions?category=rebate')).json(),
      ).value;
      expect(list[0]?.title).toBe('Daily rebate, now 1.2%');
    });

    it('refuses unknown categories and malformed ids', async () => {
      await expectInvalid('/wps/content/promotions?category=casino', 'querystring.category');
      await expectInvalid('/wps/content/promotions/abc', 'params.id');
      await expectInvalid('/wps/content/promotions/0', 'params.id');
    });
  });

  describe('GET /wps/content/appDownload', () => {
    it('has the iOS, Android and lite guides, honest about what exists', async () => {
      const english = appDownloadResponse.parse((await get('/wps/content/appDownload')).json()).value;
      expect(english.guides.map((guide) => guide.platform)).toEqual(['ios', 'android', 'lite']);
      expect(english.guides.map((guide) => guide.version)).toEqual([
        'Coming soon',
        'Coming soon',
        'Available now',
      ]);
      for (const guide of english.guides) {
        expect(guide.downloadUrl).toBe(`/down#${guide.platform}`);
        expect(guide.steps.length).toBeGreaterThanOrEqual(3);
      }
      const hindi = appDownloadResponse.parse(
        (await get('/wps/content/appDownload?language=HI')).json(),
      ).value;
      for (const guide of hindi.guides) {
        expect(guide.title).toMatch(DEVANAGARI);
        for (const step of guide.steps) expect(step).toMatch(DEVANAGARI);
      }
    });
  });

  describe('GET /wps/content/pages/:key', () => {
    it('serves every page in EN and HI', async () => {
      for (const key of PAGE_KEYS) {
        const english = sitePageResponse.parse((await get(`/wps/content/pages/${key}`)).json()).value;
        const hindi = sitePageResponse.parse(
          (await get(`/wps/content/pages/${key}?language=HI`)).json(),
        ).value;
        expect(english.key).toBe(key);
        expect(english.content).toContain('<h2>');
        expect(hindi.title).toMatch(DEVANAGARI);
        expect(hindi.content).toMatch(DEVANAGARI);
      }
    });

    it('refuses unknown keys and is 404 for a page the brand removed', async () => {
      await expectInvalid('/wps/content/pages/about', 'params.key');
      const saved = await db()
        .selectFrom('site_pages')
        .selectAll()
        .where('key', '=', 'privacy')
        .executeTakeFirstOrThrow();
      await db().deleteFrom('site_pages').where('key', '=', 'privacy').execute();
      try {
        expect((await get('/wps/content/pages/privacy')).statusCode).toBe(404);
      } finally {
        await db()
          .insertInto('site_pages')
          .values({ ...saved, title: json(saved.title), content: json(saved.content) })
          .execute();
      }
    });

    it('serves stored hostile HTML inert', async () => {
      const saved = await db()
        .selectFrom('site_pages')
        .select('content')
        .where('key', '=', 'join')
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('site_pages')
        .set({ content: json({ EN: HOSTILE_HTML }) })
        .where('key', '=', 'join')
        .execute();
      try {
        const page = sitePageResponse.parse((await get('/wps/content/pages/join?language=HI')).json()).value;
        expectInertHtml(page.content);
        expect(page.content).toContain('<p>Hello</p>');
      } finally {
        await db()
          .updateTable('site_pages')
          .set({ content: json(saved.content) })
          .where('key', '=', 'join')
          .execute();
      }
    });
  });

  describe('GET /wps/system/customerService', () => {
    it('lists e-mail and phone in clear and seals the chat lines with the brand key', async () => {
      const { value } = customerServiceInfoResponse.parse((await get('/wps/system/customerService')).json());
      expect(value.version.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const byType = new Map(value.version.pathList.map((entry) => [entry.type, entry.path]));
      expect(byType.get(1)).toBe('support@lotus.example.com');
      expect(byType.get(2)).toBe('+1 202 555 0143');
      expect(byType.get(3)).not.toContain('chat');
      expect(await openCustomerServicePath(value.version.key, byType.get(3) ?? '')).toBe(
        'https://chat.lotus.example.com/',
      );
      expect(await openCustomerServicePath(value.version.key, byType.get(4) ?? '')).toBe(
        'https://vip-chat.lotus.example.com/',
      );
    });

    it('keeps one key per brand, follows brand changes and leaves out lines the brand has not set', async () => {
      const first = customerServiceInfoResponse.parse(
        (await get('/wps/system/customerService')).json(),
      ).value;
      await db()
        .updateTable('brands')
        .set({ live_chat_url: 'https://help.lotus.example.com/chat', vip_chat_url: null })
        .where('id', '=', brandId)
        .execute();
      try {
        const second = customerServiceInfoResponse.parse(
          (await get('/wps/system/customerService')).json(),
        ).value;
        expect(second.version.key).toBe(first.version.key);
        expect(second.version.pathList.map((entry) => entry.type)).toEqual([1, 2, 3]);
        const chat = second.version.pathList.find((entry) => entry.type === 3)?.path ?? '';
        expect(await openCustomerServicePath(second.version.key, chat)).toBe(
          'https://help.lotus.example.com/chat',
        );
      } finally {
        await db()
          .updateTable('brands')
          .set({
            live_chat_url: 'https://chat.lotus.example.com/',
            vip_chat_url: 'https://vip-chat.lotus.example.com/',
          })
          .where('id', '=', brandId)
          .execute();
      }
    });

    it('makes a key for a brand that has none, once', async () => {
      await db().deleteFrom('customer_service_keys').where('brand_id', '=', brandId).execute();
      const [a, b] = await Promise.all([
        get('/wps/system/customerService'),
        get('/wps/system/customerService'),
      ]);
      const keyA = customerServiceInfoResponse.parse(a.json()).value.version.key;
      const keyB = customerServiceInfoResponse.parse(b.json()).value.version.key;
      expect(keyA).toBe(keyB);
      const stored = await db()
        .selectFrom('customer_service_keys')
        .select('seal_key')
        .where('brand_id', '=', brandId)
        .executeTakeFirstOrThrow();
      expect(Buffer.from(stored.seal_key).toString('base64url')).toBe(keyA);
    });
  });

  describe('GET /wps/relay/GCSGAME_getRankList', () => {
    const url = '/wps/relay/GCSGAME_getRankList';

    it('is empty until games record real wins', async () => {
      const response = await get(`${url}?gameCategory=ALL&language=EN&limitNum=20`);
      expect(response.statusCode).toBe(200);
      expect(rankListResponse.parse(response.json()).value).toEqual({ list: [] });
    });

    it('shows recorded wins newest first, masked, limited and filtered by category', async () => {
      const service = new ContentService(db(), new SystemService(db(), { countryOf: () => null }));
      const base = Date.now() - 10 * 60_000;
      const wins = [
        {
          account: 'lotusplayer',
          gameCategory: 'RNG',
          gameName: 'Lotus Mines',
          amountMinor: 125_050n,
          at: 1,
        },
        {
          account: 'gamer42',
          gameCategory: 'LIVE',
          gameName: 'Lotus Baccarat',
          amountMinor: 9_999_999_999_999n,
          at: 2,
        },
        { account: 'ab', gameCategory: 'RNG', gameName: 'Lotus Dice', amountMinor: 500n, at: 3 },
      ];
      for (const win of wins) {
        await service.recordWin(brandId, {
          account: win.account,
          gameCategory: win.gameCategory,
          gameName: win.gameName,
          vendor: 'LOTUS',
          amountMinor: win.amountMinor,
          currencySymbol: 'P',
          wonAt: new Date(base + win.at * 60_000),
        });
      }
      try {
        const all = rankListResponse.parse((await get(url)).json()).value.list.map((entry) => entry.vo);
        expect(all.map((vo) => vo.account)).toEqual(['a***', 'ga***42', 'lo***er']);
        expect(all[1]).toMatchObject({ amountMinor: '9999999999999', currencySymbol: 'P', vendor: 'LOTUS' });
        const stored = await db().selectFrom('win_feed').select('account').execute();
        expect(stored.map((row) => row.account).sort()).toEqual(['a***', 'ga***42', 'lo***er']);
        const rng = rankListResponse.parse((await get(`${url}?gameCategory=RNG&limitNum=1`)).json()).value;
        expect(rng.list.map((entry) => entry.vo.gameName)).toEqual(['Lotus Dice']);
        await expect(
          service.recordWin(brandId, {
            account: 'lotusplayer',
            gameCategory: 'RNG',
            gameName: 'Lotus Mines',
            vendor: 'LOTUS',
            amountMinor: 0n,
            currencySymbol: 'P',
            wonAt: new Date(),
          }),
        ).rejects.toMatchObject({ code: 'invalid_request' });
      } finally {
        await db().deleteFrom('win_feed').execute();
      }
    });

    it('refuses bad limits and categories', async () => {
      await expectInvalid(`${url}?limitNum=0`, 'querystring.limitNum');
      await expectInvalid(`${url}?limitNum=51`, 'querystring.limitNum');
      await expectInvalid(`${url}?gameCategory=rng`, 'querystring.gameCategory');
    });
  });
});
