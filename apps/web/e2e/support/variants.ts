import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** A journey's language and colour scheme (issue 3: every piece in EN and HI, light and dark). */
export type Variant = { lang: 'EN' | 'HI'; scheme: 'light' | 'dark' };

export const EN_LIGHT: Variant = { lang: 'EN', scheme: 'light' };
export const HI_DARK: Variant = { lang: 'HI', scheme: 'dark' };

/**
 * The long journeys' variants and screens (docs/decisions.md "Browser journeys: two of four combinations in
 * `npm test`"). `npm test` runs each twice — EN light on a desktop and HI dark on a 375 px phone — so both
 * languages, both schemes and both widths are covered on every commit; `npm run test:reliability`
 * (RELIABILITY_FULL=1) runs all four combinations.
 */
export const JOURNEY_MATRIX: readonly { variant: Variant; phone: boolean }[] =
  process.env.RELIABILITY_FULL === '1'
    ? [
        { variant: EN_LIGHT, phone: false },
        { variant: EN_LIGHT, phone: true },
        { variant: HI_DARK, phone: false },
        { variant: HI_DARK, phone: true },
      ]
    : [
        { variant: EN_LIGHT, phone: false },
        { variant: HI_DARK, phone: true },
      ];

/** `en-light`, `hi-dark`: the variant's part of a test title or a screenshot's file name. */
export const suffix = ({ lang, scheme }: Variant): string => `${lang.toLowerCase()}-${scheme}`;

/** Language and theme as a returning visitor has them stored (read before the first paint). */
export async function useVariant(page: Page, { lang, scheme }: Variant): Promise<void> {
  await page.addInitScript(
    ([language, theme]) => {
      localStorage.setItem('lang', language);
      localStorage.setItem('theme', theme);
    },
    [lang, scheme] as const,
  );
}

export type Texts = { [key: string]: string | Texts };

/** The app's own locale file, so a journey asserts the words a player reads without copying them. */
export function localeTexts(lang: Variant['lang'], namespace: string): Texts {
  const file = path.join(
    import.meta.dirname,
    '..',
    '..',
    'src',
    'locales',
    lang.toLowerCase(),
    `${namespace}.json`,
  );
  return JSON.parse(readFileSync(file, 'utf8')) as Texts;
}

/** The text at a dotted key (`header.strip.signOut`); a missing key fails the journey at once. */
export function text(texts: Texts, key: string): string {
  let node: Texts | string | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return node;
}
