import type { Permission } from '@lotus/shared/system.schema';
import { Alert, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { EmptyBlock } from '../../components/ui/empty-block.tsx';
import { useAnnouncementLists } from '../../features/announcements/api/get-announcement-lists.ts';
import { AnnouncementArticle } from '../../features/announcements/components/announcement-article.tsx';
import { useTranslation } from '../../lib/i18n-react.tsx';

/**
 * The agent centre's announcement entry: the brand's player announcements (type PL), the same list and
 * article the announcements feature shows elsewhere, composed here because features do not import
 * each other.
 */
export function AgentAnnouncements({ permission }: { permission: Permission }) {
  const { t } = useTranslation('agents');
  const { site } = permission;
  const lists = useAnnouncementLists({ types: site.announcementTypes, execution: site.defaultExecution });
  if (lists.isPending) {
    return (
      <Group justify="center" py="xl" role="status" data-testid="agent-announcements-loading">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {t('loading')}
        </Text>
      </Group>
    );
  }
  if (lists.isError) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="agent-announcements-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('announcements.error')}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void lists.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const items = lists.data.player;
  if (items.length === 0) {
    return <EmptyBlock title={t('announcements.empty')} testId="agent-announcements-empty" />;
  }
  return (
    <Stack gap="md" data-testid="agent-announcements">
      {items.map((item, index) => (
        <Fragment key={item.id}>
          {index > 0 ? <Divider /> : null}
          <AnnouncementArticle announcement={item} testId="agent-announcement" compact />
        </Fragment>
      ))}
    </Stack>
  );
}
