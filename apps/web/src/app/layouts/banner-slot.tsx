import { BannerStrip } from '../../features/banners/components/banner-strip.tsx';
import type { BannerGroup } from './layout-variant.ts';

/**
 * Where a route's banner strip goes (SPEC §2 "Banners (by path group)"): the route's group decides which
 * banners; a group without banners shows nothing, while the layout root still announces the group
 * (data-banner, data-banner-group).
 */
export function BannerSlot({ group }: { group: BannerGroup | null }) {
  return group ? <BannerStrip group={group} /> : null;
}
