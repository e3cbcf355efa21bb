import { Stack, Title } from '@mantine/core';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** /pointMall: rewards and the redemption history (SPEC §2) arrive with the points issue. */
export function PointMallPage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame testId="page-point-mall" title={t('pointMall.title')} description={t('pointMall.lead')}>
      <EmptyBlock title={t('pointMall.empty')} />
      <Stack component="section" gap="sm" aria-labelledby="point-mall-history">
        <Title order={2} fz="lg" id="point-mall-history">
          {t('pointMall.history')}
        </Title>
        <EmptyBlock title={t('pointMall.historyEmpty')} />
      </Stack>
    </PageFrame>
  );
}
