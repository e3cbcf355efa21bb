import type { GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { Center, Loader } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { LazyAppModal } from '../../../components/ui/lazy-app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

type VendorGamesPopupProps = {
  vendor: GameMenuVendor | null;
  onClose: () => void;
  /** The vendor's game list (the games feature's, composed by the app); may suspend while it loads. */
  renderGames: (vendor: GameMenuVendor) => ReactNode;
};

/** SPEC §4: "a VASSALAGE vendor opens a popup game list": the vendor's games of that type, as tiles. */
export function VendorGamesPopup({ vendor, onClose, renderGames }: VendorGamesPopupProps) {
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
          {renderGames(vendor)}
        </Suspense>
      ) : null}
    </LazyAppModal>
  );
}
