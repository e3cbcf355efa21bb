import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The app's own sources and the style list, as text.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
const styleList = sources['./mantine-styles.ts'] ?? '';
const stylesDir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');

function mantineImports(): Set<string> {
  const names = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const raw of (match[1] ?? '').split(',')) {
        const name = raw.trim().replace(/^type\s+/, '');
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

describe('Mantine styles', () => {
  it('imports the CSS of every Mantine component the app uses (app/mantine-styles.ts)', () => {
    const used = [...mantineImports()].filter((name) => existsSync(join(stylesDir, `${name}.css`)));
    expect(used.length).toBeGreaterThan(5);
    const missing = used.filter((name) => !styleList.includes(`'@mantine/core/styles/${name}.css'`));
    expect(missing).toEqual([]);
  });

  it('never falls back to the whole stylesheet', () => {
    for (const [path, text] of Object.entries(sources)) {
      expect(text.includes("'@mantine/core/styles.css'"), path).toBe(false);
    }
  });
});
