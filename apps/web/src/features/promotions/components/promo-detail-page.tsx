import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

/** /promoDetail: one promotion's detail; there are no promotions to show yet. */
export function PromoDetailPage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-promo-detail"
      title={t('promoDetail.title')}
      crumbs={[
        { label: t('common:nav.home'), to: '/' },
        { label: t('promotions.title'), to: '/promotions' },
        { label: t('promoDetail.title') },
      ]}
    >
      <EmptyBlock
        title={t('promoDetail.empty')}
        actions={
          <Button component={Link} to="/promotions" variant="default">
            {t('promoDetail.back')}
          </Button>
        }
      />
    </PageFrame>
  );
}
