import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { oddsMarkdown } from './odds-table.ts';

describe('docs/lottery-maths.md', () => {
  it('holds the tables print-odds.ts prints (regenerate it when the odds change)', () => {
    const doc = readFileSync(new URL('../../../../docs/lottery-maths.md', import.meta.url), 'utf8');
    const block = /<!-- odds:begin -->\n\n([\s\S]*)\n<!-- odds:end -->/.exec(doc)?.[1];
    expect(block).toBe(oddsMarkdown());
  });
});
