import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

/** /noticePage: the announcements list arrives with the content issue. */
export function NoticePage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame
      testId="page-notice"
      title={t('notice.title')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('notice.title') }]}
    >
      <EmptyBlock title={t('notice.empty')} description={t('notice.emptyHint')} />
    </PageFrame>
  );
}
