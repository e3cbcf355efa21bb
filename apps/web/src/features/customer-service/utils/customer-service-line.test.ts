import type { CustomerServiceInfo } from '@lotus/shared/content.schema';
import { describe, expect, it } from 'vitest';
import { customerServiceLine, isWebAddress, sealedPathFor } from './customer-service-line.ts';

describe('customerServiceLine', () => {
  it('gives a visitor live chat', () => {
    expect(customerServiceLine(null)).toBe('liveChat');
  });

  it('gives ranks up to 4 live chat and ranks above 4 the VIP line (SPEC §9 "VIP rank above 4")', () => {
    expect([0, 1, 4].map(customerServiceLine)).toEqual(['liveChat', 'liveChat', 'liveChat']);
    expect([5, 9].map(customerServiceLine)).toEqual(['vip', 'vip']);
  });
});

describe('sealedPathFor', () => {
  const info = (types: (1 | 2 | 3 | 4)[]): CustomerServiceInfo => ({
    version: { key: 'k', pathList: types.map((type) => ({ type, path: `sealed-${type}` })) },
  });

  it('picks type 3 for live chat and type 4 for the VIP line', () => {
    expect(sealedPathFor(info([1, 2, 3, 4]), 'liveChat')).toBe('sealed-3');
    expect(sealedPathFor(info([1, 2, 3, 4]), 'vip')).toBe('sealed-4');
  });

  it('serves VIP members on live chat when the brand has no VIP line', () => {
    expect(sealedPathFor(info([1, 3]), 'vip')).toBe('sealed-3');
  });

  it('has nothing to open without a chat line', () => {
    expect(sealedPathFor(info([1, 2]), 'liveChat')).toBeNull();
    expect(sealedPathFor(info([1, 2, 4]), 'liveChat')).toBeNull();
  });
});

describe('isWebAddress', () => {
  it('accepts http(s) only', () => {
    expect(isWebAddress('https://chat.lotus.example.com/')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('data:text/html,hi')).toBe(false);
    expect(isWebAddress('/relative')).toBe(false);
  });
});
