import { errorCodes } from '@lotus/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../lib/i18n.ts';

// Every locale file, read at test time: a new file or key is covered without touching this test.
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

const LANGUAGES = ['en', 'hi'] as const;

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

function keysOf(language: string, namespace: string): Set<string> {
  const file = files[`./${language}/${namespace}.json`];
  if (!file) throw new Error(`missing locale file ${language}/${namespace}.json`);
  return new Set(flatten(file));
}

function valueAt(language: string, namespace: string, key: string): unknown {
  const file = files[`./${language}/${namespace}.json`];
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file);
}

describe('locale files', () => {
  it('has exactly the declared namespaces in every language', () => {
    for (const language of LANGUAGES) {
      const present = Object.keys(files)
        .filter((path) => path.startsWith(`./${language}/`))
        .map((path) => path.slice(`./${language}/`.length, -'.json'.length))
        .sort();
      expect(present).toEqual([...NAMESPACES].sort());
    }
  });

  it.each(NAMESPACES)('has the same keys in English and Hindi in %s', (namespace) => {
    const english = keysOf('en', namespace);
    const hindi = keysOf('hi', namespace);
    expect(
      [...english].filter((key) => !hindi.has(key)),
      'keys missing from hi',
    ).toEqual([]);
    expect(
      [...hindi].filter((key) => !english.has(key)),
      'keys missing from en',
    ).toEqual([]);
  });

  it.each(LANGUAGES)('translates every ErrorCode in %s', (language) => {
    const missing = Object.keys(errorCodes).filter((code) => {
      const text = valueAt(language, 'errors', code);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('keeps every text a non-empty string with the same placeholders in both languages', () => {
    for (const namespace of NAMESPACES) {
      for (const key of keysOf('en', namespace)) {
        const english = valueAt('en', namespace, key);
        const hindi = valueAt('hi', namespace, key);
        expect(typeof english === 'string' && english.trim() !== '', `en ${namespace}:${key}`).toBe(true);
        expect(typeof hindi === 'string' && hindi.trim() !== '', `hi ${namespace}:${key}`).toBe(true);
        const placeholders = (text: unknown) =>
          String(text)
            .match(/{{\s*\w+\s*}}/g)
            ?.sort() ?? [];
        expect(placeholders(hindi), `placeholders of ${namespace}:${key}`).toEqual(placeholders(english));
      }
    }
  });
});
