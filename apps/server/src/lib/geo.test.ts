import { describe, expect, it } from 'vitest';
import { geoLookup } from './geo.ts';

describe('geoLookup', () => {
  it('finds the country of public addresses, IPv4, IPv6 and IPv4-mapped', () => {
    expect(geoLookup.countryOf('8.8.8.8')).toBe('US');
    expect(geoLookup.countryOf('81.2.69.160')).toBe('GB');
    expect(geoLookup.countryOf('49.36.0.1')).toBe('IN');
    expect(geoLookup.countryOf('2001:4860:4860::8888')).toBe('US');
    expect(geoLookup.countryOf('::ffff:8.8.8.8')).toBe('US');
  });

  it('has no country for loopback, private and malformed addresses', () => {
    for (const ip of ['127.0.0.1', '::1', '10.0.0.7', '192.168.1.1', 'not-an-ip']) {
      expect(geoLookup.countryOf(ip)).toBeNull();
    }
  });
});
