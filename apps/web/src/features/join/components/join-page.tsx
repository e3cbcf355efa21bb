import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

/** /join: the join-us / affiliate page; the programme's details arrive with the agents issue. */
export function JoinPage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame testId="page-join" title={t('join.title')} description={t('join.lead')}>
      <EmptyBlock title={t('join.empty')} />
    </PageFrame>
  );
}
