import { DEFAULT_LANGUAGE } from '@lotus/shared/constants';
import { i18n, toBrandLanguage, toI18nLanguage } from '../../../lib/i18n.ts';
import { readLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage.ts';

const LANGUAGE_CODE = /^[A-Za-z]{2}$/;

/** The visitor's stored choice as an upper-case brand code, or null when none (or garbage) is stored. */
export function readStoredLanguage(): string | null {
  const stored = readLocal(STORAGE_KEYS.lang);
  return stored && LANGUAGE_CODE.test(stored) ? stored.toUpperCase() : null;
}

type ResolveInput = {
  stored: string | null;
  supportedLanguages: readonly string[];
  defaultLanguage: string | null | undefined;
};

/**
 * SPEC §4: "Language: stored one used, else default from configuration". A stored language the brand no
 * longer supports is ignored (the selector could not offer it either).
 */
export function resolveLanguage({ stored, supportedLanguages, defaultLanguage }: ResolveInput): string {
  const supported = supportedLanguages.map((code) => code.toUpperCase());
  if (stored && supported.includes(stored)) return stored;
  if (defaultLanguage && LANGUAGE_CODE.test(defaultLanguage)) return defaultLanguage.toUpperCase();
  return DEFAULT_LANGUAGE;
}

/** Stores the choice as SPEC §4 says: `lang` the new code, `hisLang` the one in use before. */
export function rememberLanguage(code: string): void {
  const previous = readStoredLanguage() ?? toBrandLanguage(i18n.language || DEFAULT_LANGUAGE);
  writeLocal(STORAGE_KEYS.hisLang, previous);
  writeLocal(STORAGE_KEYS.lang, code.toUpperCase());
}

/**
 * The visitor picks a language: remember it and switch the interface (`<html lang>` follows through the
 * i18n listener). For a logged-in member the app also saves it on the account (app/layouts/header-actions).
 */
export async function chooseLanguage(code: string): Promise<void> {
  rememberLanguage(code);
  await i18n.changeLanguage(toI18nLanguage(code));
}
