import type { GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { lazy, type ReactNode, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { MaintenanceNotice } from '../../features/catalogue/components/maintenance-notice.tsx';
import { VendorGamesPopup } from '../../features/catalogue/components/vendor-games-popup.tsx';
import { VendorLogoStrip } from '../../features/catalogue/components/vendor-logo-strip.tsx';
import type { NavBarProps } from '../../features/header/components/nav-bar.tsx';
import { useGameMenus } from '../../lib/catalogue/get-game-menus.ts';
import { toBrandLanguage } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { openAuthModal } from '../../lib/session/auth-modal-store.ts';
import { resolveLaunch } from '../../lib/vendor-launch.ts';

// The VASSALAGE pop-up's list is the games feature's; it and its tiles load when a vendor is first opened,
// not with every page's header.
const VendorGameList = lazy(() =>
  import('../../features/games/components/vendor-game-list.tsx').then((m) => ({ default: m.VendorGameList })),
);

export type CatalogueChrome = {
  /** For SiteHeader's bottom nav bar. */
  nav: Omit<NavBarProps, 'supportedLanguages'>;
  /** SiteFooter's row of vendor logos. */
  vendorStrip: ReactNode;
  /** The vendor game-list pop-up and the maintenance notice, rendered once by the layout. */
  overlays: ReactNode;
};

/**
 * Composes the catalogue into the site's chrome: one game_menus request (in the interface language)
 * feeds the header's nav bar and the footer's vendor row, and a vendor chosen in the nav is launched by
 * SPEC §4's rules (lib/vendor-launch.ts).
 */
export function useCatalogueChrome({
  loggedIn,
  enabled = true,
}: {
  loggedIn: boolean;
  /** False on pages that show neither the nav nor the footer: the menu is not fetched. */
  enabled?: boolean;
}): CatalogueChrome {
  const { i18n } = useTranslation();
  const menus = useGameMenus(toBrandLanguage(i18n.language), enabled);
  const navigate = useNavigate();
  const [popupVendor, setPopupVendor] = useState<GameMenuVendor | null>(null);
  const [maintenanceVendor, setMaintenanceVendor] = useState<GameMenuVendor | null>(null);

  const onVendorSelect = useCallback(
    (vendor: GameMenuVendor) => {
      const action = resolveLaunch(vendor, { loggedIn });
      switch (action.kind) {
        case 'login':
          // SPEC §6: a visitor's protected action opens the login pop-up; nothing launches.
          openAuthModal({ kind: 'login' });
          return;
        case 'maintenance':
          setMaintenanceVendor(vendor);
          return;
        case 'vendorGames':
          setPopupVendor(action.vendor);
          return;
        default:
          // SPEC §4: opening the vendor list page ignores navigation errors (e.g. an aborted navigation).
          Promise.resolve(navigate(action.to)).catch(() => undefined);
      }
    },
    [loggedIn, navigate],
  );
  const closePopup = useCallback(() => setPopupVendor(null), []);
  const closeNotice = useCallback(() => setMaintenanceVendor(null), []);
  const { refetch } = menus;
  const retry = useCallback(() => void refetch(), [refetch]);

  const categories = menus.data?.categories ?? [];
  return {
    nav: { menus: { status: menus.status, categories, retry }, loggedIn, onVendorSelect },
    vendorStrip: <VendorLogoStrip categories={categories} />,
    overlays: (
      <>
        <VendorGamesPopup
          vendor={popupVendor}
          onClose={closePopup}
          renderGames={(vendor) => (
            <VendorGameList vassalage={vendor.vassalage} gameType={vendor.gameType} onPlayed={closePopup} />
          )}
        />
        <MaintenanceNotice vendor={maintenanceVendor} onClose={closeNotice} />
      </>
    ),
  };
}
