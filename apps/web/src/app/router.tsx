import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { HOME_PATHS } from '../lib/categories.ts';
import { loadAllNamespaces, loadNamespaces, type Namespace } from '../lib/i18n.ts';
import { FirstScreenShell } from './first-screen-shell.tsx';
import { gamesTitleKey } from './games-title.ts';
import { GuardedLayout } from './layouts/guarded-layout.tsx';
import {
  BARE,
  type BannerGroup,
  FULL_SCREEN,
  fullLayout,
  HEADER_ONLY,
  LOGIN_LAYOUT,
  type PageMeta,
  type RouteHandle,
} from './layouts/layout-variant.ts';
import { RouteError } from './routes/route-error.tsx';

/**
 * Every route of SPEC §2 with its frame, as docs/foundation-contract.md tabulates them. Pages load lazily,
 * each in its own chunk; the layout (header, footer, side menu) is in the first bundle so it never waits.
 */
type PageRoute = {
  paths: readonly string[];
  meta: RouteHandle['meta'];
  load: () => Promise<ComponentType>;
  /**
   * Visitor pages (home, the lobbies, promotions, help, download, join): they show nothing beyond
   * lib/i18n.ts START_NAMESPACES but `pageTexts`, so they wait for no other text (issue 15: the texts of
   * pages and dialogs they do not show stay out of their first load; main.tsx loads them when idle).
   */
  startTexts?: boolean;
  /** With `startTexts`: the namespaces beyond START_NAMESPACES this page shows. */
  pageTexts?: readonly Namespace[];
  /** The lib/i18n.ts MEMBER_NAMESPACES this page shows (no other page waits for them). */
  memberTexts?: readonly Namespace[];
};

function pageRoutes({
  paths,
  meta,
  load,
  startTexts = false,
  pageTexts = [],
  memberTexts = [],
}: PageRoute): RouteObject[] {
  const handle: RouteHandle = { meta };
  // Every other page waits for all the texts (the start sequence loads only the first screen's,
  // lib/i18n.ts START_NAMESPACES), so none shows a raw key.
  const texts = () =>
    startTexts ? loadNamespaces(pageTexts) : Promise.all([loadAllNamespaces(), loadNamespaces(memberTexts)]);
  return paths.map((path) => ({
    path,
    handle,
    lazy: async () => ({ Component: (await Promise.all([load(), texts()]))[0] }),
  }));
}

const page = (titleKey: string, layout: PageMeta['layout']): PageMeta => ({ titleKey, layout });

const SPORTS_LOBBY: {
  path: string;
  game: 'sports' | 'esports' | 'lott' | 'elott';
  banner: BannerGroup | null;
}[] = [
  { path: '/sports', game: 'sports', banner: 'sports' },
  { path: '/esports', game: 'esports', banner: 'esports' },
  { path: '/lott', game: 'lott', banner: null },
  { path: '/elott', game: 'elott', banner: 'lottery' },
];

const GAMES: { path: string; gameType: 'rng' | 'fish' | 'pvp' }[] = [
  { path: '/rng', gameType: 'rng' },
  { path: '/fish', gameType: 'fish' },
  { path: '/pvp', gameType: 'pvp' },
];

const CATEGORIES = ['hot', 'new', 'jp', 'roulette'] as const;

