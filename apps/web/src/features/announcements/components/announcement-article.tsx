import type { Announcement } from '@lotus/shared/content.schema';
import { Text, Title } from '@mantine/core';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';

/** One announcement in full: title, its yyyy-MM-dd HH:mm:ss time and the sanitised rich text. */
export function AnnouncementArticle({
  announcement,
  testId,
  compact = false,
}: {
  announcement: Announcement;
  testId: string;
  /** Smaller title and spacing, for announcements stacked in one dialog. */
  compact?: boolean;
}) {
  return (
    <article data-testid={testId} data-announcement-id={announcement.id}>
      <Title order={3} fz={compact ? 'md' : 'lg'} lh={1.35}>
        {announcement.title}
      </Title>
      <Text
        size="xs"
        c="dimmed"
        component="time"
        dateTime={announcement.timestamp}
        mb={compact ? 'xs' : 'sm'}
        display="block"
      >
        {formatDateTime(announcement.timestamp)}
      </Text>
      <SafeHtml html={announcement.content} />
    </article>
  );
}
