import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

/** /promotions: promotions with category filters arrive with the promotions issue. */
export function PromotionsPage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-promotions"
      title={t('promotions.title')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('promotions.title') }]}
    >
      <EmptyBlock title={t('promotions.empty')} />
    </PageFrame>
  );
}
