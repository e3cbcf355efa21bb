import { describe, expect, it } from 'vitest';
import { buildNavEntries, isNavEntryActive } from './nav-entries.ts';

describe('nav entries', () => {
  it('labels /rng Slots unless Portuguese is supported, then Casino', () => {
    const rng = (languages: string[]) =>
      buildNavEntries(languages).find((entry) => entry.to === '/rng')?.labelKey;
    expect(rng(['EN', 'HI'])).toBe('nav.slots');
    expect(rng(['EN', 'PT'])).toBe('nav.casino');
    expect(rng(['en', 'pt'])).toBe('nav.casino');
  });

  it('starts with Home and ends with Promo', () => {
    const entries = buildNavEntries(['EN']);
    expect(entries[0]?.to).toBe('/');
    expect(entries.at(-1)?.to).toBe('/promotions');
  });

  it('highlights an entry only when the route equals its page', () => {
    const [home, live] = buildNavEntries(['EN']);
    if (!home || !live) throw new Error('entries missing');
    for (const path of ['/', '/index', '/index.html', '/home', '/HOME/'])
      expect(isNavEntryActive(home, path)).toBe(true);
    expect(isNavEntryActive(home, '/live')).toBe(false);
    expect(isNavEntryActive(live, '/live')).toBe(true);
    expect(isNavEntryActive(live, '/live/extra')).toBe(false);
  });
});
