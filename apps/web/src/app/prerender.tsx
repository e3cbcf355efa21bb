import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes } from 'react-router';
import { HOME_PATHS } from '../lib/categories.ts';
import { START_NAMESPACES } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { FirstScreenShell } from './first-screen-shell.tsx';
import { isRouteHandle } from './layouts/layout-variant.ts';
import { FullMantineProvider } from './providers.tsx';
import { createRoutes } from './router.tsx';

export { START_NAMESPACES };

/**
 * The first screen's markup for index.html (issue 15), rendered at build time by scripts/prerender.mjs from
 * a server build of this file: the providers around RootView's waiting state, the first screen shell.
 * Rendered with Mantine's full provider, whose two style elements (the theme's CSS variables, its global
 * classes) the script moves into <head>; what stays is what main.tsx's first render produces before any
 * answer has arrived (providers.tsx: the production provider renders no style element), so the browser
 * hydrates it as is.
 */
export function renderFirstScreen(): string {
  return renderToString(
    <StrictMode>
      <FullMantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <FirstScreenShell />
        </QueryClientProvider>
      </FullMantineProvider>
    </StrictMode>,
  );
}

/**
 * The visitor pages (issue 15: home, the category lobbies, promotions, help, download, join) with the
 * module router.tsx loads for each. The build resolves each module to its files through Vite's manifest
 * (dist/.vite/first-screen.json) and the server names them as `modulepreload` links in the page's HTML
 * (apps/server/src/plugins/static-spa.ts), so the page's code downloads beside the entry. A module that
 * is no longer in the manifest fails the build. Each path's banner group is read from the router's own table.
 */
const VISITOR_ROUTES: { paths: readonly string[]; modules: string[] }[] = [
  { paths: HOME_PATHS, modules: ['src/app/routes/home-route.tsx'] },
  { paths: ['/rng', '/fish', '/pvp'], modules: ['src/app/routes/games-route.tsx'] },
  {
    paths: ['/hot', '/new', '/jp', '/roulette'],
    modules: ['src/features/games/components/category-page.tsx'],
  },
  // Issue 21: the sportsbook's lobbies and its cockfight arena; issue 20: the lottery type pages.
  { paths: ['/sports', '/esports'], modules: ['src/features/sports/components/sports-book-page.tsx'] },
  { paths: ['/cockfight'], modules: ['src/features/sports/components/cockfight-page.tsx'] },
  { paths: ['/lott', '/elott'], modules: ['src/app/routes/lottery-type-route.tsx'] },
  { paths: ['/live'], modules: ['src/app/routes/live-route.tsx'] },
  { paths: ['/promotions'], modules: ['src/features/promotions/components/promotions-page.tsx'] },
  { paths: ['/help'], modules: ['src/app/routes/help-route.tsx'] },
  { paths: ['/down', '/download'], modules: ['src/features/download/components/download-page.tsx'] },
  { paths: ['/join'], modules: ['src/features/join/components/join-page.tsx'] },
];

/** The banner group router.tsx gives `path` (its deepest route handle's layout), as for a first visit. */
function bannerGroupOf(path: string): string | null {
  const matches = matchRoutes(createRoutes(), path) ?? [];
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.route.handle;
    if (!isRouteHandle(handle)) continue;
    const meta =
      typeof handle.meta === 'function'
        ? handle.meta({ search: new URLSearchParams(), supportedLanguages: [] })
        : handle.meta;
    return meta.layout.banner;
  }
  return null;
}

/** VISITOR_ROUTES one path at a time, with the path's banner group (null: no banner strip). */
export function firstScreenRoutes(): { path: string; modules: string[]; banner: string | null }[] {
  return VISITOR_ROUTES.flatMap(({ paths, modules }) =>
    paths.map((path) => ({ path, modules, banner: bannerGroupOf(path) })),
  );
}
