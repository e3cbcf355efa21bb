import { useMemo } from 'react';
import { useGameListPages } from '../hooks/use-game-lists.ts';
import { GameGrid } from './game-grid.tsx';

type VendorGameListProps = { vassalage: string; gameType: string; onPlayed: () => void };

/**
 * The games of one vendor in one game type, for the VASSALAGE vendor pop-up (SPEC §4 "a VASSALAGE vendor
 * opens a popup game list"); the pop-up closes once a game is launched, so the game's own pop-up replaces it.
 */
export function VendorGameList({ vassalage, gameType, onPlayed }: VendorGameListProps) {
  const filter = useMemo(() => ({ vassalage, gameType }), [vassalage, gameType]);
  return <GameGrid pages={useGameListPages(filter)} afterPlay={onPlayed} testId="vendor-game-list" />;
}
