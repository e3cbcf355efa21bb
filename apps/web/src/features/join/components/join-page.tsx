import { Box, Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useJoinPage } from '../api/get-join-page.ts';

/**
 * /join: the join-us / affiliate page. Its text is the brand's own (GET /wps/content/pages/join); the call to
 * action opens registration, where a partner starts like every player.
 */
export function JoinPage() {
  const { t } = useTranslation('content');
  const page = useJoinPage();
  return (
    <PageFrame
      testId="page-join"
      title={page.data?.title ?? t('pages:join.title')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('pages:join.title') }]}
    >
      {page.isPending ? (
        <Stack gap="sm" aria-busy="true" data-testid="join-loading">
          <VisuallyHidden role="status">{t('common:status.loading')}</VisuallyHidden>
          <Skeleton height={18} />
          <Skeleton height={18} />
          <Skeleton height={18} width="70%" />
        </Stack>
      ) : page.isError ? (
        <EmptyBlock
          testId="join-error"
          icon={<AlertIcon size={28} />}
          title={t(`errors:${page.error instanceof ApiError ? page.error.code : 'unknown_error'}`)}
          actions={<Button onClick={() => void page.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <Box maw={860}>
          <SafeHtml html={page.data.content} testId="join-content" />
        </Box>
      )}
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="join-cta-title">
        <Group justify="space-between" gap="md">
          <div>
            <Title order={2} fz="lg" id="join-cta-title">
              {t('join.ctaTitle')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('join.ctaLead')}
            </Text>
          </div>
          <Button component={Link} to="/register" size="md" data-testid="join-register">
            {t('join.ctaAction')}
          </Button>
        </Group>
      </Paper>
    </PageFrame>
  );
}
