import { Button, Divider, Group, Stack } from '@mantine/core';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { type AnnouncementListsParams, useAnnouncementLists } from '../api/get-announcement-lists.ts';
import { markPopupsSeen, readSeenPopups } from '../utils/seen-popups.ts';
import { AnnouncementArticle } from './announcement-article.tsx';

type PopupAnnouncementsProps = AnnouncementListsParams & {
  /** Called once there is nothing (more) to show: the next pop-up may have the stage. */
  onDone: () => void;
};

/**
 * The operator's pop-up (PU) announcements: shown once per browser session, after the page has loaded. What
 * has been shown is remembered in sessionStorage, so a new announcement still appears in the same session.
 */
export function PopupAnnouncements({ types, execution, onDone }: PopupAnnouncementsProps) {
  const { t } = useTranslation(['chrome', 'common']);
  // A brand without the popup type has nothing to show and asks the server nothing.
  const wanted = types.includes('PU');
  const { data, isError } = useAnnouncementLists({ types, execution }, { enabled: wanted });
  // Read once: what this page load has to show does not shrink while it is on screen.
  const [seen] = useState(readSeenPopups);
  const [closed, setClosed] = useState(false);
  const unseen = useMemo(
    () => (data?.popup ?? []).filter((announcement) => !seen.has(String(announcement.id))),
    [data, seen],
  );
  const done = useRef(false);
  const finish = useRef(onDone);
  finish.current = onDone;

  const nothingToShow = !wanted || isError || (data !== undefined && unseen.length === 0);
  useEffect(() => {
    if ((nothingToShow || closed) && !done.current) {
      done.current = true;
      finish.current();
    }
  }, [nothingToShow, closed]);

  const close = () => {
    markPopupsSeen(unseen.map((announcement) => String(announcement.id)));
    setClosed(true);
  };

  return (
    <AppModal
      opened={!closed && unseen.length > 0}
      onClose={close}
      title={t('announcements.popupTitle')}
      size={560}
      testId="popup-announcements"
    >
      <Stack gap="md">
        {unseen.map((announcement, index) => (
          <Fragment key={announcement.id}>
            {index > 0 ? <Divider /> : null}
            <AnnouncementArticle announcement={announcement} testId="popup-announcement" compact />
          </Fragment>
        ))}
        <Group justify="flex-end">
          <Button onClick={close} data-testid="popup-announcements-close">
            {t('common:actions.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
