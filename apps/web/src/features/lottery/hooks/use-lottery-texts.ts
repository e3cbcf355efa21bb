import { useEffect } from 'react';
import { i18n, loadNamespaces } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/**
 * The `lotteryLive` texts (results, history, trends). They are not part of the idle load (lib/i18n.ts
 * MEMBER_NAMESPACES): a page showing these components should wait for them before it renders, and if it did
 * not, they are loaded here and the texts appear when they arrive (useTranslation renders again).
 */
export function useLotteryTexts() {
  const translation = useTranslation('lotteryLive');
  useEffect(() => {
    if (!i18n.hasLoadedNamespace('lotteryLive')) void loadNamespaces(['lotteryLive']);
  }, []);
  return translation;
}
