import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INHOUSE_GAMES } from '@lotus/games/play';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GameIcon, GENERATED_ICONS } from './game-icon.tsx';

// apps/web/public/brand/games, the icons the catalogue seed points at (icon_url /brand/games/<code>.svg).
const ICONS = path.resolve(import.meta.dirname, '../../../../public/brand/games');
const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]|\u{FE0F}/u;

describe('issue 22: every studio game has its tile icon', () => {
  it('has a file for every game, and the generated ones are what their game draws (WRITE_GAME_ICONS=1 writes them)', () => {
    for (const code of GENERATED_ICONS) {
      const svg = `${renderToStaticMarkup(<GameIcon code={code} />)}\n`;
      const file = path.join(ICONS, `${code}.svg`);
      if (process.env.WRITE_GAME_ICONS === '1') writeFileSync(file, svg);
      expect(existsSync(file), code).toBe(true);
      expect(readFileSync(file, 'utf8'), `${code}: run WRITE_GAME_ICONS=1 to regenerate`).toBe(svg);
      expect(EMOJI.test(svg), code).toBe(false);
      expect(svg).not.toContain('data-art="fallback"');
    }
    for (const code of Object.keys(INHOUSE_GAMES)) {
      expect(existsSync(path.join(ICONS, `${code}.svg`)), code).toBe(true);
    }
  });
});
