import { useEffect, useState } from 'react';
import { LotusMark } from '../components/ui/lotus-mark.tsx';
import { useTranslation } from '../lib/i18n-react.tsx';
import { firstScreenBanner } from './start-data.ts';

/**
 * The first screen before the brand configuration, the texts and the page's code have arrived (issue 15):
 * the header's top bar with the mark, the category bar and, on a page with banners, the first banner, at
 * the real layout's sizes, so the page has a shape at the first paint and the site replacing it moves
 * nothing. The build prerenders it into index.html (scripts/prerender.mjs) without the banner; the server
 * adds the banner's markup for the page (apps/server/src/plugins/static-spa.ts, `firstScreenBannerHtml`,
 * the same element as below) with the start data this reads, and the browser hydrates the result
 * (main.tsx). So the markup holds no language or theme: CSS variables and public/theme-init.js give the
 * colours, and the spoken label comes after hydration. Styles: first-screen-shell.css, in the entry's CSS.
 */
export function FirstScreenShell() {
  const { t } = useTranslation();
  const banner = firstScreenBanner();
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
      {banner ? (
        <div className="w1200 fs-banner">
          <img className="fs-frame" src={banner.url} alt={banner.alt} fetchPriority="high" />
        </div>
      ) : null}
      <span className="fs-label">{mounted ? t('status.loading') : null}</span>
    </div>
  );
}
