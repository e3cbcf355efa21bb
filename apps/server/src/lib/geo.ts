import geoip from 'geoip-country';
import { isNonPublicIp, normalizeIp } from './ip.ts';

/**
 * Visitor country from the offline GeoLite2 country table bundled in `geoip-country` (loaded into memory
 * once, when this module is first imported; lookups are synchronous and sub-microsecond). Private and
 * loopback addresses have no country: a developer on localhost is never region-blocked.
 */
export type GeoLookup = { countryOf(ip: string): string | null };

export const geoLookup: GeoLookup = {
  countryOf(ip) {
    if (isNonPublicIp(ip)) return null;
    return geoip.lookup(normalizeIp(ip))?.country ?? null;
  },
};
