import { Box, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { CompassIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useContentPage } from '../api/get-content-page.ts';

/** The pages /page/:key serves; /page/join is the join page itself (see the router). */
const CONTENT_PAGE_KEYS = ['terms', 'privacy', 'responsible-gaming'] as const;
type ContentPageKey = (typeof CONTENT_PAGE_KEYS)[number];

function isContentPageKey(key: string): key is ContentPageKey {
  return (CONTENT_PAGE_KEYS as readonly string[]).includes(key);
}

/**
 * /page/:key: the brand's terms, privacy policy and responsible-gaming pages, as the operator wrote them
 * (sanitised HTML), and what the app adds after it (`after`: the responsible-gaming page's own tools). An
 * unknown key shows the not-found state without asking the server.
 */
export function ContentPage({ pageKey, after }: { pageKey: string; after?: ReactNode }) {
  const { t } = useTranslation('content');
  const known = isContentPageKey(pageKey);
  const page = useContentPage(pageKey, known);
  const notFound = !known || (page.isError && page.error instanceof ApiError && page.error.status === 404);
  const title = notFound
    ? t('pages:notFound.title')
    : (page.data?.title ?? t(`contentPage.titles.${pageKey as ContentPageKey}`));

  return (
    <PageFrame
      testId="page-content"
      dataAttributes={{ 'data-page-key': pageKey }}
      title={title}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: title }]}
    >
      {notFound ? (
        <EmptyBlock
          testId="not-found-state"
          icon={<CompassIcon size={28} />}
          title={t('pages:notFound.message')}
          actions={
            <Button component={Link} to="/" variant="default">
              {t('common:actions.backHome')}
            </Button>
          }
        />
      ) : page.isPending ? (
        <LoadingRows rows={3} height={18} lastWidth="60%" gap="sm" testId="content-page-loading" />
      ) : page.isError ? (
        <LoadFailed error={page.error} onRetry={() => void page.refetch()} testId="content-page-error" />
      ) : (
        <Box maw={860}>
          <SafeHtml html={page.data.content} testId="content-page-body" />
          {after}
        </Box>
      )}
    </PageFrame>
  );
}
