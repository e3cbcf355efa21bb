import type { Banner } from '@lotus/shared/content.schema';

/** Where a click on a banner goes: a page of this site, another site (new tab), or nowhere. */
export type BannerTarget = { kind: 'route'; to: string } | { kind: 'external'; href: string } | null;

/**
 * SPEC §2 "A banner with linkageType is clickable and opens its target": ROUTE → that path, PROMOTION →
 * the promotion's detail page, URL → the address in a new tab. A target that does not fit its type (a
 * ROUTE that is not a site path, a URL that is not http(s)) makes the banner a plain picture instead of a
 * link somewhere unexpected.
 */
export function bannerTarget(banner: Pick<Banner, 'linkageType' | 'linkageTarget'>): BannerTarget {
  const target = banner.linkageTarget?.trim();
  if (!banner.linkageType || !target) return null;
  switch (banner.linkageType) {
    case 'ROUTE':
      // '//host' would be another site; a route is a path of this one.
      return target.startsWith('/') && !target.startsWith('//') ? { kind: 'route', to: target } : null;
    case 'PROMOTION':
      return { kind: 'route', to: `/promoDetail?id=${encodeURIComponent(target)}` };
    case 'URL':
      return isHttpUrl(target) ? { kind: 'external', href: target } : null;
    default:
      return null;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
