import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

/** /live: live-casino tables arrive with the vendor list. */
export function LivePage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-live"
      title={t('common:nav.live')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('common:nav.live') }]}
    >
      <EmptyBlock title={t('common:empty.games')} description={t('games.emptyHint')} />
    </PageFrame>
  );
}
