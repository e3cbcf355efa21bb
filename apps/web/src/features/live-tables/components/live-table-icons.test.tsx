import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LIVE_TABLE_KINDS } from '@lotus/shared/live.schema';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LiveTableIcon } from './live-table-icon.tsx';

// apps/web/public/brand/games: the seed's icon_url for a live table is /brand/games/live-<kind>.svg.
const ICONS = path.resolve(import.meta.dirname, '../../../../public/brand/games');
// The tables' kinds as the English texts name them (a label for the file read on its own).
const KINDS = (
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../locales/en/liveTables.json'), 'utf8'),
  ) as {
    kinds: Record<string, string>;
  }
).kinds;
const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]|\u{FE0F}/u;

describe('issue 22: every live table kind has its tile icon', () => {
  it('has a file per kind that is what its drawing renders, with the LIVE badge (WRITE_GAME_ICONS=1 writes them)', () => {
    for (const kind of LIVE_TABLE_KINDS) {
      const svg = `${renderToStaticMarkup(<LiveTableIcon kind={kind} label={`Live ${KINDS[kind]}`} />)}\n`;
      const file = path.join(ICONS, `live-${kind}.svg`);
      if (process.env.WRITE_GAME_ICONS === '1') writeFileSync(file, svg);
      expect(existsSync(file), kind).toBe(true);
      expect(readFileSync(file, 'utf8'), `${kind}: run WRITE_GAME_ICONS=1 to regenerate`).toBe(svg);
      expect(EMOJI.test(svg), kind).toBe(false);
      expect(svg).toContain('data-badge="live"');
      // Not the studio's icon of the same game: a live tile must look different from its RNG twin.
      const studio = path.join(ICONS, `${kind}.svg`);
      if (existsSync(studio)) expect(readFileSync(studio, 'utf8')).not.toBe(svg);
    }
  });
});
