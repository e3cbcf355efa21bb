import type { GameCard } from '@lotus/shared/games.schema';
import { create } from 'zustand';

/**
 * Which games dialog is open (SPEC §2 "Modals": search, game pop-up), one at a time: launching from the
 * search modal replaces it with the game. Any page can ask for one; components/game-overlays.tsx renders
 * them, mounted once by the site layout.
 */
export type GameOverlay =
  | { kind: 'search' }
  | { kind: 'play'; card: GameCard; trial: boolean }
  /** SPEC §8: a game under maintenance says so and suggests other popular games. */
  | { kind: 'maintenance'; card: GameCard };

type GameOverlayState = {
  overlay: GameOverlay | null;
  /** An `errors` key to tell the player (a favourite that did not save), shown as a notice. */
  notice: string | null;
  open: (overlay: GameOverlay) => void;
  close: () => void;
  showNotice: (code: string) => void;
  clearNotice: () => void;
};

export const useGameOverlay = create<GameOverlayState>((set) => ({
  overlay: null,
  notice: null,
  open: (overlay) => set({ overlay }),
  close: () => set({ overlay: null }),
  showNotice: (notice) => set({ notice }),
  clearNotice: () => set({ notice: null }),
}));

export function openGameSearch(): void {
  useGameOverlay.getState().open({ kind: 'search' });
}
