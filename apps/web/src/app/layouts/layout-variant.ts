/**
 * How a route is framed (docs/foundation-contract.md "Routes and their layout variants"). The layout root
 * exposes each part as data-header / data-banner / data-footer / data-side-menu = on|off.
 */
export type BannerGroup =
  | 'home'
  | 'shop'
  | 'sports'
  | 'esports'
  | 'lottery'
  | 'rng'
  | 'fish'
  | 'pvp'
  | 'live'
  | 'promotion'
  | 'help'
  | 'download';

export type LayoutVariant = {
  header: boolean;
  /** The banner group the route belongs to; the strip shows only when the group has banners. */
  banner: BannerGroup | null;
  footer: boolean;
  sideMenu: boolean;
  /** Full-screen routes without a header (/seamless, /lottery lobby) get a small floating home link. */
  floatingHomeLink: boolean;
};

/** Header, banner, footer and side menu: most pages. */
export function fullLayout(banner: BannerGroup | null): LayoutVariant {
  return { header: true, banner, footer: true, sideMenu: true, floatingHomeLink: false };
}

/** SPEC "header only": no banner, footer or side menu. */
export const HEADER_ONLY: LayoutVariant = {
  header: true,
  banner: null,
  footer: false,
  sideMenu: false,
  floatingHomeLink: false,
};

/** "Header hidden on /seamless and /lottery": full screen, with a way home. */
export const FULL_SCREEN: LayoutVariant = {
  header: false,
  banner: null,
  footer: false,
  sideMenu: false,
  floatingHomeLink: true,
};

/** /helpmc: nothing but the page (shown inside the mobile apps). */
export const BARE: LayoutVariant = {
  header: false,
  banner: null,
  footer: false,
  sideMenu: false,
  floatingHomeLink: false,
};

/** /login: header and footer, no banner and no side menu. */
export const LOGIN_LAYOUT: LayoutVariant = {
  header: true,
  banner: null,
  footer: true,
  sideMenu: false,
  floatingHomeLink: false,
};

export type PageMeta = {
  /** i18n key (with namespace) of the page's name, used for document.title. */
  titleKey: string;
  layout: LayoutVariant;
};

export type PageMetaInput = { search: URLSearchParams; supportedLanguages: readonly string[] };

/** Attached to each route as `handle`; a function when the frame depends on the query or the brand. */
export type RouteHandle = { meta: PageMeta | ((input: PageMetaInput) => PageMeta) };

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'meta' in value;
}
