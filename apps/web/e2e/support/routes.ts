/**
 * The route table of docs/foundation-contract.md ("Routes and their layout variants", from SPEC §2), as
 * data: one row per path. The layout journey walks every row; the HTTP journey requests every path.
 * Keep this file and the contract's table in step.
 */

export type OnOff = 'on' | 'off';

export type RouteRow = {
  /** Path (with query when the row needs one). */
  path: string;
  testId: string;
  header: OnOff;
  /** `on` when the route belongs to a banner group (the strip itself shows only if the group has banners). */
  banner: OnOff;
  footer: OnOff;
  sideMenu: OnOff;
  /** Extra attribute the page root carries, compared case-insensitively. */
  pageAttribute?: { name: string; value: string };
  /** The register modal opens over the home page. */
  registerModal?: boolean;
};

const full = { header: 'on', banner: 'on', footer: 'on', sideMenu: 'on' } as const;
const noBanner = { header: 'on', banner: 'off', footer: 'on', sideMenu: 'on' } as const;
const headerOnly = { header: 'on', banner: 'off', footer: 'off', sideMenu: 'off' } as const;
const bare = { header: 'off', banner: 'off', footer: 'off', sideMenu: 'off' } as const;

export const ROUTES: readonly RouteRow[] = [
  ...['/', '/index', '/index.html', '/home'].map((path) => ({ path, testId: 'page-home', ...full })),
  ...['/register', '/register.html'].map((path) => ({
    path,
    testId: 'page-home',
    ...full,
    registerModal: true,
  })),
  { path: '/noticePage', testId: 'page-notice', ...noBanner },
  { path: '/pointMall', testId: 'page-point-mall', ...full },
  ...(
    [
      ['sports', 'on'],
      ['esports', 'on'],
      ['lott', 'off'],
      ['elott', 'on'],
    ] as const
  ).map(([game, banner]) => ({
    path: `/${game}`,
    testId: 'page-sports-lobby',
    ...full,
    banner,
    pageAttribute: { name: 'data-game', value: game },
  })),
  { path: '/lottery', testId: 'page-lottery', ...bare },
  ...['/lottery?gameCode=VNL', '/vnLottery', '/seaLottery'].map((path) => ({
    path,
    testId: 'page-lottery-launch',
    ...headerOnly,
  })),
  ...['rng', 'fish', 'pvp'].map((type) => ({
    path: `/${type}`,
    testId: 'page-games',
    ...full,
    pageAttribute: { name: 'data-game-type', value: type },
  })),
  { path: '/live', testId: 'page-live', ...full },
  { path: '/promotions', testId: 'page-promotions', ...full },
  { path: '/promoDetail', testId: 'page-promo-detail', ...noBanner },
  { path: '/help', testId: 'page-help', ...full },
  ...['/down', '/download'].map((path) => ({ path, testId: 'page-download', ...full })),
  { path: '/join', testId: 'page-join', ...noBanner },
  { path: '/seamless', testId: 'page-seamless', ...bare },
  { path: '/fbsports', testId: 'page-fbsports', ...headerOnly },
  { path: '/game', testId: 'page-game', ...headerOnly },
  { path: '/helpmc', testId: 'page-helpmc', ...bare },
  ...['hot', 'new', 'cockfight', 'jp', 'roulette'].map((category) => ({
    path: `/${category}`,
    testId: 'page-category',
    ...noBanner,
    pageAttribute: { name: 'data-category', value: category },
  })),
  { path: '/favorite', testId: 'page-favorite', ...noBanner },
  { path: '/recent', testId: 'page-recent', ...noBanner },
  { path: '/login', testId: 'page-login', ...noBanner, sideMenu: 'off' },
  // Content pages of issue 3 (beyond SPEC §2's table; docs/foundation-contract.md lists them).
  { path: '/blog', testId: 'page-blog', ...noBanner },
  { path: '/blog/no-such-post', testId: 'page-blog-article', ...noBanner },
  { path: '/winners', testId: 'page-winners', ...noBanner },
  {
    path: '/page/terms',
    testId: 'page-content',
    ...full,
    pageAttribute: { name: 'data-page-key', value: 'terms' },
  },
  { path: '/no-such-page', testId: 'page-not-found', ...noBanner },
  { path: '/rng/deeper/unknown', testId: 'page-not-found', ...noBanner },
];

/** Every path SPEC §2 lists (the HTTP journey expects the SPA's HTML for each). */
export const SPEC_PATHS: readonly string[] = ROUTES.filter((r) => r.testId !== 'page-not-found').map(
  (r) => r.path,
);

/** Paths a visitor reaches with the 'logged-in to home page' guard on (SPEC §2). */
export const GUARD_OPEN_PATHS = [
  { path: '/login', testId: 'page-login' },
  { path: '/register', testId: 'page-home' },
  { path: '/register.html', testId: 'page-home' },
  { path: '/helpmc', testId: 'page-helpmc' },
  { path: '/download', testId: 'page-download' },
] as const;

/** A sample of paths the guard sends to /login. */
export const GUARD_CLOSED_PATHS = ['/', '/rng', '/promotions', '/lottery', '/down', '/noticePage'] as const;
