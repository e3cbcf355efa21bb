import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** /fbsports: the FB sports book opens here once the vendor is connected. */
export function FbSportsPage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame testId="page-fbsports" title={t('fbsports.title')}>
      <EmptyBlock title={t('fbsports.empty')} />
    </PageFrame>
  );
}
