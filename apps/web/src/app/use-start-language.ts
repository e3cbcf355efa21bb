import type { Permission } from '@lotus/shared/system.schema';
import { useEffect, useState } from 'react';
import { readStoredLanguage, resolveLanguage } from '../features/language/utils/language-preference.ts';
import { i18n, toI18nLanguage } from '../lib/i18n.ts';

/**
 * Settles the interface language once the brand is known: the stored choice if the brand supports it,
 * else the brand's default (SPEC §4). main.tsx already started with the stored language (or English), so
 * this usually changes nothing; when it does, the site waits for the texts instead of flashing English.
 * Returns true when the language is settled (also when the brand could not be loaded: keep what we have).
 */
export function useStartLanguage(permission: Permission | undefined, permissionFailed: boolean): boolean {
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    if (settled) return;
    if (!permission) {
      if (permissionFailed) setSettled(true);
      return;
    }
    const target = toI18nLanguage(
      resolveLanguage({
        stored: readStoredLanguage(),
        supportedLanguages: permission.site.supportedLanguages,
        defaultLanguage: permission.site.defaultLanguage,
      }),
    );
    if (i18n.language === target) {
      setSettled(true);
      return;
    }
    let cancelled = false;
    i18n.changeLanguage(target).finally(() => {
      if (!cancelled) setSettled(true);
    });
    return () => {
      cancelled = true;
    };
  }, [permission, permissionFailed, settled]);

  return settled;
}
