import { FAVOURITE_THROTTLE_MS } from '@lotus/shared/constants';
import { create } from 'zustand';
import { createThrottle } from './throttle.ts';

/**
 * Favourites changed in this tab, by game id, for one session token: SPEC §4 "added locally first, then
 * sent", so every tile of the game (hot list, search, favourites page) shows the change at once, before
 * and whatever the lists' cached data say. Another token (logout, another player) starts empty.
 */
type FavouriteState = {
  token: string | null;
  overrides: Record<string, boolean>;
  set: (token: string, nodeId: string, favourite: boolean) => void;
};

export const useFavouriteOverrides = create<FavouriteState>((set) => ({
  token: null,
  overrides: {},
  set: (token, nodeId, favourite) =>
    set((state) => ({
      token,
      overrides: { ...(state.token === token ? state.overrides : {}), [nodeId]: favourite },
    })),
}));

/** SPEC §9: one favourite toggle a second, across the whole site. */
export const favouriteThrottle = { gate: createThrottle(FAVOURITE_THROTTLE_MS) };
