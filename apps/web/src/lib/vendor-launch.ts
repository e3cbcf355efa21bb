import type { GameMenuVendor } from '@lotus/shared/catalogue.schema';

/**
 * What clicking a vendor does (SPEC §4 "Launching a game"), decided without side effects so that every
 * branch is tested; the app layer carries the decision out.
 */
export type LaunchAction =
  /**
   * A visitor: log in first, nothing launches. The site opens its login pop-up (app/layouts/catalogue-chrome);
   * `to` is the login page, for a caller without the pop-up.
   */
  | { kind: 'login'; to: '/login' }
  /** The vendor is under maintenance: tell the player (`game_maintenance`) and stay on the page. */
  | { kind: 'maintenance'; messageKey: 'errors:game_maintenance' }
  /** A route of the site: the lottery launch routes and the vendor list pages of slots, fishing and cards. */
  | { kind: 'navigate'; to: string }
  /** A VASSALAGE vendor lists its games in a pop-up. */
  | { kind: 'vendorGames'; vendor: GameMenuVendor }
  /** Any other vendor starts in-route, in the game frame of /game. */
  | { kind: 'play'; to: string };

/** Game types whose vendors open the vendor list page of their category, `?page=` selecting the vendor. */
const VENDOR_LIST_PAGES: Record<string, string> = { RNG: '/rng', FISH: '/fish', PVP: '/pvp' };

const LOTTERY_VASSALAGES: Record<string, string> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

export function resolveLaunch(vendor: GameMenuVendor, { loggedIn }: { loggedIn: boolean }): LaunchAction {
  if (!loggedIn) return { kind: 'login', to: '/login' };
  if (vendor.maintenance) return { kind: 'maintenance', messageKey: 'errors:game_maintenance' };

  const lottery =
    LOTTERY_VASSALAGES[vendor.vassalage] ??
    (vendor.gameType === 'LOTT' || vendor.gameType === 'ELOTT' ? '/lottery' : undefined);
  if (lottery) return { kind: 'navigate', to: lottery };

  if (vendor.isGame === 'VASSALAGE') return { kind: 'vendorGames', vendor };

  const query = new URLSearchParams({ page: vendor.vassalage });
  const listPage = VENDOR_LIST_PAGES[vendor.gameType];
  if (listPage) return { kind: 'navigate', to: `${listPage}?${query}` };

  const play = new URLSearchParams({ vassalage: vendor.vassalage, gameType: vendor.gameType });
  return { kind: 'play', to: `/game?${play}` };
}
