import type { GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { lazy } from 'react';
import { VendorGamesPopup } from '../../features/catalogue/components/vendor-games-popup.tsx';

// The list and its tiles load when a VASSALAGE vendor is first opened, not with every page's header.
const VendorGameList = lazy(() =>
  import('../../features/games/components/vendor-game-list.tsx').then((m) => ({ default: m.VendorGameList })),
);

type VendorGamesOverlayProps = { vendor: GameMenuVendor | null; onClose: () => void };

/**
 * SPEC §4 VASSALAGE pop-up: the catalogue's pop-up holding the games feature's list of that vendor's games
 * (composed here, so neither feature imports the other). Launching a game closes the pop-up.
 */
export function VendorGamesOverlay({ vendor, onClose }: VendorGamesOverlayProps) {
  return (
    <VendorGamesPopup
      vendor={vendor}
      onClose={onClose}
      renderGames={(shown) => (
        <VendorGameList vassalage={shown.vassalage} gameType={shown.gameType} onPlayed={onClose} />
      )}
    />
  );
}
