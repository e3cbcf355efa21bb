import { cloneElement, type ReactElement, type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { type I18n, i18n, type TFunction, type TOptions } from './i18n.ts';

export type { TFunction } from './i18n.ts';

/**
 * The texts of `namespace` (or of the first of a list; other namespaces by prefix, `t('errors:x')`), and the
 * i18n instance. The component renders again when the language changes or texts arrive, and `t` changes
 * with the language, so effects that format texts run again (as with react-i18next).
 */
export function useTranslation(namespace: string | readonly string[] = 'common'): {
  t: TFunction;
  i18n: I18n;
} {
  const version = () => i18n.version;
  useSyncExternalStore(i18n.subscribe, version, version);
  const bound = typeof namespace === 'string' ? namespace : (namespace[0] ?? 'common');
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for each language, on purpose.
  const t = useMemo(() => i18n.getFixedT(bound), [bound, language]);
  return { t, i18n };
}

type TransProps = {
  t: TFunction;
  i18nKey: string;
  /** The elements that wrap the text's `<name>…</name>` parts, by name. */
  components: Record<string, ReactElement>;
  values?: TOptions;
};

/** A text with named tags, each rendered as its element with the tagged words inside. */
export function Trans({ t, i18nKey, components, values }: TransProps): ReactNode {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const [whole, name = '', inner] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: `${name}-${match.index}` }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
