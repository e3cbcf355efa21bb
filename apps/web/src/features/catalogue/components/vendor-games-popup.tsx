import type { GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';

type VendorGamesPopupProps = { vendor: GameMenuVendor | null; onClose: () => void };

/**
 * SPEC §4: "a VASSALAGE vendor opens a popup game list". The frame only, for now: the game list and its
 * tiles arrive with the games issue, so the pop-up says honestly that there is nothing yet.
 */
export function VendorGamesPopup({ vendor, onClose }: VendorGamesPopupProps) {
  const { t } = useTranslation('catalogue');
  return (
    <AppModal
      opened={vendor !== null}
      onClose={onClose}
      title={vendor ? t('vendorGames.title', { vendor: vendor.displayName }) : ''}
      testId="vendor-games-popup"
    >
      <EmptyBlock title={t('vendorGames.empty')} description={t('vendorGames.emptyHint')} />
    </AppModal>
  );
}
