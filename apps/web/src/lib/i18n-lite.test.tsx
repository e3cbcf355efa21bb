import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addInlineTexts, i18n, initI18n } from './i18n.ts';
import { Trans, useTranslation } from './i18n-react.tsx';

// i18n-lite (issue 15) keeps i18next's conventions; these pin the ones the locale files and call sites use.
beforeAll(async () => {
  await initI18n('en');
  i18n.addBundle('en', 'lite', {
    greet: 'Hello {{name}}',
    nested: { deep: 'Deep text' },
    item_one: '{{count}} item',
    item_other: '{{count}} items',
    none_zero: 'Nothing yet',
    none_other: '{{count}} things',
    onlyEnglish: 'English only',
    tagged: 'Read the <terms>terms</terms> and the <privacy>privacy notice</privacy>.',
  });
  i18n.addBundle('hi', 'lite', {
    greet: 'नमस्ते {{name}}',
    item_one: '{{count}} चीज़',
    item_other: '{{count}} चीज़ें',
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('i18n-lite lookups', () => {
  const t = i18n.getFixedT('lite');

  it('interpolates, nests with dots and takes a namespace prefix or option', () => {
    expect(t('greet', { name: 'Asha' })).toBe('Hello Asha');
    expect(t('nested.deep')).toBe('Deep text');
    expect(i18n.t('lite:greet', { name: 'Ravi' })).toBe('Hello Ravi');
    expect(i18n.t('greet', { ns: 'lite', name: 'Mia' })).toBe('Hello Mia');
    expect(t('greet')).toBe('Hello ');
  });

  it('picks plural forms by count, with _zero for 0 when the text has one', () => {
    expect(t('item', { count: 1 })).toBe('1 item');
    expect(t('item', { count: 3 })).toBe('3 items');
    expect(t('none', { count: 0 })).toBe('Nothing yet');
    expect(t('none', { count: 2 })).toBe('2 things');
    expect(t('item', { count: 0 })).toBe('0 items');
  });

  it('falls back to English, then to defaultValue or the key, and reports the missing key', async () => {
    await i18n.changeLanguage('hi');
    expect(t('greet', { name: 'Asha' })).toBe('नमस्ते Asha');
    expect(t('item', { count: 2 })).toBe('2 चीज़ें');
    expect(t('onlyEnglish')).toBe('English only');
    const reported: string[] = [];
    const handler = i18n.onMissingKey;
    i18n.onMissingKey = (_language, namespace, key) => reported.push(`${namespace}:${key}`);
    try {
      expect(t('absent.key')).toBe('absent.key');
      expect(t('absent.other', { defaultValue: 'Shown instead' })).toBe('Shown instead');
    } finally {
      i18n.onMissingKey = handler;
    }
    expect(reported).toEqual(['lite:absent.key', 'lite:absent.other']);
  });

  it('sets the document language and direction on a change', async () => {
    await i18n.changeLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.dir('ar')).toBe('rtl');
  });

  it('takes the texts the build inlined into the page', () => {
    const doc = document.implementation.createHTMLDocument('page');
    const data = doc.createElement('script');
    data.type = 'application/json';
    data.id = 'lotus-texts';
    data.textContent = JSON.stringify({ language: 'en', texts: { inlineTest: { hello: 'From the HTML' } } });
    doc.body.append(data);
    addInlineTexts(doc);
    expect(i18n.hasLoadedNamespace('inlineTest', 'en')).toBe(true);
    expect(i18n.t('inlineTest:hello')).toBe('From the HTML');
  });
});

function Greeting() {
  const { t } = useTranslation('lite');
  return <p>{t('greet', { name: 'Asha' })}</p>;
}

/** An element for `Trans` to fill: the tagged words become its children. */
function TextLink({ href, children }: { href: string; children?: ReactNode }) {
  return <a href={href}>{children}</a>;
}

function Consent() {
  const { t } = useTranslation('lite');
  return (
    <p data-testid="consent">
      <Trans
        t={t}
        i18nKey="tagged"
        components={{ terms: <TextLink href="/page/terms" />, privacy: <TextLink href="/page/privacy" /> }}
      />
    </p>
  );
}

describe('i18n-lite in React', () => {
  it('renders again in the new language', async () => {
    render(<Greeting />);
    expect(screen.getByText('Hello Asha')).toBeDefined();
    await act(() => i18n.changeLanguage('hi'));
    expect(screen.getByText('नमस्ते Asha')).toBeDefined();
  });

  it('puts the tagged words of a text into their elements', () => {
    render(<Consent />);
    expect(screen.getByTestId('consent').textContent).toBe('Read the terms and the privacy notice.');
    expect(screen.getByRole('link', { name: 'terms' }).getAttribute('href')).toBe('/page/terms');
    expect(screen.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/page/privacy');
  });
});
