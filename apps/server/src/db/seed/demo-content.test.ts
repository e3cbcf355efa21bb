import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BANNER_GROUPS } from '@lotus/shared/content-vocabulary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testBackends } from '../../../test/helpers/test-database.ts';
import { findRepoRoot } from '../../lib/repo-root.ts';
import { sanitiseHtml } from '../../modules/content/sanitise-html.ts';
import { prepareDatabase } from '../prepare-database.ts';
import { DEMO_BLOG_POSTS } from './demo-blog.ts';
import { DEMO_ANNOUNCEMENTS, DEMO_APP_GUIDES, DEMO_BANNERS, seedDemoContent } from './demo-content.ts';
import { DEMO_HELP_CENTRE } from './demo-help-centre.ts';
import { DEMO_PAGES } from './demo-pages.ts';
import { DEMO_PROMOTIONS } from './demo-promotions.ts';
import type { SeedTexts } from './seed-texts.ts';

const DEVANAGARI = /[\u0900-\u097F]/;
const PUBLIC_DIR = path.join(findRepoRoot(import.meta.dirname), 'apps/web/public');

/** Every per-language text of the demo content, with where it comes from. */
function allTexts(): [string, SeedTexts][] {
  const out: [string, SeedTexts][] = [];
  const add = (where: string, texts: Record<string, SeedTexts>) => {
    for (const [field, text] of Object.entries(texts)) out.push([`${where}.${field}`, text]);
  };
  for (const [i, b] of DEMO_BANNERS.entries())
    add(`banner ${i}`, { alt: b.alt, title: b.title, subtitle: b.subtitle });
  for (const [i, a] of DEMO_ANNOUNCEMENTS.entries())
    add(`announcement ${i}`, { title: a.title, content: a.content });
  for (const c of DEMO_HELP_CENTRE) {
    add(`help ${c.key}`, { title: c.title });
    for (const a of c.articles) add(`help ${a.key}`, { title: a.title, content: a.content });
  }
  for (const p of DEMO_BLOG_POSTS)
    add(`blog ${p.slug}`, { title: p.title, summary: p.summary, content: p.content });
  for (const p of DEMO_PROMOTIONS)
    add(`promotion ${p.code}`, { title: p.title, summary: p.summary, content: p.content });
  for (const g of DEMO_APP_GUIDES) {
    add(`guide ${g.platform}`, { title: g.title, version: g.version });
    for (const [i, en] of g.steps.EN.entries())
      add(`guide ${g.platform}`, { [`step ${i}`]: { EN: en, HI: g.steps.HI[i] ?? '' } });
  }
  for (const p of DEMO_PAGES) add(`page ${p.key}`, { title: p.title, content: p.content });
  return out;
}

