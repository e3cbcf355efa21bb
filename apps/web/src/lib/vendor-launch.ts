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

/** What a single game's play or free-trial button does (SPEC §4), decided without side effects. */
export type GameLaunchAction =
  /** A visitor asking for a real game: the login pop-up, nothing launches. */
  | { kind: 'login' }
  /** The game's vendor is under maintenance: the notice with popular games instead (SPEC §8). */
  | { kind: 'maintenance' }
  /** A lottery game keeps its launch route (SPEC §2 "Lottery launch routes"). */
  | { kind: 'navigate'; to: string }
  /** Desktop: the game pop-up (iframe) over the page. */
  | { kind: 'popup'; trial: boolean }
  /** Phone: the /game page, which launches the game itself and shows it full width. */
  | { kind: 'page'; to: string; trial: boolean };

export type LaunchableGame = {
  nodeId: string;
  gameCode: string;
  vassalage: string;
  gameType: string;
  maintenance: boolean;
  supportPlay: 0 | 1;
};

export function resolveGameLaunch(
  game: LaunchableGame,
  { loggedIn, trial, phone }: { loggedIn: boolean; trial: boolean; phone: boolean },
): GameLaunchAction {
  // SPEC §2: the free-trial button exists only when supportPlay is 0; otherwise it is a real launch.
  const asTrial = trial && game.supportPlay === 0;
  if (!asTrial && !loggedIn) return { kind: 'login' };
  if (game.maintenance) return { kind: 'maintenance' };

  if (game.vassalage === 'TCG_LOTTO_VN') return { kind: 'navigate', to: '/vnLottery' };
  if (game.vassalage === 'TCG_SEA') return { kind: 'navigate', to: '/seaLottery' };
  if (LOTTERY_VASSALAGES[game.vassalage] || game.gameType === 'LOTT' || game.gameType === 'ELOTT') {
    return { kind: 'navigate', to: `/lottery?${new URLSearchParams({ gameCode: game.gameCode })}` };
  }

  if (!phone) return { kind: 'popup', trial: asTrial };
  const query = new URLSearchParams({ nodeId: game.nodeId });
  if (asTrial) query.set('trial', '1');
  return { kind: 'page', to: `/game?${query}`, trial: asTrial };
}
