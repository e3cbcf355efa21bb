import type { GameMenuVendor } from '@lotus/shared/catalogue.schema';
import { Notification } from '@mantine/core';
import { useEffect } from 'react';
import { ToolIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import classes from './maintenance-notice.module.css';

/** Long enough to read two short lines; the close button ends it sooner. */
export const NOTICE_DURATION_MS = 6000;

type MaintenanceNoticeProps = {
  /** The vendor the player chose, or null when no notice shows. */
  vendor: GameMenuVendor | null;
  onClose: () => void;
};

/**
 * SPEC §8 `game_maintenance`: said when a player picks a vendor under maintenance; the page stays as it
 * is. Mantine's Notification is an alert, so a screen reader announces it without moving focus.
 */
export function MaintenanceNotice({ vendor, onClose }: MaintenanceNoticeProps) {
  const { t } = useTranslation('catalogue');

  useEffect(() => {
    if (!vendor) return;
    const timer = setTimeout(onClose, NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [vendor, onClose]);

  return (
    <div className={classes.region}>
      {vendor ? (
        <Notification
          className={classes.notice}
          icon={<ToolIcon size={18} />}
          color="orange"
          title={t('notice.maintenanceTitle', { vendor: vendor.displayName })}
          onClose={onClose}
          closeButtonProps={{ 'aria-label': t('common:actions.close') }}
          withBorder
          data-testid="maintenance-notice"
        >
          {t('errors:game_maintenance')}
        </Notification>
      ) : null}
    </div>
  );
}