describe('demo content', () => {
  it('is complete in English and real Hindi', () => {
    const texts = allTexts();
    expect(texts.length).toBeGreaterThan(200);
    for (const [where, text] of texts) {
      expect(text.EN.trim(), where).not.toBe('');
      expect(text.EN, where).not.toMatch(DEVANAGARI);
      expect(text.HI, where).toMatch(DEVANAGARI);
    }
    for (const guide of DEMO_APP_GUIDES) expect(guide.steps.HI).toHaveLength(guide.steps.EN.length);
  });

  it('has two or three banners for every group, linked to the site or to seeded promotions', () => {
    const codes = new Set(DEMO_PROMOTIONS.map((promotion) => promotion.code));
    for (const group of BANNER_GROUPS) {
      const count = DEMO_BANNERS.filter((banner) => banner.group === group).length;
      expect(count, group).toBeGreaterThanOrEqual(2);
      expect(count, group).toBeLessThanOrEqual(3);
    }
    for (const banner of DEMO_BANNERS) {
      if (banner.link?.type === 'PROMOTION') expect(codes.has(banner.link.code), banner.link.code).toBe(true);
      if (banner.link?.type === 'ROUTE') expect(banner.link.target).toMatch(/^\/[A-Za-z]/);
    }
  });

  it('has about a dozen announcements over every type, four of them marquee notices', () => {
    expect(DEMO_ANNOUNCEMENTS).toHaveLength(12);
    expect(new Set(DEMO_ANNOUNCEMENTS.map((announcement) => announcement.type))).toEqual(
      new Set(['B', 'PL', 'PU', 'PR', 'H']),
    );
    const marquee = DEMO_ANNOUNCEMENTS.filter((announcement) => announcement.marquee);
    expect(marquee).toHaveLength(4);
    expect(marquee.every((announcement) => announcement.type === 'B')).toBe(true);
  });

  it('points only at SVG art that exists, has no text and loads nothing from elsewhere', () => {
    const images = new Set([
      ...DEMO_BANNERS.map((banner) => banner.image),
      ...DEMO_PROMOTIONS.map((promotion) => promotion.image),
      ...DEMO_BLOG_POSTS.map((post) => post.cover),
    ]);
    for (const image of images) {
      expect(image).toMatch(/^\/brand\/(banners|promotions|blog)\/[a-z-]+\.svg$/);
      const file = path.join(PUBLIC_DIR, image);
      expect(existsSync(file), image).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), image).toBe(true);
      expect(svg, image).not.toMatch(/<text|<script|<image|<foreignObject|font-family|@import|\bon[a-z]+=/i);
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', ''), image).not.toMatch(/https?:|href=/i);
    }
  });
});

describe.each(testBackends())('seeding the demo content [%s]', (backend) => {
  let database: TestDatabase;
  let brandId: bigint;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await prepareDatabase(database.db);
    brandId = (
      await database.db
        .selectFrom('brands')
        .select('id')
        .where('code', '=', 'lotus')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores everything once: a second run adds nothing', async () => {
    const count = async (
      table: 'banners' | 'announcements' | 'help_articles' | 'promotions' | 'site_pages',
    ) =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      banners: await count('banners'),
      announcements: await count('announcements'),
      articles: await count('help_articles'),
      promotions: await count('promotions'),
      pages: await count('site_pages'),
    };
    expect(before).toEqual({
      banners: DEMO_BANNERS.length,
      announcements: DEMO_ANNOUNCEMENTS.length,
      articles: DEMO_HELP_CENTRE.flatMap((category) => category.articles).length,
      promotions: DEMO_PROMOTIONS.length,
      pages: 4,
    });
    expect(await database.db.transaction().execute((trx) => seedDemoContent(trx, brandId))).toBe(0);
    expect(await count('banners')).toBe(before.banners);
  });

  it('puts back a deleted page without touching edited rows', async () => {
    await database.db.deleteFrom('site_pages').where('key', '=', 'terms').execute();
    await database.db
      .updateTable('promotions')
      .set({ title: JSON.stringify({ EN: 'Edited by an operator' }) })
      .where('code', '=', 'vip-club')
      .execute();
    expect(await database.db.transaction().execute((trx) => seedDemoContent(trx, brandId))).toBe(1);
    const vip = await database.db
      .selectFrom('promotions')
      .select('title')
      .where('code', '=', 'vip-club')
      .executeTakeFirstOrThrow();
    expect(vip.title).toEqual({ EN: 'Edited by an operator' });
  });

  it('stores rich text already sanitised and the seal key as 32 random bytes', async () => {
    const rows = [
      ...(await database.db.selectFrom('announcements').select('content').execute()),
      ...(await database.db.selectFrom('help_articles').select('content').execute()),
      ...(await database.db.selectFrom('blog_posts').select('content').execute()),
      ...(await database.db.selectFrom('promotions').select('content').execute()),
      ...(await database.db.selectFrom('site_pages').select('content').execute()),
    ];
    for (const row of rows) {
      for (const html of Object.values(row.content)) expect(sanitiseHtml(html)).toBe(html);
    }
    const key = await database.db
      .selectFrom('customer_service_keys')
      .select('seal_key')
      .where('brand_id', '=', brandId)
      .executeTakeFirstOrThrow();
    expect(key.seal_key).toHaveLength(32);
  });
});
