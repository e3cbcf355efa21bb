import { describe, expect, it } from 'vitest';
import { isIpOrCidr, isNonPublicIp, normalizeIp } from './ip.ts';

describe('isIpOrCidr', () => {
  it.each(['10.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', 'fd00::/8', '2001:db8::/128'])(
    'accepts %s',
    (value) => {
      expect(isIpOrCidr(value)).toBe(true);
    },
  );
  it.each(['', 'localhost', '10.0.0.256', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x'])(
    'rejects %s',
    (value) => {
      expect(isIpOrCidr(value)).toBe(false);
    },
  );
});

describe('isNonPublicIp', () => {
  it.each([
    '127.0.0.1',
    '::1',
    '10.1.2.3',
    '192.168.0.9',
    '172.20.0.1',
    '100.64.0.1',
    '::ffff:127.0.0.1',
    'junk',
  ])('%s is not public', (ip) => {
    expect(isNonPublicIp(ip)).toBe(true);
  });
  it.each(['8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('%s is public', (ip) => {
    expect(isNonPublicIp(ip)).toBe(false);
  });
  it('unwraps IPv4-mapped IPv6 addresses', () => {
    expect(normalizeIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
  });
});
