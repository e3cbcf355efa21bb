import { describe, expect, it } from 'vitest';
import { bannerTarget } from './banner-target.ts';

describe('bannerTarget', () => {
  it('opens a site path for ROUTE', () => {
    expect(bannerTarget({ linkageType: 'ROUTE', linkageTarget: '/promotions' })).toEqual({
      kind: 'route',
      to: '/promotions',
    });
    expect(bannerTarget({ linkageType: 'ROUTE', linkageTarget: '/help#deposits' })).toEqual({
      kind: 'route',
      to: '/help#deposits',
    });
  });

  it('opens the promotion detail page for PROMOTION', () => {
    expect(bannerTarget({ linkageType: 'PROMOTION', linkageTarget: '12' })).toEqual({
      kind: 'route',
      to: '/promoDetail?id=12',
    });
    expect(bannerTarget({ linkageType: 'PROMOTION', linkageTarget: 'a&b' })).toEqual({
      kind: 'route',
      to: '/promoDetail?id=a%26b',
    });
  });

  it('opens another site for URL, only over http(s)', () => {
    expect(bannerTarget({ linkageType: 'URL', linkageTarget: 'https://lotus.example.com/x' })).toEqual({
      kind: 'external',
      href: 'https://lotus.example.com/x',
    });
    expect(bannerTarget({ linkageType: 'URL', linkageTarget: 'javascript:alert(1)' })).toBeNull();
    expect(bannerTarget({ linkageType: 'URL', linkageTarget: 'not a url' })).toBeNull();
  });

  it('is not a link without a linkage type or a target', () => {
    expect(bannerTarget({ linkageType: null, linkageTarget: '/promotions' })).toBeNull();
    expect(bannerTarget({ linkageType: 'ROUTE', linkageTarget: null })).toBeNull();
    expect(bannerTarget({ linkageType: 'ROUTE', linkageTarget: '  ' })).toBeNull();
  });

  it('refuses a ROUTE that leaves the site', () => {
    expect(bannerTarget({ linkageType: 'ROUTE', linkageTarget: '//attacker.example/x' })).toBeNull();
    expect(bannerTarget({ linkageType: 'ROUTE', linkageTarget: 'https://attacker.example' })).toBeNull();
  });
});
