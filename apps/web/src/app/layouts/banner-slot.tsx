import type { BannerGroup } from './layout-variant.ts';

/**
 * Where a route's banner strip goes (SPEC §2 "Banners (by path group)"). The strip and its carousel arrive
 * with the content issue. Until then no group has banners, and a group without banners shows nothing —
 * the layout still announces the group on its root (data-banner, data-banner-group).
 */
export function BannerSlot(_props: { group: BannerGroup | null }) {
  return null;
}
