import type { GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyAppModal } from '../../../components/ui/lazy-app-modal.tsx';

// The list and its tiles load when a VASSALAGE vendor is first opened, not with every page's header.
const VendorGameList = lazy(() =>
  import('../../games/components/vendor-game-list.tsx').then((m) => ({ default: m.VendorGameList })),
);

type VendorGamesPopupProps = { vendor: GameMenuVendor | null; onClose: () => void };

/** SPEC §4: "a VASSALAGE vendor opens a popup game list": the vendor's games of that type, as tiles. */
export function VendorGamesPopup({ vendor, onClose }: VendorGamesPopupProps) {
  const { t } = useTranslation('catalogue');
  return (
    <LazyAppModal
      opened={vendor !== null}
      onClose={onClose}
      title={vendor ? t('vendorGames.title', { vendor: vendor.displayName }) : ''}
      testId="vendor-games-popup"
      size={960}
    >
      {vendor ? (
        <Suspense
          fallback={
            <Center mih={160}>
              <Loader />
            </Center>
          }
        >
          <VendorGameList vassalage={vendor.vassalage} gameType={vendor.gameType} onPlayed={onClose} />
        </Suspense>
      ) : null}
    </LazyAppModal>
  );
}
