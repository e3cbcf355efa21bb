import { describe, expect, it } from 'vitest';
import { languageChain, maskAccount, pickText } from './content.service.ts';

describe('languageChain', () => {
  it('tries the asked language, then EN, then the brand default, without repeats', () => {
    expect(languageChain('hi', { defaultLanguage: 'EN' })).toEqual(['HI', 'EN']);
    expect(languageChain('TH', { defaultLanguage: 'HI' })).toEqual(['TH', 'EN', 'HI']);
    expect(languageChain(undefined, { defaultLanguage: 'HI' })).toEqual(['HI', 'EN']);
    expect(languageChain('EN', { defaultLanguage: 'EN' })).toEqual(['EN']);
  });
});

describe('pickText', () => {
  it('takes the first language of the chain that has a non-blank text', () => {
    expect(pickText({ EN: 'Hello', HI: 'नमस्ते' }, ['HI', 'EN'])).toBe('नमस्ते');
    expect(pickText({ EN: 'Hello', HI: '  ' }, ['HI', 'EN'])).toBe('Hello');
    expect(pickText({ HI: 'नमस्ते', BN: 'নমস্কার' }, ['TH', 'EN', 'HI'])).toBe('नमस्ते');
  });

  it('falls back to the first language by code, and to an empty string when there is no text', () => {
    expect(pickText({ ZH: '你好', BN: 'নমস্কার' }, ['EN'])).toBe('নমস্কার');
    expect(pickText({}, ['EN'])).toBe('');
  });
});

describe('maskAccount', () => {
  it.each([
    ['lotusplayer', 'lo***er'],
    ['abcdef', 'ab***ef'],
    ['abcde', 'a***e'],
    ['abc', 'a***c'],
    ['ab', 'a***'],
    ['a', 'a***'],
    ['', '***'],
    ['खिलाड़ी१२३', 'खि***२३'],
  ])('%s → %s', (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });

  it('never lets more than four characters of the account through', () => {
    for (const account of ['player0001', 'x'.repeat(40), 'abcdefgh']) {
      const masked = maskAccount(account);
      expect(masked).toContain('***');
      expect(masked.replace('***', '').length).toBeLessThanOrEqual(4);
    }
  });
});
