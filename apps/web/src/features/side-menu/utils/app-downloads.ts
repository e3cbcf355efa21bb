import type { Resource } from '@lotus/shared/system.schema';

export type AppPlatformKey = 'lite' | 'ios' | 'android';

export type AppDownloadLink = {
  platform: AppPlatformKey;
  /** Absolute, so a phone scanning the code reaches this site. */
  url: string;
  /** A QR picture the operator uploaded; null → the browser draws one from `url`. */
  qrImageUrl: string | null;
};

/** SPEC §2 side bar: "QR codes for mobile config, iOS, Android", in that order. */
const ORDER: readonly AppPlatformKey[] = ['lite', 'ios', 'android'];

function platformOf(resourceType: string): AppPlatformKey | null {
  const type = resourceType.toUpperCase();
  if (/MOBILE_?CONFIG|(^|_)LITE$/.test(type)) return 'lite';
  if (/(^|_)IOS$/.test(type)) return 'ios';
  if (/(^|_)ANDROID$/.test(type)) return 'android';
  return null;
}

function absolute(url: string, origin: string): string | null {
  try {
    const resolved = new URL(url, origin);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}

/** The app-download resources of the brand, one per platform, with their addresses made absolute. */
export function appDownloads(resources: readonly Resource[], origin: string): AppDownloadLink[] {
  const found = new Map<AppPlatformKey, AppDownloadLink>();
  for (const resource of resources) {
    const platform = platformOf(resource.resourceType);
    const url = resource.url ? absolute(resource.url, origin) : null;
    if (!platform || !url || found.has(platform)) continue;
    const qrImageUrl = resource.qrCodeUrl ? absolute(resource.qrCodeUrl, origin) : null;
    found.set(platform, { platform, url, qrImageUrl });
  }
  return ORDER.flatMap((platform) => {
    const link = found.get(platform);
    return link ? [link] : [];
  });
}
