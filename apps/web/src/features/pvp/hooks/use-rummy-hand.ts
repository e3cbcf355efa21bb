import type { PvpRummy } from '@lotus/shared/pvp.schema';
import { useCallback, useMemo, useState } from 'react';
import {
  groupCards,
  type RummyArrangement,
  sortLoose,
  syncArrangement,
  ungroup,
} from '../utils/rummy-groups.ts';

/**
 * The viewer's Rummy hand as they arrange it: groups and the cards selected, kept in the browser for the
 * hand in play (a new hand starts loose) and in step with the cards the server says they hold.
 */
export function useRummyHand(rummy: PvpRummy, handNumber: number | null) {
  const [kept, setKept] = useState<{ hand: number | null; groups: RummyArrangement }>({
    hand: null,
    groups: [],
  });
  const [picked, setPicked] = useState<number[]>([]);
  const cards = rummy.myCards ?? [];
  const cardsKey = cards.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: cardsKey stands for the cards' contents
  const groups = useMemo(
    () => syncArrangement(kept.hand === handNumber ? kept.groups : [], cards),
    [kept, handNumber, cardsKey],
  );
  const selected = picked.filter((card) => cards.includes(card));
  const update = (next: RummyArrangement) => setKept({ hand: handNumber, groups: next });
  const toggle = useCallback(
    (card: number) =>
      setPicked((now) => (now.includes(card) ? now.filter((c) => c !== card) : [...now, card])),
    [],
  );
  return {
    groups,
    selected,
    toggle,
    clearSelection: () => setPicked([]),
    groupSelected: () => {
      update(groupCards(groups, selected));
      setPicked([]);
    },
    ungroup: (index: number) => update(ungroup(groups, index)),
    sort: () => update(sortLoose(groups, rummy.wildRank)),
  };
}
