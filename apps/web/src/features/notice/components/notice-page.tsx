import type { Announcement } from '@lotus/shared/content.schema';
import { Accordion, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useNoticePage } from '../api/get-notice-page.ts';

const SKELETON_ROWS = ['first', 'second', 'third', 'fourth'] as const;

/** `?page=` of the URL, so a page of notices can be linked and survives a reload. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { preventScrollReset: true },
    );
  return [page, setPage];
}

/** /noticePage: every announcement of the site, newest first, 9 a page, each opening to its full text. */
export function NoticePage() {
  const { t } = useTranslation(['pages', 'chrome']);
  const [page, setPage] = usePageParam();
  const { data, isPending, isError, isPlaceholderData, refetch, isRefetching } = useNoticePage(page);

  return (
    <PageFrame
      testId="page-notice"
      title={t('notice.title')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('notice.title') }]}
    >
      {isPending ? (
        <Stack gap="sm" aria-busy="true" data-testid="notice-loading">
          {SKELETON_ROWS.map((row) => (
            <Skeleton key={row} height={56} radius="md" />
          ))}
        </Stack>
      ) : isError ? (
        <EmptyBlock
          testId="notice-error"
          icon={<AlertIcon size={28} />}
          title={t('chrome:announcements.loadError')}
          actions={
            <Button variant="default" loading={isRefetching} onClick={() => void refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : data.list.length === 0 ? (
        <EmptyBlock testId="notice-empty" title={t('notice.empty')} description={t('notice.emptyHint')} />
      ) : (
        <Stack gap="lg">
          <Accordion
            key={data.pageNum}
            variant="separated"
            radius="md"
            order={2}
            data-testid="notice-list"
            aria-busy={isPlaceholderData || undefined}
          >
            {data.list.map((announcement) => (
              <NoticeItem key={announcement.id} announcement={announcement} />
            ))}
          </Accordion>
          {data.totalPages > 1 ? (
            <Group justify="center" component="nav" aria-label={t('chrome:pagination.label')}>
              <ListPager totalPages={data.totalPages} pageNo={page} onChange={setPage} testId="notice" />
            </Group>
          ) : null}
        </Stack>
      )}
    </PageFrame>
  );
}

function NoticeItem({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation('chrome');
  return (
    <Accordion.Item
      value={String(announcement.id)}
      data-testid="notice-entry"
      data-notice-id={announcement.id}
    >
      <Accordion.Control>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge variant="light" size="sm" style={{ flex: 'none' }} mt={2}>
            {t(`announcements.types.${announcement.type}`)}
          </Badge>
          <Stack gap={2}>
            <Text fw={600} lh={1.35}>
              {announcement.title}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={announcement.timestamp}>
              {formatDateTime(announcement.timestamp)}
            </Text>
          </Stack>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <SafeHtml html={announcement.content} testId="notice-content" />
      </Accordion.Panel>
    </Accordion.Item>
  );
}
