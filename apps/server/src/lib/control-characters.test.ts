import { describe, expect, it } from 'vitest';
import { findControlCharacters } from './control-characters.ts';

describe('findControlCharacters', () => {
  it('names the path of the first bad string, or of the object holding a bad key', () => {
    expect(findControlCharacters({ a: 'fine', b: [1, 'ok', { c: 'x\u0000' }] }, 'body')).toBe('body.b.2.c');
    expect(findControlCharacters({ nested: { 'k\u0001': 1 } }, 'body')).toBe('body.nested');
    expect(findControlCharacters('top\u007f', 'body')).toBe('body');
    expect(findControlCharacters({ nickname: 'a\u001b' }, '')).toBe('nickname');
  });

  it('allows tab and line breaks, and refuses lone surrogates but not whole ones', () => {
    expect(findControlCharacters({ reason: 'one\r\ntwo\tthree' }, 'body')).toBeNull();
    expect(findControlCharacters({ name: 'emoji 😀' }, 'body')).toBeNull();
    expect(findControlCharacters({ name: 'half \ud83d' }, 'body')).toBe('body.name');
    expect(findControlCharacters({ name: '\ude00 other half' }, 'body')).toBe('body.name');
  });

  it('walks only parsed data: bytes are not text', () => {
    expect(findControlCharacters(Buffer.from('a\u0000b'), 'body')).toBeNull();
    expect(findControlCharacters({ n: 1, t: true, z: null }, 'body')).toBeNull();
  });

  it('survives nesting far deeper than the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    const path = findControlCharacters(deep, 'body');
    expect(path?.startsWith('body.0.0.0')).toBe(true);
    expect(path?.split('.')).toHaveLength(200_001);
  });
});
