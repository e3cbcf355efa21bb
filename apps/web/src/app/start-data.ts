import type { BannersValue } from '@lotus/shared/content.schema';
import type { BannerGroup } from '@lotus/shared/content-vocabulary';
import type { Permission, SystemStatus } from '@lotus/shared/system.schema';

/**
 * What the server inlines into a page for its first screen (`lotus-start-data`, written by
 * apps/server/src/plugins/static-spa.ts): its own answers to the start-up calls and, on a page with a
 * banner strip, to that group's banners in the brand's default language.
 */
export type StartData = {
  host: string;
  status: SystemStatus;
  whitelabel: Permission;
  banners?: { group: BannerGroup; language: string; value: BannersValue };
};

let read = false;
let startData: StartData | null = null;

/**
 * The page's start data, parsed once; null when there is none (the dev server, a build the server could not
 * add it to, unit tests) or it was made for another host (a proxy that rewrote it): the app then fetches.
 */
export function readStartData(): StartData | null {
  if (read) return startData;
  read = true;
  if (typeof document === 'undefined') return null;
  const text = document.getElementById('lotus-start-data')?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as StartData;
    startData = data.host === window.location.host ? data : null;
  } catch {
    startData = null;
  }
  return startData;
}

/** The first banner of the page's strip, which the server also put into the first screen's HTML. */
export function firstScreenBanner(): { url: string; alt: string } | null {
  const banner = readStartData()?.banners?.value.banners[0];
  return banner ? { url: banner.url, alt: banner.alt } : null;
}
