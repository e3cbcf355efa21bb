import { Button } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import {
  Link,
  type Location,
  Outlet,
  type UIMatch,
  useLocation,
  useMatches,
  useNavigation,
} from 'react-router';
import { HomeIcon } from '../../components/ui/icons.tsx';
import { loginOptionsFrom } from '../../features/auth/login-options.ts';
import { GameOverlaysSlot } from '../../features/games/components/game-overlays-slot.tsx';
import { SiteHeader } from '../../features/header/components/site-header.tsx';
import { HOME_PATHS, normalisePath } from '../../lib/categories.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { AuthModals } from '../auth-modals/auth-modals.tsx';
import { useSite } from '../site-context.tsx';
import { BannerSlot } from './banner-slot.tsx';
import { useCatalogueChrome } from './catalogue-chrome.tsx';
import { HeaderActions } from './header-actions.tsx';
import { fullLayout, isRouteHandle, type PageMeta, type PageMetaInput } from './layout-variant.ts';
import classes from './site-layout.module.css';

// Home's greeting pop-ups (and the modal and sanitiser code they need) load after the page, only on home.
const AgentCentreSlot = lazy(() =>
  import('./agent-centre-slot.tsx').then((m) => ({ default: m.AgentCentreSlot })),
);
// What watches a logged-in session (a forced password change, the session time limit): loaded once
// someone is logged in, so a visitor's first load carries none of it.
const MemberGuards = lazy(() => import('./member-guards.tsx').then((m) => ({ default: m.MemberGuards })));
const HomePopups = lazy(() => import('./home-popups.tsx').then((m) => ({ default: m.HomePopups })));
// The footer (below the page) and the side menu (fixed at the edge) load beside the page rather than in the
// first bundle: neither moves anything when it arrives (issue 7 first-load budget, CLS).
const FooterSlot = lazy(() => import('./footer-slot.tsx').then((m) => ({ default: m.FooterSlot })));
const SideMenuSlot = lazy(() => import('./side-menu-slot.tsx').then((m) => ({ default: m.SideMenuSlot })));

const FALLBACK_META: PageMeta = { titleKey: 'pages:notFound.title', layout: fullLayout(null) };

/** The deepest matched route that declares a frame decides it (routes declare it in their `handle`). */
export function resolvePageMeta(matches: readonly UIMatch[], input: PageMetaInput): PageMeta {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return typeof handle.meta === 'function' ? handle.meta(input) : handle.meta;
  }
  return FALLBACK_META;
}

const onOff = (value: boolean) => (value ? 'on' : 'off');

/**
 * SPEC §2: "on navigation the page scrolls to the hash, else to the top". A change of the query alone (a
 * promotions filter, a vendor tab, a page of results) is the same page refining what it shows, so it keeps
 * the reader where they are; a new path, a new hash, or opening the very same address again (a nav click on
 * the current page) scrolls.
 */
function useScrollOnNavigate(location: Location) {
  const previous = useRef<Location | null>(null);
  // Keyed on the location object: every navigation makes a new one, even to the same path.
  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    const onlyQueryChanged =
      before !== null &&
      before.pathname === location.pathname &&
      before.hash === location.hash &&
      before.search !== location.search;
    if (onlyQueryChanged) return;
    const { hash } = location;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location]);
}

function useDocumentTitle(pageTitle: string, brandName: string) {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${brandName}` : brandName;
  }, [pageTitle, brandName]);
}

/**
 * The one layout of the site; which parts it shows comes from the matched route's variant
 * (docs/foundation-contract.md). Landmarks: header (with nav), main, footer, aside.
 */
export function SiteLayout() {
  const { t } = useTranslation();
  const permission = useSite();
  const { site } = permission;
  const location = useLocation();
  const navigation = useNavigation();
  const meta = resolvePageMeta(useMatches(), {
    search: new URLSearchParams(location.search),
    supportedLanguages: site.supportedLanguages,
  });
  const { layout } = meta;
  // A token counts as logged in while member info loads: the guard and the header agree at once.
  const { token, member } = useSession();
  const loggedIn = token !== null;
  const catalogue = useCatalogueChrome({ loggedIn, enabled: layout.header || layout.footer });
  const loginOptions = useMemo(() => loginOptionsFrom(permission), [permission]);
  const isHome = (HOME_PATHS as readonly string[]).includes(normalisePath(location.pathname));

  useScrollOnNavigate(location);
  useDocumentTitle(t(meta.titleKey), site.brandName);

  return (
    <div
      className={classes.layout}
      data-testid="layout"
      data-header={onOff(layout.header)}
      data-banner={onOff(layout.banner !== null)}
      data-banner-group={layout.banner ?? undefined}
      data-footer={onOff(layout.footer)}
      data-side-menu={onOff(layout.sideMenu)}
    >
      {/* A plain in-page link: the browser moves focus to <main> (tabIndex -1), the next Tab stays inside. */}
      <a href="#main-content" className={classes.skipLink}>
        {t('a11y.skipToContent')}
      </a>
      {navigation.state === 'loading' ? <div className={classes.progress} role="presentation" /> : null}
      {layout.header ? (
        <SiteHeader
          brandName={site.brandName}
          supportedLanguages={site.supportedLanguages}
          actions={
            <HeaderActions
              supportedLanguages={site.supportedLanguages}
              currencySymbol={site.currencySymbol}
            />
          }
          nav={catalogue.nav}
        />
      ) : null}
      {layout.floatingHomeLink ? (
        <Button
          component={Link}
          to="/"
          size="compact-md"
          variant="default"
          className={classes.floatingHome}
          leftSection={<HomeIcon size={16} />}
          data-testid="floating-home-link"
        >
          {t('nav.home')}
        </Button>
      ) : null}
      <BannerSlot group={layout.banner} />
      <main
        id="main-content"
        tabIndex={-1}
        className={classes.main}
        data-full-screen={layout.floatingHomeLink || undefined}
        aria-busy={navigation.state === 'loading'}
      >
        <div className="w1200">
          <Outlet />
        </div>
      </main>
      {layout.footer ? (
        <Suspense fallback={null}>
          <FooterSlot permission={permission} vendorStrip={catalogue.vendorStrip} />
        </Suspense>
      ) : null}
      {layout.sideMenu ? (
        <Suspense fallback={null}>
          <SideMenuSlot permission={permission} />
        </Suspense>
      ) : null}
      {isHome ? (
        <Suspense fallback={null}>
          <HomePopups permission={permission} loggedIn={loggedIn} />
        </Suspense>
      ) : null}
      {catalogue.overlays}
      <GameOverlaysSlot />
      {loggedIn ? (
        <Suspense fallback={null}>
          <AgentCentreSlot permission={permission} />
          {/* Live balance (docs/wallet-contract.md): one socket per logged-in tab, closed on logout. A page
              without the header (a game screen inside the game iframe) shows no site balance: the tab around
              it has the socket. A session that must change its password first gets none (the server refuses
              it); the change opens it. */}
          <MemberGuards
            balanceToken={layout.header && member?.passwordChangeRequired !== true ? token : null}
          />
        </Suspense>
      ) : null}
      <AuthModals loginOptions={loginOptions} />
    </div>
  );
}
