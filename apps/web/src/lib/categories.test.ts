import { describe, expect, it } from 'vitest';
import { categoryLabelKey, isCategoryShown, normalisePath, rngLabelKey } from './categories.ts';

describe('category rules (SPEC §2)', () => {
  it('labels /rng Casino when PT is supported, else Slots', () => {
    expect(rngLabelKey(['EN', 'HI'])).toBe('nav.slots');
    expect(rngLabelKey(['EN', 'pt'])).toBe('nav.casino');
    const rng = { key: 'RNG', labelKey: 'category.slots' };
    expect(categoryLabelKey(rng, ['EN', 'HI'])).toBe('common:nav.slots');
    expect(categoryLabelKey(rng, ['EN', 'PT'])).toBe('common:nav.casino');
  });

  it("reads every other label from the server's key in the catalogue namespace", () => {
    expect(categoryLabelKey({ key: 'TG', labelKey: 'category.tableGames' }, ['EN', 'PT'])).toBe(
      'catalogue:category.tableGames',
    );
    expect(categoryLabelKey({ key: 'INHOUSE', labelKey: 'category.inhouse' }, ['EN'])).toBe(
      'catalogue:category.inhouse',
    );
    // A key that already names its namespace is kept as it is.
    expect(categoryLabelKey({ key: 'LIVE', labelKey: 'common:nav.live' }, ['EN'])).toBe('common:nav.live');
  });

  it('shows Bingo only when TY is supported, every other category always', () => {
    expect(isCategoryShown({ key: 'BG' }, ['EN', 'HI'])).toBe(false);
    expect(isCategoryShown({ key: 'BG' }, ['EN', 'ty'])).toBe(true);
    for (const key of ['JP', 'TG', 'AC', 'RNG', 'INHOUSE'])
      expect(isCategoryShown({ key }, ['EN'])).toBe(true);
  });

  it('compares paths case-insensitively and without a trailing slash', () => {
    expect(normalisePath('/Home/')).toBe('/home');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('//')).toBe('/');
  });
});
