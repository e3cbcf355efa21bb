import type { AcceptRule } from '@lotus/shared/sportsbook.schema';
import { create } from 'zustand';
import type { SlipPick } from '../utils/slip-maths.ts';

export type SlipTab = 'singles' | 'multi' | 'bets';

type PriceUpdate = { oddsMilli: number; open: boolean };

type SlipState = {
  picks: SlipPick[];
  /** Stake text per selection id (singles). */
  stakes: Record<string, string>;
  multiStake: string;
  tab: SlipTab;
  acceptRule: AcceptRule;
  toggle: (pick: SlipPick) => void;
  remove: (selectionId: string) => void;
  clear: () => void;
  setStake: (selectionId: string, text: string) => void;
  setMultiStake: (text: string) => void;
  setTab: (tab: SlipTab) => void;
  setAcceptRule: (rule: AcceptRule) => void;
  /** The latest prices the page saw (pushes, refetches): a moved price keeps the one it moved from. */
  updatePrices: (prices: ReadonlyMap<string, PriceUpdate>) => void;
  /** The player took the new prices: nothing is shown as moved any more. */
  acceptPrices: () => void;
};

/**
 * The bet slip (docs/sportsbook.md "Pages"): one store for the whole book, so the slip follows the player
 * from the lobby to an event page and back. In memory only: a reload starts an empty slip, as books do.
 */
export const useBetSlip = create<SlipState>((set) => ({
  picks: [],
  stakes: {},
  multiStake: '',
  tab: 'singles',
  acceptRule: 'higher',
  toggle: (pick) =>
    set((state) => {
      if (state.picks.some((known) => known.selectionId === pick.selectionId)) {
        return { picks: state.picks.filter((known) => known.selectionId !== pick.selectionId) };
      }
      const picks = [...state.picks, pick];
      // Two picks or more of different events suggest an accumulator, as books open it.
      const tab = state.tab === 'bets' ? 'singles' : state.tab;
      return { picks, tab };
    }),
  remove: (selectionId) =>
    set((state) => ({ picks: state.picks.filter((pick) => pick.selectionId !== selectionId) })),
  clear: () => set({ picks: [], stakes: {}, multiStake: '' }),
  setStake: (selectionId, text) => set((state) => ({ stakes: { ...state.stakes, [selectionId]: text } })),
  setMultiStake: (multiStake) => set({ multiStake }),
  setTab: (tab) => set({ tab }),
  setAcceptRule: (acceptRule) => set({ acceptRule }),
  updatePrices: (prices) =>
    set((state) => {
      let changed = false;
      const picks = state.picks.map((pick) => {
        const price = prices.get(pick.selectionId);
        if (!price || (price.oddsMilli === pick.oddsMilli && price.open === pick.open)) return pick;
        changed = true;
        const moved = price.oddsMilli !== pick.oddsMilli;
        return {
          ...pick,
          oddsMilli: price.oddsMilli,
          open: price.open,
          previousOddsMilli: moved ? (pick.previousOddsMilli ?? pick.oddsMilli) : pick.previousOddsMilli,
        };
      });
      return changed ? { picks } : state;
    }),
  acceptPrices: () =>
    set((state) => ({ picks: state.picks.map((pick) => ({ ...pick, previousOddsMilli: null })) })),
}));

/** Tests start each case with an empty slip. */
export function resetBetSlip(): void {
  useBetSlip.setState({ picks: [], stakes: {}, multiStake: '', tab: 'singles', acceptRule: 'higher' });
}
