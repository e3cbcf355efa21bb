import { describe, expect, it } from 'vitest';
import { buildWhitelabelTree, normalizeHost } from './system.service.ts';

describe('normalizeHost', () => {
  it.each([
    ['localhost', 'localhost'],
    ['Lotus.Example.com', 'lotus.example.com'],
    ['https://lotus.example.com:8443/home?x=1', 'lotus.example.com'],
    ['127.0.0.1:5173', '127.0.0.1'],
    ['[::1]:8080', '::1'],
    ['', null],
    [null, null],
    ['http://', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });
});

describe('buildWhitelabelTree', () => {
  it('nests nodes under their parents in sort order', () => {
    const tree = buildWhitelabelTree([
      { modId: 'LOGIN3', parentModId: null, enabled: true, sort: 0 },
      { modId: 'FREEPLAY3', parentModId: 'LOGIN3', enabled: false, sort: 2 },
      { modId: 'MOBILEVERCODELOGIN3', parentModId: 'LOGIN3', enabled: true, sort: 1 },
      { modId: 'PASSWORD3', parentModId: null, enabled: false, sort: 3 },
    ]);
    expect(tree).toEqual([
      {
        modId: 'LOGIN3',
        enabled: '1',
        childrenNodes: [
          { modId: 'MOBILEVERCODELOGIN3', enabled: '1', childrenNodes: [] },
          { modId: 'FREEPLAY3', enabled: '0', childrenNodes: [] },
        ],
      },
      { modId: 'PASSWORD3', enabled: '0', childrenNodes: [] },
    ]);
  });
});
