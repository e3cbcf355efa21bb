import { useEffect } from 'react';
import { i18n, loadNamespaces } from '../i18n.ts';
import { useTranslation } from '../i18n-react.tsx';

/**
 * For screens outside the member centre that show player-protection texts (the game overlay and reality
 * check, the responsible-gaming page's tools): the `protection` namespace is a member one, so no visitor page
 * downloads it; these load it when they mount and show nothing until it is there.
 */
export function useProtectionTexts(): boolean {
  useTranslation('protection');
  const loaded = i18n.hasLoadedNamespace('protection');
  useEffect(() => {
    if (!loaded) void loadNamespaces(['protection']);
  }, [loaded]);
  return loaded;
}
