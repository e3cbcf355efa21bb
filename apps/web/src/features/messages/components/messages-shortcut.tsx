import { ActionIcon } from '@mantine/core';
import { Link } from 'react-router';
import { EnvelopeIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { badgeText } from './count-badge.ts';
import classes from './messages-shortcut.module.css';

/** Where the shortcut leads: the member centre's platform messages. */
export const MESSAGES_PATH = '/member/messageV2';

/**
 * The header's messages shortcut (SPEC §2 logged-in strip): an envelope to the platform messages with one red
 * count, the unclaimed rewards plus the unread messages (CSP_unreadCount); no count while it is 0 or
 * unknown. The accessible name carries the number, the visible badge is hidden from screen readers.
 */
export function MessagesShortcut() {
  // Its words are the header's (`chrome`, a start namespace): the strip shows on the first screen.
  const { t } = useTranslation('chrome');
  const total = useUnreadTotal();
  return (
    <ActionIcon
      component={Link}
      to={MESSAGES_PATH}
      variant="subtle"
      color="gray"
      size="lg"
      className={classes.shortcut}
      // A 375 px top bar has no room for it: on a phone the account menu carries the entry and its button
      // the count (features/header player-strip `messagesLink`).
      visibleFrom="sm"
      aria-label={
        total > 0 ? t('header.strip.messagesWithCount', { count: total }) : t('header.strip.messages')
      }
      data-testid="messages-shortcut"
    >
      <EnvelopeIcon size={20} />
      {total > 0 ? (
        <span className={classes.count} aria-hidden="true" data-testid="messages-shortcut-count">
          {badgeText(total)}
        </span>
      ) : null}
    </ActionIcon>
  );
}

/** The header's one count (SPEC §2): unclaimed rewards plus unread messages; 0 while unknown. */
export function useUnreadTotal(): number {
  const counts = useUnreadCount();
  return (counts.data?.messageCount ?? 0) + (counts.data?.rewardCount ?? 0);
}

/**
 * The member centre's red menu counts (SPEC §2): platform messages, the reward centre and missions. Keys are entry names; the menu shows a count only for entries it lists.
 */
export function useMenuCounts(): Record<string, number> {
  const counts = useUnreadCount();
  return {
    messageV2: counts.data?.messageCount ?? 0,
    rewardCenter: counts.data?.rewardCount ?? 0,
    // Issue 19: missions complete and not yet claimed.
    missionLeaderboard: counts.data?.missionCount ?? 0,
  };
}
