import { rngLabelKey } from '../lib/categories.ts';

export type GamesRouteType = 'rng' | 'fish' | 'pvp';

/**
 * The name of each games route, for its heading and the document title. /rng depends on the brand's
 * languages (SPEC §2: casino when PT is supported, otherwise slots).
 */
export function gamesTitleKey(gameType: GamesRouteType, supportedLanguages: readonly string[]): string {
  if (gameType === 'rng') return `common:${rngLabelKey(supportedLanguages)}`;
  return gameType === 'fish' ? 'common:nav.fish' : 'common:nav.pvp';
}
