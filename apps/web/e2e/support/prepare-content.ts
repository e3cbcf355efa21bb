/**
 * Test data for the browser journeys, written straight into a prepared PGlite folder while no server holds
 * it (the global setup runs it after the operator CLI has migrated and seeded the folder, before the server
 * starts). Straight SQL on purpose: the XSS rows must bypass the server's own sanitiser, so that the
 * journeys prove the browser's (DOMPurify) alone keeps them inert.
 *
 *   tsx apps/web/e2e/support/prepare-content.ts <dataDir> <preset> [<preset> …]
 *
 * Presets:
 * - quiet-greetings: no pop-up (PU) announcements and no register pop-up resource, so journeys that are not
 *   about the greeting pop-ups meet a home page without a modal over it.
 * - chrome-extras: twelve more notices (two pages of the announcement popup), three notices carrying
 *   script payloads, and no banners in the `help` group (a group without a strip).
 * - newbie-twins: copies of demo_newbie (same initial password, must change it) named in NEWBIE_TWINS, one
 *   per journey language, so the forced-change journeys never change a demo account others log in with.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NEWBIE_TWINS } from './account-data.ts';
import { EXTRA_NOTICES, GROUP_WITHOUT_BANNERS, XSS_PAYLOADS } from './chrome-data.ts';

export const PRESETS = ['quiet-greetings', 'chrome-extras', 'newbie-twins'] as const;
export type Preset = (typeof PRESETS)[number];

const texts = (en: string, hi: string) => JSON.stringify({ EN: en, HI: hi });

async function apply(db: PGlite, preset: Preset): Promise<void> {
  const brand = `(select id from brands where code = 'lotus')`;
  switch (preset) {
    case 'quiet-greetings':
      await db.exec(`
        update announcements set active = false where type = 'PU';
        update brand_resources set enabled = false where resource_type = 'REGISTER_POPUP';
      `);
      return;
    case 'chrome-extras': {
      // Older than every seeded notice, so the seeded ones stay first.
      for (let index = 1; index <= EXTRA_NOTICES; index += 1) {
        await db.query(
          `insert into announcements (brand_id, type, marquee, title, content, published_at)
           values (${brand}, 'B', false, $1::jsonb, $2::jsonb, now() - make_interval(days => 30 + $3::int))`,
          [
            texts(`Service notice ${index}`, `सेवा सूचना ${index}`),
            texts(`<p>Details of service notice ${index}.</p>`, `<p>सेवा सूचना ${index} का विवरण।</p>`),
            index,
          ],
        );
      }
      // The newest marquee notices: the home marquee and the popup open on them.
      for (const [index, payload] of XSS_PAYLOADS.entries()) {
        await db.query(
          `insert into announcements (brand_id, type, marquee, title, content, published_at)
           values (${brand}, 'B', true, $1::jsonb, $2::jsonb, now() - make_interval(mins => $3::int))`,
          [texts(payload.title, payload.title), texts(payload.content, payload.content), index + 1],
        );
      }
      await db.query('update banners set active = false where group_name = $1', [GROUP_WITHOUT_BANNERS]);
      return;
    }
    case 'newbie-twins': {
      // Every column but the generated id and the per-brand unique contact details, whatever the schema has.
      const { rows } = await db.query<{ column_name: string }>(
        `select column_name from information_schema.columns
         where table_name = 'members' and column_name not in ('id', 'username', 'mobile_num', 'email', 'affiliate_code')
           and is_generated = 'NEVER'`,
      );
      const columns = rows.map((row) => `"${row.column_name}"`).join(', ');
      for (const username of NEWBIE_TWINS) {
        await db.query(
          `insert into members (username, ${columns})
           select $1, ${columns} from members where username = 'demo_newbie'`,
          [username],
        );
      }
      return;
    }
  }
}

async function main(argv: string[]): Promise<void> {
  const [dataDir, ...presets] = argv;
  const unknown = presets.filter((preset) => !(PRESETS as readonly string[]).includes(preset));
  if (!dataDir || presets.length === 0 || unknown.length > 0) {
    throw new Error(
      `usage: prepare-content.ts <dataDir> <${PRESETS.join('|')}>… (unknown: ${unknown.join(', ')})`,
    );
  }
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    for (const preset of presets) await apply(db, preset as Preset);
  } finally {
    await db.close();
  }
}

// Run as a script (not when a journey imports the payload list).
if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`prepare-content: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
