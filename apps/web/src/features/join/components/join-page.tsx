import { Box, Button, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { LoadFailed, LoadingRows } from '../../../components/ui/query-states.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
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
        <LoadingRows rows={3} height={18} lastWidth="70%" gap="sm" testId="join-loading" />
      ) : page.isError ? (
        <LoadFailed error={page.error} onRetry={() => void page.refetch()} testId="join-error" />
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
