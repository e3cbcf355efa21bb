import type { Permission } from '@lotus/shared/system.schema';
import { useState } from 'react';
import { PopupAnnouncements } from '../../features/announcements/components/popup-announcements.tsx';
import { GiftPopup } from '../../features/gift/components/gift-popup.tsx';

type HomePopupsProps = { permission: Permission; loggedIn: boolean };

/**
 * The pop-ups that greet a visitor on the home page, one at a time: first the operator's pop-up
 * announcements (once per browser session), then the gift pop-up (once per visitor state).
 */
export function HomePopups({ permission, loggedIn }: HomePopupsProps) {
  const [announcementsDone, setAnnouncementsDone] = useState(false);
  const { site, resources } = permission;
  return (
    <>
      <PopupAnnouncements
        types={site.announcementTypes}
        execution={site.defaultExecution}
        onDone={() => setAnnouncementsDone(true)}
      />
      <GiftPopup resources={resources} loggedIn={loggedIn} enabled={announcementsDone} />
    </>
  );
}
