import { useEffect, useState } from 'react';
import { LotusMark } from '../components/ui/lotus-mark.tsx';
import { useTranslation } from '../lib/i18n-react.tsx';

/**
 * The first screen before the brand configuration and the page's code have arrived (issue 15): the
 * header's top bar with the mark, the category bar and the banner's frame, at the real layout's sizes, so
 * the page has a shape at the first paint and the site replacing it moves nothing. The build prerenders it
 * into index.html (scripts/prerender.mjs) and the browser hydrates it (main.tsx), so it must render the
 * same for every visitor: no language, theme or brand in its markup until it has mounted (CSS variables and
 * public/theme-init.js give the colours). Styles: first-screen-shell.css, global, in the entry's CSS.
 */
export function FirstScreenShell() {
  const { t } = useTranslation();
  // The spoken label follows hydration: the prerendered markup carries no text in any language.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div className="fs-shell" role="status" aria-busy="true" aria-live="polite" data-testid="app-loading">
      <div className="fs-top">
        <div className="w1200 fs-top-inner">
          <LotusMark size={30} />
          <span className="fs-block fs-brand" />
          <span className="fs-block fs-actions" />
        </div>
      </div>
      <div className="fs-nav" />
      <div className="w1200 fs-banner">
        <div className="fs-frame" />
      </div>
      <span className="fs-label">{mounted ? t('status.loading') : null}</span>
    </div>
  );
}