function pageRouteTable(): RouteObject[] {
  return [
    ...pageRoutes({
      paths: HOME_PATHS,
      meta: page('common:nav.home', fullLayout('home')),
      load: () => import('./routes/home-route.tsx').then((m) => m.HomeRoute),
      startTexts: true,
    }),
    ...pageRoutes({
      paths: ['/register', '/register.html'],
      meta: page('pages:register.title', fullLayout('home')),
      load: () => import('./routes/register-route.tsx').then((m) => m.RegisterRoute),
    }),
    ...pageRoutes({
      paths: ['/noticePage'],
      meta: page('pages:notice.title', fullLayout(null)),
      load: () => import('../features/notice/components/notice-page.tsx').then((m) => m.NoticePage),
    }),
    ...pageRoutes({
      paths: ['/pointMall'],
      meta: page('pages:pointMall.title', fullLayout('shop')),
      memberTexts: ['points'],
      load: () => import('./routes/point-mall-route.tsx').then((m) => m.PointMallRoute),
    }),
    ...SPORTS_LOBBY.flatMap(({ path, game, banner }) =>
      pageRoutes({
        paths: [path],
        meta: page(`pages:sportsLobby.${game}`, fullLayout(banner)),
        startTexts: true,
        ...(game === 'lott' || game === 'elott'
          ? {
              // Issue 20: /lott and /elott are the LOTT / ELOTT lottery game pages in this frame (the bet
              // slip's confirm dialog says its buttons in memberCentre's words).
              pageTexts: ['lottery', 'memberCentre'] as const,
              load: async () => {
                const { LotteryTypeRoute } = await import('./routes/lottery-type-route.tsx');
                return () => <LotteryTypeRoute game={game} />;
              },
            }
          : {
              // Issue 21: the sportsbook's lobby with its bet slip (the slip's confirm dialog says its
              // buttons in memberCentre's words).
              pageTexts: ['sports', 'memberCentre'] as const,
              load: async () => {
                const { SportsBookPage } = await import('../features/sports/components/sports-book-page.tsx');
                return () => <SportsBookPage game={game} />;
              },
            }),
      }),
    ),
    ...(['sports', 'esports'] as const).flatMap((group) =>
      pageRoutes({
        paths: [`/${group}/event/:eventId`],
        meta: page(`pages:sportsLobby.${group}`, fullLayout(null)),
        startTexts: true,
        pageTexts: ['sports', 'memberCentre'],
        load: async () => {
          const { SportsEventRoute } = await import('../features/sports/components/sports-event-route.tsx');
          return () => <SportsEventRoute group={group} />;
        },
      }),
    ),
    // Issue 21: /cockfight is the book's arena in the category page's frame (no longer a game list).
    ...pageRoutes({
      paths: ['/cockfight'],
      meta: page('pages:category.cockfight', fullLayout(null)),
      startTexts: true,
      pageTexts: ['sports', 'memberCentre'],
      load: () => import('../features/sports/components/cockfight-page.tsx').then((m) => m.CockfightPage),
    }),
    ...pageRoutes({
      paths: ['/lottery'],
      // The lobby hides the header; with a gameCode it is a launch route with the header (contract table).
      meta: ({ search }) =>
        search.get('gameCode')
          ? page('pages:lotteryLaunch.code', HEADER_ONLY)
          : page('pages:lottery.title', FULL_SCREEN),
      load: () => import('./routes/lottery-route.tsx').then((m) => m.LotteryRoute),
    }),
    ...(['vn', 'sea'] as const).flatMap((kind) =>
      pageRoutes({
        paths: [kind === 'vn' ? '/vnLottery' : '/seaLottery'],
        meta: page(`pages:lotteryLaunch.${kind}`, HEADER_ONLY),
        load: async () => {
          const { LotteryLaunchPage } = await import(
            '../features/lottery/components/lottery-launch-page.tsx'
          );
          return () => <LotteryLaunchPage kind={kind} />;
        },
      }),
    ),
    ...GAMES.flatMap(({ path, gameType }) =>
      pageRoutes({
        paths: [path],
        meta: ({ supportedLanguages }) =>
          page(gamesTitleKey(gameType, supportedLanguages), fullLayout(gameType)),
        startTexts: true,
        load: async () => {
          const { GamesRoute } = await import('./routes/games-route.tsx');
          return () => <GamesRoute gameType={gameType} />;
        },
      }),
    ),
    // Issue 22: the in-house live tables above every vendor's live games.
    ...pageRoutes({
      paths: ['/live'],
      meta: page('common:nav.live', fullLayout('live')),
      startTexts: true,
      pageTexts: ['liveTables'],
      load: () => import('./routes/live-route.tsx').then((m) => m.LiveRoute),
    }),
    // A table loads its code (cards, roads, the verify maths) only when it opens. `/live/table?token=&game=`
    // is the vendor LIVE's launch URL, shown bare inside the catalogue's game frame (one route: a second
    // would cost every first page its row).
    ...pageRoutes({
      paths: ['/live/:code'],
      meta: ({ search }) => page('common:nav.live', search.get('token') ? BARE : fullLayout(null)),
      memberTexts: ['liveTables'],
      load: () => import('./routes/live-table-route.tsx').then((m) => m.LiveTableRoute),
    }),
    ...pageRoutes({
      paths: ['/promotions'],
      meta: page('pages:promotions.title', fullLayout('promotion')),
      startTexts: true,
      load: () =>
        import('../features/promotions/components/promotions-page.tsx').then((m) => m.PromotionsPage),
    }),
    ...pageRoutes({
      paths: ['/promoDetail'],
      meta: page('pages:promoDetail.title', fullLayout(null)),
      load: () => import('./routes/promo-detail-route.tsx').then((m) => m.PromoDetailRoute),
      memberTexts: ['bonuses'],
    }),
    ...pageRoutes({
      paths: ['/help'],
      meta: page('pages:help.title', fullLayout('help')),
      startTexts: true,
      pageTexts: ['feedback'],
      load: async () => {
        const { HelpRoute } = await import('./routes/help-route.tsx');
        return () => <HelpRoute variant="help" />;
      },
    }),
    ...pageRoutes({
      paths: ['/helpmc'],
      meta: page('pages:help.title', BARE),
      load: async () => {
        const { HelpRoute } = await import('./routes/help-route.tsx');
        return () => <HelpRoute variant="helpmc" />;
      },
    }),
    ...pageRoutes({
      paths: ['/down', '/download'],
      meta: page('pages:download.title', fullLayout('download')),
      startTexts: true,
      load: () => import('../features/download/components/download-page.tsx').then((m) => m.DownloadPage),
    }),
    ...pageRoutes({
      paths: ['/join'],
      meta: page('pages:join.title', fullLayout(null)),
      startTexts: true,
      load: () => import('../features/join/components/join-page.tsx').then((m) => m.JoinPage),
    }),
    // Content pages beyond SPEC §2's table (issue 3): blog, winners list, the brand's static pages.
    ...pageRoutes({
      paths: ['/blog'],
      meta: page('content:blog.title', fullLayout(null)),
      load: () => import('../features/blog/components/blog-list-page.tsx').then((m) => m.BlogListPage),
    }),
    ...pageRoutes({
      paths: ['/blog/:slug'],
      meta: page('content:blog.title', fullLayout(null)),
      load: () => import('./routes/blog-article-route.tsx').then((m) => m.BlogArticleRoute),
    }),
    ...pageRoutes({
      paths: ['/winners'],
      meta: page('content:winners.title', fullLayout(null)),
      load: () => import('../features/winners/components/winners-page.tsx').then((m) => m.WinnersPage),
    }),
    ...pageRoutes({
      paths: ['/page/:key'],
      meta: page('content:contentPage.title', fullLayout('help')),
      load: () => import('./routes/content-page-route.tsx').then((m) => m.ContentPageRoute),
    }),
    ...pageRoutes({
      paths: ['/seamless'],
      meta: page('pages:seamless.title', FULL_SCREEN),
      load: () => import('../features/games/components/seamless-page.tsx').then((m) => m.SeamlessPage),
    }),
    ...pageRoutes({
      paths: ['/fbsports'],
      meta: page('pages:fbsports.title', HEADER_ONLY),
      load: () => import('../features/sports/components/fbsports-page.tsx').then((m) => m.FbSportsPage),
      memberTexts: ['sports'],
    }),
    ...pageRoutes({
      paths: ['/game'],
      meta: page('pages:game.title', HEADER_ONLY),
      load: () => import('../features/games/components/game-page.tsx').then((m) => m.GamePage),
    }),
    ...CATEGORIES.flatMap((category) =>
      pageRoutes({
        paths: [`/${category}`],
        meta: page(`pages:category.${category}`, fullLayout(null)),
        startTexts: true,
        load: async () => {
          const { CategoryPage } = await import('../features/games/components/category-page.tsx');
          return () => <CategoryPage category={category} />;
        },
      }),
    ),
    ...(['favorite', 'recent'] as const).flatMap((kind) =>
      pageRoutes({
        paths: [`/${kind}`],
        meta: page(`pages:${kind}.title`, fullLayout(null)),
        load: async () => {
          const { MyGamesRoute } = await import('./routes/my-games-route.tsx');
          return () => <MyGamesRoute kind={kind} />;
        },
      }),
    ),
    // SPEC §1 VIP ranks / §2 player rank link: the member's rank and the brand's ladder (login required).
    ...pageRoutes({
      paths: ['/playerRank'],
      meta: page('playerRank:title', fullLayout(null)),
      memberTexts: ['playerRank'],
      load: () => import('./routes/player-rank-route.tsx').then((m) => m.PlayerRankRoute),
    }),
    ...pageRoutes({
      paths: ['/resetPassword'],
      meta: page('password:reset.title', fullLayout(null)),
      load: () =>
        import('../features/password/components/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
    }),
    ...pageRoutes({
      paths: ['/oauth/complete'],
      meta: page('oauth:completeTitle', fullLayout(null)),
      load: () => import('./routes/oauth-route.tsx').then((m) => m.OauthCompleteRoute),
    }),
    ...pageRoutes({
      paths: ['/oauth/telegram'],
      meta: page('oauth:completeTitle', fullLayout(null)),
      load: () => import('./routes/oauth-route.tsx').then((m) => m.OauthTelegramRoute),
    }),
    ...pageRoutes({
      paths: ['/login'],
      meta: page('pages:login.title', LOGIN_LAYOUT),
      load: () => import('./routes/login-route.tsx').then((m) => m.LoginRoute),
    }),
    // SPEC §2 member centre (issue 5): the menu entries built so far; an unknown page is the 404 view.
    ...pageRoutes({
      paths: ['/member/:page'],
      meta: page('memberCentre:title', HEADER_ONLY),
      load: () => import('./routes/member-centre-route.tsx').then((m) => m.MemberCentreRoute),
      memberTexts: ['messages', 'rewards'],
    }),
    // The in-house studio's screens (docs/games-contract.md): shown inside the game iframe, so nothing
    // of the site frames them; the verify page is also reachable on its own.
    ...pageRoutes({
      paths: ['/originals/play'],
      meta: page('originals:title', BARE),
      load: () => import('../features/originals/components/play-page.tsx').then((m) => m.OriginalsPlayPage),
    }),
    ...pageRoutes({
      paths: ['/originals/verify'],
      meta: page('originals:verify.title', BARE),
      load: () => import('../features/originals/components/verify-page.tsx').then((m) => m.VerifyPage),
    }),
    ...pageRoutes({
      paths: ['*'],
      meta: page('pages:notFound.title', fullLayout(null)),
      load: () => import('./routes/not-found-route.tsx').then((m) => m.NotFoundRoute),
    }),
  ];
}

export function createRoutes(): RouteObject[] {
  return [
    {
      element: <GuardedLayout />,
      // While the first page's code loads, the prerendered first screen stays (first-screen-shell.tsx).
      hydrateFallbackElement: <FirstScreenShell />,
      // A pathless child holds the error boundary, so a failing page keeps the header and footer.
      children: [{ errorElement: <RouteError />, children: pageRouteTable() }],
    },
  ];
}
